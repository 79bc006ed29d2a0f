// Request bodies of /groups (cinder/api/schemas/groups.py): create, create-from-src, update, and the delete
// and reset_status actions. References (types, volumes) are resolved in the operations.

import * as z from "zod";
import { cinderBool, nullableText } from "./parameter-types.js";
import { cinderUuid } from "./parameter-types.js";

const ref = z.string().min(1).max(255);

export const createGroupBody = z.strictObject({
  group: z.strictObject({
    name: nullableText.optional(),
    description: nullableText.optional(),
    group_type: ref,
    volume_types: z.array(ref).min(1).max(100),
    availability_zone: nullableText.optional(),
  }),
});

export const updateGroupBody = z.strictObject({
  group: z.strictObject({
    name: nullableText.optional(),
    description: nullableText.optional(),
    // comma-separated volume ids; bounded by the body limit, split once
    add_volumes: z.string().max(65535).nullable().optional(),
    remove_volumes: z.string().max(65535).nullable().optional(),
  }),
});

export const groupActionBody = z.union([
  z.strictObject({ delete: z.strictObject({ "delete-volumes": cinderBool.optional() }) }),
  z.strictObject({ reset_status: z.strictObject({ status: z.string().min(1).max(255) }) }),
]);

/** create-from-src: exactly one source, a group snapshot or a group (the schema's oneOf) */
export const createGroupFromSourceBody = z.strictObject({
  "create-from-src": z
    .strictObject({
      name: nullableText.optional(),
      description: nullableText.optional(),
      group_snapshot_id: cinderUuid.optional(),
      source_group_id: cinderUuid.optional(),
    })
    .refine((b) => (b.group_snapshot_id === undefined) !== (b.source_group_id === undefined), "needs exactly one of group_snapshot_id and source_group_id"),
});
