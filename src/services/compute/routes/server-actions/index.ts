// Server actions: POST /servers/{id}/action with one action key (Nova v2.1). Like Nova, the key is
// dispatched and the body validated before the server is looked up; each action is one write. The actions
// live in one file per family; this route dispatches to them.

import * as z from "zod";
import type { RouteDef } from "../../../../kernel/http/service-app.js";
import type { Ctx } from "../../../../kernel/http/context.js";
import { badRequest } from "../../errors.js";
import { microversion } from "../../microversion.js";
import { visibleServer } from "../../operations/servers.js";
import { closeActionEvents, recordAction } from "../../operations/server-instance-actions.js";
import type { ComputeDeps } from "../deps.js";
import type { Act, ActionFamily, Body } from "./action.js";
import { adminActions } from "./admin.js";
import { consoleActions } from "./consoles.js";
import { imageActions } from "./images.js";
import { powerActions } from "./power.js";
import { rebuildRescueActions } from "./rebuild-rescue.js";
import { resizeMigrateActions } from "./resize-migrate.js";
import { securityGroupActions } from "./security-groups.js";
import { floatingIpActions } from "./floating-ips.js";
import { shelveRestoreActions } from "./shelve-restore.js";
import { actionVariants } from "../../../../kernel/http/variants.js";

const FAMILIES: ActionFamily[] = [
  powerActions,
  adminActions,
  resizeMigrateActions,
  imageActions,
  rebuildRescueActions,
  shelveRestoreActions,
  consoleActions,
  securityGroupActions,
  floatingIpActions,
];

/** Every action's body, for the route table (docs, the fuzzer): the handler dispatches on the key, then validates. */
const serverActionSchema = z.union(FAMILIES.flatMap((f) => f.schemas) as [z.ZodType, ...z.ZodType[]]);

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
  const actions = Object.assign({}, ...FAMILIES.map((f) => f.handlers(deps, act))) as ReturnType<ActionFamily["handlers"]>;

  return [
    {
      method: "POST",
      path: "/v2.1/servers/:id/action",
      operation: "compute.server.action",
      variants: actionVariants("compute.server.action", Object.keys(actions)),
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
