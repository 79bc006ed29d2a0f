// Object storage's resource kinds as the control API lists them: an account per project that has written.

import { resourceKind } from "../../kernel/resources.js";
import type { ObjectStorageState } from "./state.js";

export const objectStorageResources = [
  resourceKind({
    type: "object-storage.account",
    table: (s: ObjectStorageState) => s.accounts,
    projectOf: (a) => a.id,
    summary: (a) => ({ id: a.id, containers: a.containers.size, objects: a.objectCount, bytes: a.bytesUsed }),
  }),
];
