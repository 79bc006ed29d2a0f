// What every family of server actions shares: the handler an action key dispatches to, the write that runs
// an action on the caller's server, and Nova's microversion gates on an action and on its keys.

import type * as z from "zod";
import type { Ctx } from "../../../../kernel/http/context.js";
import type { OperationContext } from "../../../../kernel/operation.js";
import { badRequest, itemNotFound } from "../../errors.js";
import type { ComputeState, Server } from "../../state.js";
import type { ComputeDeps } from "../deps.js";

/** The action's body as parsed: one key, which the handler validates with its own schema. */
export type Body = Record<string, unknown>;
export type ActionHandler = (c: Ctx, body: Body, v: number) => Response;
/** Runs an action on the caller's server in one write and records it in the instance action log. */
export type Act = <R>(c: Ctx, action: string, op: (s: ComputeState, ctx: OperationContext, server: Server) => R) => R;

/** A family of actions: their bodies (for the route table's schema) and their handlers by key. */
export interface ActionFamily {
  schemas: z.ZodType[];
  handlers(deps: ComputeDeps, act: Act): Record<string, ActionHandler>;
}

export const accepted = (c: Ctx) => c.body(null, 202);

/** Nova's schema refuses a key the negotiated version does not have (or no longer has). */
export function onlyIn(v: number, min: number, max: number, action: string, key: string, given: unknown): void {
  if (given !== undefined && (v < min || v > max)) {
    throw badRequest(`Invalid input for field/attribute ${action}. Value: ${key}. Additional properties are not allowed ('${key}' was unexpected)`);
  }
}

/** An action a microversion does not have yet: Nova's versioned dispatch answers 404. */
export function notBefore(v: number, min: number): void {
  if (v < min) throw itemNotFound("The resource could not be found.");
}
