// Request bodies of /group_snapshots (cinder/api/schemas/group_snapshots.py): create names the group (a UUID)
// and optionally a name and description; reset_status names the status (checked in the operation).

import * as z from "zod";
import { cinderUuid, nullableText } from "./parameter-types.js";


export const createGroupSnapshotBody = z.strictObject({
  group_snapshot: z.strictObject({
    group_id: cinderUuid,
    name: nullableText.optional(),
    description: nullableText.optional(),
  }),
});

export const groupSnapshotActionBody = z.strictObject({
  reset_status: z.strictObject({ status: z.string().max(255) }),
});
