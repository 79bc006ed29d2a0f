// Server actions: POST /servers/{id}/action with one action key (Nova v2.1). Like Nova, the
// key is dispatched and the body validated before the server is looked up; each action is one write.

import * as z from "zod";
import type { RouteDef } from "../../../kernel/http/service-app.js";
import { validate } from "../../../kernel/http/body.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import type { OperationContext } from "../../../kernel/operation.js";
import { badRequest } from "../errors.js";
import { microversion } from "../microversion.js";
import { visibleServer } from "../operations/servers.js";
import type { ComputeState, Server } from "../state.js";
import { powerAction, reboot, POWER_ACTIONS, type PowerActionKey } from "../operations/server-power.js";
import { confirmResize, resize, revertResize } from "../operations/server-resize.js";
import { createImage } from "../operations/server-snapshot.js";
import { consoleOutput, lock, resetState, unlock } from "../operations/server-admin-actions.js";
import { evacuate } from "../operations/server-evacuate.js";
import {
  consoleOutputBody,
  createImageBody,
  evacuateBody,
  lockBody273,
  rebootBody,
  resetStateBody,
  resizeBody,
} from "../schemas/server-actions.js";
import type { ComputeDeps } from "./deps.js";
import { closeActionEvents, recordAction } from "../operations/server-instance-actions.js";
import { extraActionSchemas, extraActions } from "./server-actions-extra.js";

/** Every action's body, for the route table: the handler dispatches on the key, then validates. */
const serverActionSchema = z.union([
  rebootBody,
  resizeBody,
  createImageBody,
  lockBody273,
  resetStateBody,
  consoleOutputBody,
  evacuateBody,
  ...extraActionSchemas,
  ...[...Object.keys(POWER_ACTIONS), "confirmResize", "revertResize", "unlock"].map((key) => z.strictObject({ [key]: z.null() })),
]);

type Body = Record<string, unknown>;
export type ActionHandler = (c: Ctx, body: Body, v: number) => Response;
/** Runs an action on the caller's server in one write and records it in the instance action log. */
export type Act = <R>(c: Ctx, action: string, op: (s: ComputeState, ctx: OperationContext, server: Server) => R) => R;

/** Nova's schema refuses a key the negotiated version does not have (or no longer has). */
export function onlyIn(v: number, min: number, max: number, action: string, key: string, given: unknown): void {
  if (given !== undefined && (v < min || v > max)) {
    throw badRequest(`Invalid input for field/attribute ${action}. Value: ${key}. Additional properties are not allowed ('${key}' was unexpected)`);
  }
}

/** Nova's action_peek: exactly one key in a JSON object. */
function actionBody(body: unknown): [string, Body] {
  if (!body || typeof body !== "object" || Array.isArray(body) || Object.keys(body).length !== 1) throw badRequest("Malformed request body");
  return [Object.keys(body)[0], body as Body];
}

export function serverActionRoutes(deps: ComputeDeps): RouteDef[] {
  const id = (c: Ctx) => c.req.param("id") ?? "";
  /** Runs the action on the caller's server in one write; a refusal leaves everything as it was (no log entry). */
  const act: Act = (c, action, op) =>
    deps.write(c, (s, ctx) => {
      const server = visibleServer(s, ctx.caller, id(c));
      // recorded first, as Nova's API does before it casts; the action's own end (or, for one that needs
      // no step, its return) closes the event
      recordAction(s, ctx, server, action, c.get("requestId"));
      const result = op(s, ctx, server);
      if (server.phase === null) closeActionEvents(ctx, server);
      return result;
    });
  const accepted = (c: Ctx) => c.body(null, 202);

  const power = (key: PowerActionKey): ActionHandler => (c) => {
    act(c, POWER_ACTIONS[key].method, (_s, ctx, server) => powerAction(ctx, server, key));
    return accepted(c);
  };

  const actions: Record<string, ActionHandler> = {
    reboot: (c, body) => {
      const { reboot: r } = validate(rebootBody, body);
      act(c, "reboot", (_s, ctx, server) => reboot(ctx, server, r.type));
      return accepted(c);
    },
    ...Object.fromEntries(Object.keys(POWER_ACTIONS).map((key) => [key, power(key as PowerActionKey)])),
    resize: (c, body) => {
      const { resize: r } = validate(resizeBody, body);
      act(c, "resize", (s, ctx, server) => resize(s, ctx, server, r.flavorRef));
      return accepted(c);
    },
    confirmResize: (c) => {
      act(c, "confirmResize", (s, ctx, server) => confirmResize(s, ctx, server));
      return c.body(null, 204);
    },
    revertResize: (c) => {
      act(c, "revertResize", (_s, ctx, server) => revertResize(ctx, server));
      return accepted(c);
    },
    createImage: (c, body, v) => {
      const { createImage: b } = validate(createImageBody, body);
      const image = act(c, "createImage", (s, ctx, server) => createImage(s, ctx, server, { name: b.name, metadata: b.metadata ?? {}, checkMetadataQuota: v < 39 }));
      // from 2.45 the id comes in the body and there is no Location
      if (v >= 45) return c.json({ image_id: image.id }, 202);
      c.header("Location", `${baseUrl(c)}/image/v2/images/${image.id}`);
      return accepted(c);
    },
    lock: (c, body, v) => {
      const reason = v >= 73 ? (validate(lockBody273, body).lock?.locked_reason ?? null) : null;
      act(c, "lock", (_s, ctx, server) => lock(ctx, server, reason));
      return accepted(c);
    },
    unlock: (c) => {
      act(c, "unlock", (_s, ctx, server) => unlock(ctx, server));
      return accepted(c);
    },
    "os-resetState": (c, body) => {
      const { "os-resetState": r } = validate(resetStateBody, body);
      act(c, "resetState", (s, ctx, server) => resetState(s, ctx, server, r.state));
      return accepted(c);
    },
    "os-getConsoleOutput": (c, body) => {
      const { "os-getConsoleOutput": r } = validate(consoleOutputBody, body);
      const output = consoleOutput(visibleServer(deps.state(), deps.caller(c), id(c)), r.length);
      return c.json({ output });
    },
    evacuate: (c, body, v) => {
      const { evacuate: e } = validate(evacuateBody, body);
      onlyIn(v, 1, 13, "evacuate", "onSharedStorage", e.onSharedStorage);
      onlyIn(v, 29, 67, "evacuate", "force", e.force);
      const adminPass = act(c, "evacuate", (s, ctx, server) => evacuate(s, ctx, server, { host: e.host, adminPass: e.adminPass, onSharedStorage: e.onSharedStorage }));
      // the password is returned only before 2.14
      return v < 14 ? c.json({ adminPass }) : c.body(null, 200);
    },
    ...extraActions(deps, act),
  };

  return [
    {
      method: "POST",
      path: "/v2.1/servers/:id/action",
      operation: "compute.server.action",
      schema: serverActionSchema,
      // dispatched on its one key; each action validates its own body (`schema` lists them all)
      bodyCheck: "parsed",
      handler: (c, json) => {
        const [key, body] = actionBody(json);
        const handler = Object.hasOwn(actions, key) ? actions[key] : undefined;
        if (!handler) throw badRequest(`There is no such action: ${key}`);
        return handler(c, body, microversion(c));
      },
    },
  ];
}
