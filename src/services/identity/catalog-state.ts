// The service catalog as data (Keystone's catalog backend): regions, services, endpoints, and the
// OS-EP-FILTER endpoint groups and project associations that narrow a project's catalog.

import type { Table } from "../../kernel/store/table.js";

export type Interface = "public" | "internal" | "admin";

export interface CatalogRegion {
  id: string;
  description: string;
  parentRegionId: string | null;
  /** attributes Keystone keeps and returns as given */
  extra: Record<string, unknown>;
}

export interface CatalogServiceRecord {
  id: string;
  type: string;
  name: string;
  enabled: boolean;
  /** description and any other attribute the client gave (Keystone's `extra`) */
  extra: Record<string, unknown>;
}

export interface CatalogEndpoint {
  id: string;
  serviceId: string;
  interface: Interface;
  regionId: string | null;
  url: string;
  /**
   * true for the endpoints seeded for the mounted services: `url` is a path below the address the client
   * used, rendered absolute per response, so the emulator works behind any host and port
   */
  relative: boolean;
  enabled: boolean;
  extra: Record<string, unknown>;
}

export interface EndpointGroupFilters {
  interface?: Interface;
  service_id?: string;
  region_id?: string | null;
}

export interface EndpointGroup {
  id: string;
  name: string;
  description: string | null;
  filters: EndpointGroupFilters;
}

/** `<projectId>|<endpointId>` or `<projectId>|<endpointGroupId>`: one association, one lookup */
export interface ProjectAssociation {
  id: string;
  projectId: string;
  targetId: string;
}

export interface CatalogState {
  regions: Table<CatalogRegion>;
  services: Table<CatalogServiceRecord>;
  endpoints: Table<CatalogEndpoint>;
  endpointGroups: Table<EndpointGroup>;
  projectEndpoints: Table<ProjectAssociation>;
  projectEndpointGroups: Table<ProjectAssociation>;
}

export const associationId = (projectId: string, targetId: string) => `${projectId}|${targetId}`;
