// Request bodies of the image resource (Glance v2 images-images-v2): create's flat body with custom
// properties beside the base attributes, and the JSON patch of an update. Which attributes a caller may not
// set (403, not 400, as Glance answers) is checked before the schema: see operations/attributes.ts.

import * as z from "zod";

export const DISK_FORMATS = ["ami", "ari", "aki", "vhd", "vhdx", "vmdk", "raw", "qcow2", "vdi", "iso", "ploop"] as const;
export const CONTAINER_FORMATS = ["ami", "ari", "aki", "bare", "ovf", "ova", "docker", "compressed"] as const;
export const VISIBILITIES = ["public", "private", "shared", "community"] as const;

const tag = z.string().min(1).max(255);
const count = z.number().int().min(0).max(2 ** 31 - 1);

/** the attributes an image body may set besides custom properties */
export const imageAttributes = {
  name: z.string().max(255).nullable(),
  visibility: z.enum(VISIBILITIES),
  protected: z.boolean(),
  os_hidden: z.boolean(),
  min_disk: count,
  min_ram: count,
  disk_format: z.enum(DISK_FORMATS).nullable(),
  container_format: z.enum(CONTAINER_FORMATS).nullable(),
  tags: z.array(tag),
  owner: z.string().max(255).nullable(),
};

/** a custom property: Glance's schema allows any other key with a string value of up to 255 characters */
export const propertyValue = z.string().max(255);

export const createImageBody = z
  .object({
    id: z.uuid().optional(),
    name: imageAttributes.name.optional(),
    visibility: imageAttributes.visibility.optional(),
    protected: imageAttributes.protected.optional(),
    os_hidden: imageAttributes.os_hidden.optional(),
    min_disk: imageAttributes.min_disk.optional(),
    min_ram: imageAttributes.min_ram.optional(),
    disk_format: imageAttributes.disk_format.optional(),
    container_format: imageAttributes.container_format.optional(),
    tags: imageAttributes.tags.optional(),
    owner: imageAttributes.owner.optional(),
  })
  .catchall(propertyValue);
export type CreateImageBody = z.output<typeof createImageBody>;

export const PATCH_MEDIA_TYPE = "application/openstack-images-v2.1-json-patch";

export const patchOperation = z.discriminatedUnion("op", [
  z.strictObject({ op: z.literal("add"), path: z.string().min(2), value: z.unknown() }),
  z.strictObject({ op: z.literal("replace"), path: z.string().min(2), value: z.unknown() }),
  z.strictObject({ op: z.literal("remove"), path: z.string().min(2) }),
]);
export const patchImageBody = z.array(patchOperation).max(500);
export type PatchOperation = z.output<typeof patchOperation>;

/** Glance's older media type: each operation names its path under its op (`{"replace": "/name", "value": …}`) */
export const PATCH_MEDIA_TYPE_V20 = "application/openstack-images-v2.0-json-patch";

/** the older form read as the current one; an object with none or several op members stays as sent and is refused */
const fromDraft4 = (raw: unknown) => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || "op" in raw) return raw;
  const ops = (["add", "remove", "replace"] as const).filter((op) => op in raw);
  if (ops.length !== 1) return raw;
  const { [ops[0]!]: path, ...rest } = raw as Record<string, unknown>;
  return { op: ops[0], path, ...rest };
};
export const patchImageBodyV20 = z.array(z.preprocess(fromDraft4, patchOperation)).max(500);
