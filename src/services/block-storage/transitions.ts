// The volume lifecycle (type `block-storage.volume`) as data: creating, extending, retyping and deleting
// each lead on after `volumeMs` on the virtual clock. Overrides through /_emulator/transitions apply per
// type, status or volume (stick, redirect to `error`, ...). A fault rule naming the operation
// `block-storage.volume.<status>` (creating, extending, deleting) fails that step: error, error_extending,
// error_deleting, as a failing backend leaves the volume in Cinder.

import { get } from "../../kernel/store/table.js";
import type { Kernel } from "../../kernel/kernel.js";
import { runOperation } from "../../kernel/operation.js";
import type { TransitionDef } from "../../kernel/transitions.js";
import type { BlockStorageOptions } from "./options.js";
import { sliceOf, SLICE } from "./state.js";
import { setStatus, VOLUME, type StepContext } from "./lifecycle.js";
import type { BlockStorageState, Volume } from "./state.js";
import { finishExtend, finishRetype, VOLUME_STATUSES } from "./operations/volume-actions.js";
import { failUpload, finishUploadStep } from "./operations/volume-upload.js";
import { finishReimage } from "./operations/volume-reimage.js";
import { finishDelete, typeNameOf } from "./operations/volumes.js";
import { useQuota } from "./operations/quotas.js";
import { recordMessage } from "./operations/messages.js";

type Applier = (s: BlockStorageState, ctx: StepContext, volume: Volume, from: string) => void;

export const VOLUME_STEPS: Array<{ from: string; to: string }> = [
  { from: "creating", to: "available" },
  { from: "extending", to: "available" },
  { from: "retyping", to: "available" },
  { from: "deleting", to: "deleted" },
  { from: "uploading", to: "available" },
  { from: "downloading", to: "available" },
];

/** What each step's failure leaves (a fault rule on `block-storage.volume.<from>`). */
const FAILED: Record<string, string> = { creating: "error", extending: "error_extending", deleting: "error_deleting", uploading: "available", downloading: "error" };
/** the steps a fault rule can fail, by operation (`block-storage.volume.creating`) */
export const VOLUME_STEP_OPERATIONS = Object.keys(FAILED).map((from) => `${VOLUME}.${from}`);

/** A failed or redirected step: the status it leads to, a reserved extend given back. */
function fail(s: BlockStorageState, ctx: StepContext, volume: Volume, to: string): void {
  if (volume.status === "extending" && volume.pending?.newSize !== undefined) {
    useQuota(s, volume.projectId, "gigabytes", volume.size - volume.pending.newSize, typeNameOf(s, volume));
  }
  // the volume manager's extend failure is the user's to read too
  if (volume.status === "extending" && to === "error_extending") {
    recordMessage(s, ctx, {
      projectId: volume.projectId, requestId: volume.pending?.requestId, resourceType: "VOLUME", resourceUuid: volume.id, action: "EXTEND_VOLUME", detail: "DRIVER_FAILED_EXTEND",
    });
  }
  // a failed upload leaves the volume as it was and the image killed
  if (volume.status === "uploading") {
    failUpload(ctx, volume);
    to = to === "available" || to === "in-use" ? volume.pending?.resumeStatus ?? to : to;
  }
  // the create flow's failure is the user's to read (cinder/volume/flows/manager/create_volume.py)
  if (volume.status === "creating" && to === "error") {
    recordMessage(s, ctx, {
      projectId: volume.projectId, requestId: volume.requestId, resourceType: "VOLUME", resourceUuid: volume.id, action: "CREATE_VOLUME_FROM_BACKEND", detail: "DRIVER_FAILED_CREATE",
    });
  }
  volume.pending = null;
  setStatus(ctx, volume, to);
}

const APPLIERS: Record<string, Applier> = {
  "creating>available": (_s, ctx, volume) => setStatus(ctx, volume, "available"),
  "extending>available": (_s, ctx, volume) => finishExtend(ctx, volume),
  "retyping>available": (s, ctx, volume) => finishRetype(s, ctx, volume),
  "uploading>available": (s, ctx, volume) => finishUploadStep(s, ctx, volume),
  "downloading>available": (_s, ctx, volume) => finishReimage(ctx, volume),
  "*>deleted": (s, ctx, volume) => finishDelete(s, ctx, volume),
};

function applierFor(from: string, to: string): Applier {
  return (
    APPLIERS[`${from}>${to}`] ??
    APPLIERS[`*>${to}`] ??
    ((s, ctx, volume) => fail(s, ctx, volume, (VOLUME_STATUSES as readonly string[]).includes(to) ? to : "error"))
  );
}

export function volumeTransitionDefs(options: BlockStorageOptions): TransitionDef[] {
  return VOLUME_STEPS.map((d) => ({ type: VOLUME, from: d.from, to: d.to, afterMs: options.volumeMs }));
}

function injectedFailure(kernel: Kernel, volume: Volume, from: string): string | undefined {
  if (!FAILED[from]) return undefined;
  const fault = kernel.faults.stepFault({ service: SLICE, operation: `${VOLUME}.${from}`, project: { id: volume.projectId }, resourceName: volume.name ?? "" });
  return fault?.kind === "fail" ? FAILED[from] : undefined;
}

/** Registers the lifecycle with the kernel: each step is one operation on the volume, if it is still in `from`. */
export function startVolumeLifecycle(kernel: Kernel, options: BlockStorageOptions): void {
  kernel.transitions.register(volumeTransitionDefs(options), (id, from, to) =>
    runOperation(kernel, null, (ctx) => {
      const s = sliceOf(ctx.root);
      const volume = get(s.volumes, id);
      if (!volume || volume.status !== from) return false;
      const failed = injectedFailure(kernel, volume, from);
      if (failed) fail(s, ctx, volume, failed);
      else applierFor(from, to)(s, ctx, volume, from);
      return true;
    }),
  );
}
