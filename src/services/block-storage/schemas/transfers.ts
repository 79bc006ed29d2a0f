// Request bodies of the volume transfer API (cinder/api/schemas/volume_transfer.py): create names the volume
// (a UUID), optionally a name (blanks around it dropped) and, from 3.55, no_snapshots; accept gives the key.

import * as z from "zod";
import { cinderBool, cinderUuid } from "./parameter-types.js";

const transferFields = {
  volume_id: cinderUuid,
  name: z.string().max(255).nullable().optional(),
};

export const createTransferBody = z.strictObject({ transfer: z.strictObject(transferFields) });
export const createTransferBodyV355 = z.strictObject({ transfer: z.strictObject({ ...transferFields, no_snapshots: cinderBool.optional() }) });
/** what the route declares (the fuzzer's and the edge's): the widest; the handler picks by microversion */
export const anyCreateTransferBody = createTransferBodyV355;

export const acceptTransferBody = z.strictObject({
  accept: z.strictObject({ auth_key: z.union([z.string().max(255), z.number().int()]) }),
});
