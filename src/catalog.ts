// The service catalog every scoped token carries: each service of the spec, with public, internal and
// admin endpoints in one region, URLs built from the address the client used. The URL forms follow what
// real clients expect (openstack-api-facts §0.1): compute versioned, network and image unversioned.

export interface CatalogService {
  type: string;
  name: string;
  /** path below the base URL; `{project_id}` is filled from the token's project */
  path: string;
}

export const REGION = "RegionOne";

export const CATALOG: CatalogService[] = [
  { type: "identity", name: "keystone", path: "/identity" },
  { type: "compute", name: "nova", path: "/compute/v2.1" },
  { type: "volumev3", name: "cinderv3", path: "/volume/v3" },
  { type: "block-storage", name: "cinder", path: "/volume/v3" },
  { type: "network", name: "neutron", path: "/networking" },
  { type: "image", name: "glance", path: "/image" },
  { type: "object-store", name: "swift", path: "/object-store/v1/AUTH_{project_id}" },
  { type: "instance-ha", name: "masakari", path: "/instance-ha/v1" },
  { type: "s3", name: "s3", path: "/s3" },
  { type: "emulator", name: "skymock", path: "/_emulator" },
];
