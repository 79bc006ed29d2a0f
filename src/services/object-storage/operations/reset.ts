// A per-project reset (POST /_emulator/reset?project=<id>): the project's account goes with its objects;
// the kernel frees the blobs the project put, and the use counts of its parts go with them.

import type { Draft } from "immer";
import type { ResetContext } from "../../../kernel/service.js";
import { get, remove } from "../../../kernel/store/table.js";
import { sortedEntries } from "../sorted-map.js";
import type { ObjectStorageState } from "../state.js";
import { releaseParts } from "./records.js";

export function resetObjectStorageProject(draft: Draft<ObjectStorageState>, _seeded: ObjectStorageState, projectId: string, context: ResetContext): void {
  const account = get(draft.accounts, projectId);
  if (!account) return;
  const w = { kernel: context.kernel, tx: context.tx, now: context.kernel.clock.now() };
  for (const [, container] of sortedEntries(account.containers)) {
    for (const [, object] of sortedEntries(container.objects)) releaseParts(draft, w, object.parts);
  }
  remove(draft.accounts, projectId);
}
