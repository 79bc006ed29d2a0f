// Keypairs (Nova v2.1): create (register a public key or generate one: 200 at 2.1, 201
// from 2.2), list (paged from 2.35), show, delete (202 at 2.1, 204 from 2.2); `user_id` (admin) from 2.10.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { MAX_VERSION, microversion } from "../microversion.js";
import { createKeypair, deleteKeypair, listKeypairs, refuseNewKeypair, showKeypair, targetUser } from "../operations/keypairs.js";
import { newRsaKeyPair } from "../operations/keypair-keys.js";
import { keypairCreateSchema } from "../schemas/keypairs.js";
import { keypairCreated, keypairListItem, keypairView } from "../views/keypairs.js";
import { collectionBody, page, pageParams } from "../views/collection.js";
import type { ComputeDeps } from "./deps.js";

const nameOf = (c: Ctx) => c.req.param("name") ?? "";
/** `?user_id=` counts from 2.10 */
const userParam = (c: Ctx) => (microversion(c) >= 10 ? queryParam(c, "user_id") : undefined);

export function keypairRoutes(deps: ComputeDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.1/os-keypairs",
      operation: "compute.keypair.list",
      handler: (c) => {
        const mv = microversion(c);
        const userId = targetUser(deps.caller(c), userParam(c));
        const rows = listKeypairs(deps.state(), userId);
        const { items, links } = mv >= 35 ? page(c, rows, (k) => k.name, pageParams(c), deps.kernel.options.maxPageSize) : { items: rows, links: undefined };
        return c.json(collectionBody("keypairs", items.map((k) => keypairListItem(k, mv)), links));
      },
    },
    route({
      method: "POST",
      path: "/v2.1/os-keypairs",
      operation: "compute.keypair.create",
      schema: keypairCreateSchema(MAX_VERSION.minor),
      schemaFor: (c) => keypairCreateSchema(microversion(c)),
      handler: async (c, { keypair: body }) => {
        const mv = microversion(c);
        const caller = deps.caller(c);
        const userId = targetUser(caller, body.user_id);
        const input = { name: body.name, userId, projectId: caller.projectId, type: body.type ?? "ssh", publicKey: body.public_key, version: mv };
        // a key to generate is made off the event loop first, and only for a request nothing refuses yet
        if (body.public_key === undefined) refuseNewKeypair(deps.state(), input);
        const rsa = body.public_key === undefined ? await newRsaKeyPair() : undefined;
        const { keypair, privateKey } = deps.write(c, (s, ctx) => createKeypair(s, ctx, { ...input, rsa }));
        return c.json({ keypair: keypairCreated(keypair, privateKey, mv) }, mv >= 2 ? 201 : 200);
      },
    }),
    {
      method: "GET",
      path: "/v2.1/os-keypairs/:name",
      operation: "compute.keypair.show",
      handler: (c) => {
        const userId = targetUser(deps.caller(c), userParam(c));
        return c.json({ keypair: keypairView(showKeypair(deps.state(), userId, nameOf(c)), microversion(c)) });
      },
    },
    {
      method: "DELETE",
      path: "/v2.1/os-keypairs/:name",
      operation: "compute.keypair.delete",
      handler: (c) => {
        const userId = targetUser(deps.caller(c), userParam(c));
        deps.write(c, (s, ctx) => deleteKeypair(s, ctx, userId, nameOf(c)));
        return c.body(null, microversion(c) >= 2 ? 204 : 202);
      },
    },
  ];
}
