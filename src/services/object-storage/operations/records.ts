// The write rules every edge shares (Swift's routes, the S3 contract, block storage's backups): accounts
// made on first write, containers, objects and their byte counts, and the blob uses count that frees a
// blob only when the last object referring to it goes.

import type { Draft } from "immer";
import type { BlobRef } from "../../../kernel/blobs/types.js";
import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { get, put } from "../../../kernel/store/table.js";
import type { Kernel } from "../../../kernel/kernel.js";
import { runOperation } from "../../../kernel/operation.js";
import type { Tx } from "../../../kernel/store/store.js";
import { containerNotEmpty, containerNotFound, notFound } from "../errors.js";
import { emptySortedMap, sortedDelete, sortedGet, sortedSet } from "../sorted-map.js";
import { sliceOf, SLICE, type Account, type Container, type ObjectRecord, type ObjectStorageState } from "../state.js";

type S = Draft<ObjectStorageState>;

/** What a write needs besides the slice: the instant, the transaction, the kernel (blobs, clock). */
export interface WriteContext {
  kernel: Kernel;
  tx: Tx;
  now: number;
}

export function accountOf(s: S, projectId: string, now: number): Draft<Account> {
  let account = get(s.accounts, projectId);
  if (!account) {
    put(s.accounts, { id: projectId, createdAt: now, metadata: {}, objectCount: 0, bytesUsed: 0, containers: emptySortedMap<Container>() });
    account = get(s.accounts, projectId)!;
  }
  return account;
}

export function containerOf(s: S, projectId: string, name: string): Draft<Container> {
  const container = get(s.accounts, projectId) && sortedGet(get(s.accounts, projectId)!.containers, name);
  if (!container) throw containerNotFound();
  return container;
}

/** true when made, false when it was there (Swift's 201 / 202) */
export function createContainer(s: S, w: WriteContext, projectId: string, name: string): boolean {
  const account = accountOf(s, projectId, w.now);
  if (sortedGet(account.containers, name)) return false;
  sortedSet(account.containers, name, { name, createdAt: w.now, metadata: {}, objectCount: 0, bytesUsed: 0, objects: emptySortedMap<ObjectRecord>() });
  return true;
}

/** 404 unknown, 409 while it holds objects */
export function deleteContainer(s: S, projectId: string, name: string): void {
  const container = containerOf(s, projectId, name);
  if (container.objects.size > 0) throw containerNotEmpty();
  sortedDelete(get(s.accounts, projectId)!.containers, name);
}

/** An object as a read sees it: absent once its X-Delete-At has passed. */
export function liveObject(container: Pick<Container, "objects">, name: string, now: number): ObjectRecord | undefined {
  const record = sortedGet(container.objects, name);
  return record && !isExpired(record, now) ? record : undefined;
}

export const isExpired = (record: Pick<ObjectRecord, "deleteAt">, now: number) => record.deleteAt !== undefined && record.deleteAt <= now;

/**
 * Writes `record` (its parts already counted by the caller through `useParts`), replacing an object of the
 * same name and letting go of its parts; keeps the container's and account's counts. Plans the expiry.
 */
export function storeObject(s: S, w: WriteContext, projectId: string, containerName: string, record: ObjectRecord): void {
  const container = containerOf(s, projectId, containerName);
  const account = get(s.accounts, projectId)!;
  const previous = sortedGet(container.objects, record.name);
  if (previous) forget(s, w, account, container, previous);
  sortedSet(container.objects, record.name, record);
  container.objectCount++;
  container.bytesUsed += record.size;
  account.objectCount++;
  account.bytesUsed += record.size;
  if (record.deleteAt !== undefined) planExpiry(w, projectId, containerName, record);
}

/** Removes a live object; 404 when there is none (an expired one waits for its expiry). */
export function deleteObject(s: S, w: WriteContext, projectId: string, containerName: string, name: string): ObjectRecord {
  const container = containerOf(s, projectId, containerName);
  const record = sortedGet(container.objects, name);
  if (!record || isExpired(record, w.now)) throw notFound();
  removeObject(s, w, projectId, container, record);
  return record;
}

function removeObject(s: S, w: WriteContext, projectId: string, container: Draft<Container>, record: Draft<ObjectRecord>): void {
  forget(s, w, get(s.accounts, projectId)!, container, record);
  sortedDelete(container.objects, record.name);
}

function forget(s: S, w: WriteContext, account: Draft<Account>, container: Draft<Container>, record: Draft<ObjectRecord>): void {
  container.objectCount--;
  container.bytesUsed -= record.size;
  account.objectCount--;
  account.bytesUsed -= record.size;
  releaseParts(s, w, record.parts);
}

/** Counts one more object referring to each part (a new upload's blob, a copy's shared parts). */
export function useParts(s: S, parts: readonly BlobRef[]): void {
  for (const part of parts) dictSet(s.blobUses, part.id, (dictGet(s.blobUses, part.id) ?? 0) + 1);
}

/** One object fewer refers to each part; a blob nobody refers to any more is freed after the commit. */
export function releaseParts(s: S, w: WriteContext, parts: readonly BlobRef[]): void {
  for (const part of parts) {
    // the id, not the part: a draft is gone once the update commits
    const id = part.id;
    const uses = (dictGet(s.blobUses, id) ?? 1) - 1;
    if (uses > 0) dictSet(s.blobUses, id, uses);
    else {
      dictDelete(s.blobUses, id);
      w.tx.afterCommit(() => w.kernel.blobs.delete(id));
    }
  }
}

/**
 * X-Delete-At on the virtual clock: the object goes then, unless it was written again since (a later
 * write of the same name replaces the step, and one without X-Delete-At finds it changed).
 */
function planExpiry(w: WriteContext, projectId: string, containerName: string, record: ObjectRecord): void {
  const { kernel } = w;
  const at = record.deleteAt!;
  const written = record.modifiedAt;
  const step = { owner: SLICE, name: "object-expiry", key: `${projectId}/${containerName}/${record.name}`, at, upkeep: true };
  w.tx.afterCommit(() => {
    kernel.clock.plan(step, () => {
      runOperation(kernel, null, (op) => {
        const s = sliceOf(op.root);
        const container = get(s.accounts, projectId) && sortedGet(get(s.accounts, projectId)!.containers, containerName);
        const current = container && sortedGet(container.objects, record.name);
        if (!current || current.modifiedAt !== written || current.deleteAt !== at) return;
        removeObject(s, { kernel, tx: op.tx, now: op.now }, projectId, container, current);
      });
    });
  });
}
