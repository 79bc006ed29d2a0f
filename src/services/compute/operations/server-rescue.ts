// rescue, unrescue (nova/compute/api.py rescue, unrescue): the server boots a rescue image (its own, or
// rescue_image_ref) with a new admin password; a volume-backed server is refused before 2.87, as Nova does.

import type { OperationContext } from "../../../kernel/operation.js";
import { findImage } from "../../image/for-compute.js";
import type { Server } from "../state.js";
import { badRequest } from "../errors.js";
import { POWER, type ServerStepApplier, type ServerStepDef } from "../lifecycle.js";
import { begin, checkAction, onItsHost, settle } from "./server-action-rules.js";
import { newPassword } from "./server-rebuild.js";

export interface RescueInput {
  adminPass?: string;
  rescueImageRef?: string;
  /** the negotiated microversion's minor number */
  version: number;
}

/** Returns the rescue password. */
export function rescue(ctx: OperationContext, server: Server, input: RescueInput): string {
  checkAction(server, ctx.caller, "rescue", { vm: ["active", "stopped", "error"] });
  if (server.imageId === null && input.version < 87) {
    throw badRequest(`Instance ${server.id} cannot be rescued: Cannot rescue a volume-backed instance`);
  }
  if (input.rescueImageRef !== undefined && !findImage(ctx.root, input.rescueImageRef, ctx.caller)) {
    throw badRequest(`Image ${input.rescueImageRef} could not be found.`);
  }
  begin(ctx, server, "rescuing", "rescuing");
  return input.adminPass ?? newPassword(ctx);
}

export function unrescue(ctx: OperationContext, server: Server): void {
  checkAction(server, ctx.caller, "unrescue", { vm: ["rescued"] });
  begin(ctx, server, "unrescuing", "unrescuing");
}

export const RESCUE_STEPS: ServerStepDef[] = [
  { from: "rescuing", to: "rescued", after: (o) => o.actionMs },
  { from: "unrescuing", to: "unrescued", after: (o) => o.actionMs },
];

export const RESCUE_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "rescuing>rescued": onItsHost((_s, ctx, server) => settle(ctx, server, "rescued", POWER.RUNNING)),
  "unrescuing>unrescued": onItsHost((_s, ctx, server) => settle(ctx, server, "active")),
};
