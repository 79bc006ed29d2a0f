// Keystone v3 /OS-OAUTH1/consumers: create, list, show, update, delete. Admin only, as Keystone's policy.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl } from "../../../kernel/http/context.js";
import { consumerCreateSchema, consumerUpdateSchema } from "../schemas/oauth1.js";
import { createConsumer, deleteConsumer, listConsumers, requireConsumer, updateConsumer } from "../operations/oauth1.js";
import { consumerView } from "../views-delegation.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const COLLECTION = "/v3/OS-OAUTH1/consumers";
const MEMBER = `${COLLECTION}/:consumer_id`;

export function oauth1Routes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  return [
    route({
      method: "POST",
      path: COLLECTION,
      operation: "identity.oauth1_consumer.create",
      schema: consumerCreateSchema,
      policy: "admin",
      handler: (c, { consumer }) => {
        const made = deps.write(c, (s) => createConsumer(s, kit.newId(), kit.newId(), consumer ?? {}));
        return c.json({ consumer: consumerView(made, baseUrl(c), true) }, 201);
      },
    }),
    {
      method: "GET",
      path: COLLECTION,
      operation: "identity.oauth1_consumer.list",
      policy: "admin",
      handler: (c) => listResponse(c, "consumers", listConsumers(deps.state()).map((x) => consumerView(x, baseUrl(c)))),
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.oauth1_consumer.show",
      policy: "admin",
      handler: (c) => c.json({ consumer: consumerView(requireConsumer(deps.state(), param(c, "consumer_id")), baseUrl(c)) }),
    },
    route({
      method: "PATCH",
      path: MEMBER,
      operation: "identity.oauth1_consumer.update",
      schema: consumerUpdateSchema,
      policy: "admin",
      handler: (c, { consumer }) => {
        const updated = deps.write(c, (s) => updateConsumer(s, param(c, "consumer_id"), consumer));
        return c.json({ consumer: consumerView(updated, baseUrl(c)) });
      },
    }),
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.oauth1_consumer.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteConsumer(s, param(c, "consumer_id")));
        return c.body(null, 204);
      },
    },
  ];
}
