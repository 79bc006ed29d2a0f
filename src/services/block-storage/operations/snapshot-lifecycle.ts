// The snapshot lifecycle (type `block-storage.snapshot`) on the virtual clock: creating -> available,
// deleting -> gone (its quota given back); a redirect to `error` or a fault rule on
// `block-storage.snapshot.build` leaves it in error (error_deleting from deleting). Steps have no API caller.

import { get, remove } from "../../../kernel/store/table.js";
import { runOperation } from "../../../kernel/operation.js";
import { own } from "../../../kernel/own.js";
import type { Kernel } from "../../../kernel/kernel.js";
import type { BlockStorageOptions } from "../options.js";
import type { BlockStorageState, Snapshot } from "../state.js";
import type { StepContext } from "../lifecycle.js";
import { sliceOf, SLICE } from "../state.js";
import { SNAPSHOT, SNAPSHOT_BUILD_OPERATION } from "./snapshots.js";
import { useQuota } from "./quotas.js";
import { recordMessage } from "./messages.js";

/** The name per-type quota keys use (`snapshots_<type>`), as typeNameOf names a volume's; the type may be gone. */
const typeNameById = (s: BlockStorageState, typeId: string) => get(s.volumeTypes, typeId)?.name ?? typeId;

function finishSnapshotCreate(_s: BlockStorageState, ctx: StepContext, snapshot: Snapshot): void {
  snapshot.status = "available";
  // the backend's own completion (a reported progress ends at 100%, as the volume manager sets it)
  if (snapshot.progress !== undefined) snapshot.progress = "100%";
  snapshot.updatedAt = ctx.now;
  ctx.enter(SNAPSHOT, snapshot.id, null);
}

function finishSnapshotDelete(s: BlockStorageState, ctx: StepContext, snapshot: Snapshot): void {
  remove(s.snapshots, snapshot.id);
  const typeName = typeNameById(s, snapshot.volumeTypeId);
  useQuota(s, snapshot.projectId, "snapshots", -1, typeName);
  useQuota(s, snapshot.projectId, "gigabytes", -snapshot.size, typeName);
  ctx.enter(SNAPSHOT, snapshot.id, null);
  ctx.tx.emit("block-storage.snapshot.deleted", {
    id: snapshot.id,
    projectId: snapshot.projectId,
    volumeId: snapshot.volumeId,
    userId: snapshot.userId,
    name: snapshot.name,
    size: snapshot.size,
    createdAt: new Date(snapshot.createdAt).toISOString(),
  });
}

/** A step redirected to `error` (or failed by a fault rule): creating -> error, deleting -> error_deleting. */
function failSnapshot(s: BlockStorageState, ctx: StepContext, snapshot: Snapshot, from: string): void {
  snapshot.status = from === "deleting" ? "error_deleting" : "error";
  snapshot.updatedAt = ctx.now;
  ctx.enter(SNAPSHOT, snapshot.id, null);
  if (from === "creating") {
    recordMessage(s, ctx, {
      projectId: snapshot.projectId, requestId: snapshot.requestId, resourceType: "VOLUME_SNAPSHOT", resourceUuid: snapshot.id, action: "SNAPSHOT_CREATE", detail: "SNAPSHOT_CREATE_ERROR",
    });
  }
}

type Applier = (s: BlockStorageState, ctx: StepContext, snapshot: Snapshot, from: string) => void;

/** By the step's target, whatever the phase (a redirect may send one anywhere); any other target fails it. */
const APPLIERS: Record<string, Applier> = { available: finishSnapshotCreate, deleted: finishSnapshotDelete };

/** creating -> available and deleting -> gone, each `volumeMs` of virtual time; a redirect elsewhere is an error. */
export function startSnapshotLifecycle(kernel: Kernel, options: BlockStorageOptions): void {
  const defs = [
    { type: SNAPSHOT, from: "creating", to: "available", afterMs: options.volumeMs },
    { type: SNAPSHOT, from: "deleting", to: "deleted", afterMs: options.volumeMs },
  ];
  kernel.transitions.register(defs, (id, from, to) =>
    runOperation(kernel, null, (ctx) => {
      const s = sliceOf(ctx.root);
      const snapshot = get(s.snapshots, id);
      if (!snapshot || snapshot.status !== from) return false;
      const failed = from === "creating" && to === "available" && injectedFault(kernel, snapshot);
      const apply = failed ? failSnapshot : (own(APPLIERS, to) ?? failSnapshot);
      apply(s, ctx, snapshot, from);
      return true;
    }),
  );
}

/** A fault rule naming `block-storage.snapshot.build` (and matching the project, the name) fails the create. */
function injectedFault(kernel: Kernel, snapshot: Snapshot): boolean {
  const fault = kernel.faults.stepFault({ service: SLICE, operation: SNAPSHOT_BUILD_OPERATION, project: { id: snapshot.projectId }, resourceName: snapshot.name ?? undefined });
  return fault?.kind === "fail";
}
