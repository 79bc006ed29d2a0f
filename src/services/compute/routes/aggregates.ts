// Host aggregates (/os-aggregates, admin; Nova v2.1): list, create (200), show, update, delete (200, no
// body), and the actions add_host, remove_host, set_metadata. Ids are integers; `uuid` shows from 2.41.
// From 2.81, POST /os-aggregates/{id}/images asks the aggregate's hosts to cache images (202).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { validate } from "../../../kernel/http/body.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { microversion } from "../microversion.js";
import { badRequest, itemNotFound } from "../errors.js";
import {
  addAggregateHost,
  createAggregate,
  deleteAggregate,
  listAggregates,
  removeAggregateHost,
  setAggregateMetadata,
  showAggregate,
  updateAggregate,
} from "../operations/aggregates.js";
import { addHostBody, aggregateActionSchema, aggregateImagesSchema, aggregateCreateSchema, aggregateUpdateSchema, removeHostBody, setMetadataBody } from "../schemas/aggregates.js";
import { aggregateView } from "../views/aggregates.js";
import type { ComputeDeps } from "./deps.js";
import { actionVariants } from "../../../kernel/http/variants.js";
import { cacheImages } from "../operations/aggregate-images.js";

const idOf = (c: Ctx) => c.req.param("aggregateId") ?? "";

export function aggregateRoutes(deps: ComputeDeps): RouteDef[] {
  const answer = (c: Ctx, run: Parameters<ComputeDeps["write"]>[1]) => {
    const aggregate = deps.write(c, run) as ReturnType<typeof showAggregate>;
    return c.json({ aggregate: aggregateView(aggregate, microversion(c)) });
  };
  return [
    {
      method: "GET",
      path: "/v2.1/os-aggregates",
      operation: "compute.aggregate.list",
      policy: "admin",
      handler: (c) => c.json({ aggregates: listAggregates(deps.state()).map((a) => aggregateView(a, microversion(c))) }),
    },
    route({
      method: "POST",
      path: "/v2.1/os-aggregates",
      operation: "compute.aggregate.create",
      schema: aggregateCreateSchema,
      policy: "admin",
      handler: (c, { aggregate: b }) => {
        const aggregate = deps.write(c, (s, ctx) => createAggregate(s, ctx, b.name.trim(), b.availability_zone?.trim()));
        return c.json({ aggregate: aggregateView(aggregate, microversion(c), false) });
      },
    }),
    {
      method: "GET",
      path: "/v2.1/os-aggregates/:aggregateId",
      operation: "compute.aggregate.show",
      policy: "admin",
      handler: (c) => c.json({ aggregate: aggregateView(showAggregate(deps.state(), idOf(c)), microversion(c)) }),
    },
    route({
      method: "PUT",
      path: "/v2.1/os-aggregates/:aggregateId",
      operation: "compute.aggregate.update",
      schema: aggregateUpdateSchema,
      policy: "admin",
      handler: (c, { aggregate: b }) => {
        return answer(c, (s, ctx) => updateAggregate(s, ctx, idOf(c), { name: b.name?.trim(), zone: b.availability_zone }));
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/os-aggregates/:aggregateId",
      operation: "compute.aggregate.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteAggregate(s, idOf(c)));
        return c.body(null, 200);
      },
    },
    {
      method: "POST",
      path: "/v2.1/os-aggregates/:aggregateId/images",
      operation: "compute.aggregate.cache_images",
      schema: aggregateImagesSchema,
      // a version before 2.81 is 404 before the body is looked at (Nova's versioned dispatch)
      bodyCheck: "parsed",
      policy: "admin",
      handler: (c, body) => {
        if (microversion(c) < 81) throw itemNotFound("The resource could not be found.");
        const { cache } = validate(aggregateImagesSchema, body);
        cacheImages(deps.state(), deps.root(), deps.caller(c), idOf(c), cache.map((i) => i.id));
        return c.body(null, 202);
      },
    },
    {
      method: "POST",
      path: "/v2.1/os-aggregates/:aggregateId/action",
      operation: "compute.aggregate.action",
      variants: actionVariants("compute.aggregate.action", ["add_host", "remove_host", "set_metadata"]),
      schema: aggregateActionSchema,
      // dispatched on its one key, then validated by that action's schema
      bodyCheck: "parsed",
      policy: "admin",
      handler: (c, body) => {
        const key = body && typeof body === "object" && !Array.isArray(body) ? Object.keys(body)[0] : undefined;
        switch (key) {
          case "add_host": {
            const b = validate(addHostBody, body);
            return answer(c, (s, ctx) => addAggregateHost(s, ctx, idOf(c), b.add_host.host));
          }
          case "remove_host": {
            const b = validate(removeHostBody, body);
            return answer(c, (s, ctx) => removeAggregateHost(s, ctx, idOf(c), b.remove_host.host));
          }
          case "set_metadata": {
            const b = validate(setMetadataBody, body);
            return answer(c, (s, ctx) => setAggregateMetadata(s, ctx, idOf(c), b.set_metadata.metadata));
          }
        }
        throw badRequest(key === undefined ? "Malformed request body" : `There is no such action: ${key}`);
      },
    },
  ];
}
