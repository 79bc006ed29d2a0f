// The volume lifecycle's mechanics: a volume's status is its lifecycle phase, so entering a timed status
// (creating, extending, retyping, deleting) plans its next step on the virtual clock after the commit.
// transitions.ts declares the steps.

import type { Caller, OperationContext } from "../../kernel/operation.js";
import type { Volume } from "./state.js";

/** The lifecycle type of volumes, as /_emulator/transitions names it. */
export const VOLUME = "block-storage.volume";

/** Statuses a step leads out of; any other status is at rest. */
export const TIMED = new Set(["creating", "extending", "retyping", "deleting", "uploading", "downloading"]);

/** What an API request's operation runs with: its request id too, which a later failure's user message names. */
export type RequestContext = OperationContext & { requestId?: string };

/** What a step runs with: no API caller asked for it. */
export type StepContext = OperationContext<Caller | null>;

/** Sets the volume's status, plans (or forgets) its next step, and tells subscribers when it moved. */
export function setStatus(ctx: Pick<StepContext, "now" | "tx" | "enter">, volume: Volume, status: string): void {
  const from = volume.status;
  volume.status = status;
  volume.updatedAt = ctx.now;
  ctx.enter(VOLUME, volume.id, TIMED.has(status) ? status : null);
  if (from !== status) ctx.tx.emit("block-storage.volume.status_changed", { id: volume.id, projectId: volume.projectId, from, to: status });
}
