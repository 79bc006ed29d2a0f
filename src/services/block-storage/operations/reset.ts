// Per-project reset (POST /_emulator/reset?project=): the project's volumes (and their transfers), groups, group snapshots, user messages, snapshots, backups, quota
// overrides and usage go back to the seed world (which holds no volumes), their pending lifecycle steps
// forgotten. Volume types are the cloud's, not a project's, and stay.

import type { ResetContext } from "../../../kernel/service.js";
import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, put, remove, scan, type Table } from "../../../kernel/store/table.js";
import { VOLUME } from "../lifecycle.js";
import type { BlockStorageState } from "../state.js";
import { forgetTransfers } from "./transfers.js";
import { GROUP } from "./groups.js";
import { GROUP_SNAPSHOT } from "./group-snapshots.js";

export function resetBlockStorageProject(s: BlockStorageState, seeded: BlockStorageState, projectId: string, context: ResetContext): void {
  const { kernel, tx } = context;
  forgetTransfers(s, projectId);
  // ids read now: the rows are drafts, revoked once the update commits
  for (const { id } of filter(s.volumes, (v) => v.projectId === projectId)) {
    remove(s.volumes, id);
    tx.afterCommit(() => kernel.transitions.forget(VOLUME, id));
  }
  restoreRows(s.volumes, seeded.volumes, (v) => v.projectId === projectId);
  // snapshots' and backups' own lifecycles (block-storage.snapshot, .backup) skip rows that are gone; forgetting them keeps /_emulator/transitions true
  for (const [table, type] of [[s.snapshots, "block-storage.snapshot"], [s.backups, "block-storage.backup"]] as const) {
    for (const { id } of filter(table as Table<{ id: string; projectId: string }>, (x) => x.projectId === projectId)) {
      tx.afterCommit(() => kernel.transitions.forget(type, id));
    }
  }
  restoreRows(s.snapshots, seeded.snapshots, (x) => x.projectId === projectId);
  restoreRows(s.backups, seeded.backups, (x) => x.projectId === projectId);
  // the project's groups (the seed world holds none), their steps forgotten
  if (s.groups) {
    for (const { id } of filter(s.groups, (g) => g.projectId === projectId)) {
      remove(s.groups, id);
      tx.afterCommit(() => kernel.transitions.forget(GROUP, id));
    }
  }
  if (s.groupSnapshots) {
    for (const { id } of filter(s.groupSnapshots, (g) => g.projectId === projectId)) {
      remove(s.groupSnapshots, id);
      tx.afterCommit(() => kernel.transitions.forget(GROUP_SNAPSHOT, id));
    }
  }
  if (s.messages) for (const { id } of filter(s.messages, (m) => m.projectId === projectId)) remove(s.messages, id);
  restoreRows(s.quotas, seeded.quotas, (q) => q.id === projectId);
  const usage = dictGet(seeded.usage, projectId);
  if (usage) dictSet(s.usage, projectId, { ...usage });
  else dictDelete(s.usage, projectId);
}

function restoreRows<T extends { id: string }>(table: Table<T>, seeded: Table<T>, owned: (row: T) => boolean): void {
  for (const row of filter(table, owned)) {
    const seedRow = get(seeded, row.id);
    if (!seedRow || !owned(seedRow)) remove(table, row.id);
  }
  for (const row of scan(seeded)) if (owned(row)) put(table, structuredClone(row));
}
