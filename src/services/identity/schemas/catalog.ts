// zod schemas of Keystone's catalog bodies (keystone/catalog/schema.py): regions, services, endpoints and
// OS-EP-FILTER endpoint groups. Services, endpoints and regions keep attributes they do not name (`extra`).

import * as z from "zod";

const nonEmpty = (v: object) => Object.keys(v).length > 0;
const NON_EMPTY = "the update names no attribute";
const regionId = z.string().max(255);
const description = z.string().max(65535).nullable().optional();
const iface = z.enum(["admin", "internal", "public"]);
const url = z.string().max(225).regex(/^[a-zA-Z0-9+.-]+:.+/, "the URL must have a scheme (scheme:...)");

const regionProps = {
  description,
  parent_region_id: regionId.min(1).nullable().optional(),
};

export const regionCreateSchema = z.object({
  region: z.looseObject({ ...regionProps, id: regionId.optional() }),
});
export type RegionCreate = z.infer<typeof regionCreateSchema>["region"];

export const regionUpdateSchema = z.object({
  region: z.looseObject({ ...regionProps, id: regionId.min(1).optional() }).refine(nonEmpty, NON_EMPTY),
});
export type RegionUpdate = z.infer<typeof regionUpdateSchema>["region"];

const serviceProps = {
  type: z.string().min(1).max(255),
  name: z.string().min(1).max(255).optional(),
  enabled: z.boolean().optional(),
  description,
};

export const serviceCreateSchema = z.object({ service: z.looseObject(serviceProps) });
export type ServiceCreate = z.infer<typeof serviceCreateSchema>["service"];

export const serviceUpdateSchema = z.object({
  service: z.looseObject({ ...serviceProps, type: serviceProps.type.optional(), id: z.string().optional() }).refine(nonEmpty, NON_EMPTY),
});
export type ServiceUpdate = z.infer<typeof serviceUpdateSchema>["service"];

const endpointProps = {
  interface: iface,
  service_id: z.string().min(1).max(64),
  url,
  region_id: z.string().max(255).nullable().optional(),
  region: z.string().max(255).nullable().optional(),
  enabled: z.boolean().optional(),
};

export const endpointCreateSchema = z.object({ endpoint: z.looseObject(endpointProps) });
export type EndpointCreate = z.infer<typeof endpointCreateSchema>["endpoint"];

export const endpointUpdateSchema = z.object({
  endpoint: z
    .looseObject({ ...endpointProps, interface: iface.optional(), service_id: endpointProps.service_id.optional(), url: url.optional(), id: z.string().optional() })
    .refine(nonEmpty, NON_EMPTY),
});
export type EndpointUpdate = z.infer<typeof endpointUpdateSchema>["endpoint"];

/** Any keys here: Keystone answers an unknown filter key with its own 400 (operations check them). */
const filters = z.record(z.string(), z.union([z.string(), z.boolean(), z.null()]));

export const endpointGroupCreateSchema = z.object({
  endpoint_group: z.strictObject({ name: z.string().min(1).max(255), description, filters }),
});
export type EndpointGroupCreate = z.infer<typeof endpointGroupCreateSchema>["endpoint_group"];

export const endpointGroupUpdateSchema = z.object({
  endpoint_group: z
    .strictObject({ name: z.string().min(1).max(255).optional(), description, filters: filters.optional(), id: z.string().optional() })
    .refine(nonEmpty, NON_EMPTY),
});
export type EndpointGroupUpdate = z.infer<typeof endpointGroupUpdateSchema>["endpoint_group"];
