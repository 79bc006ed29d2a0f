// Flavors (Nova v2.1): list, list detail, show (a name is 404, so clients then list and
// match), admin create (200) / update (2.55) / delete (202), and extra specs (validated from 2.86).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import type { Caller } from "../../../kernel/operation.js";
import { microversion } from "../microversion.js";
import { badRequest, itemNotFound } from "../errors.js";
import { createFlavor, deleteExtraSpec, deleteFlavor, listFlavors, setExtraSpecs, updateFlavorDescription, visibleFlavor, type FlavorQuery } from "../operations/flavors.js";
import { extraSpecItemSchema, extraSpecsSchema, flavorCreateSchema, flavorCreateSchema255, flavorUpdateSchema } from "../schemas/flavors.js";
import { queryBool } from "../schemas/parameter-types.js";
import { flavorSummary, flavorView } from "../views/flavors.js";
import { collectionBody, intQuery, page, pageParams } from "../views/collection.js";
import type { ComputeDeps } from "./deps.js";
import { validateExtraSpec } from "../operations/flavor-extra-specs.js";

const idOf = (c: Ctx) => c.req.param("flavorId") ?? "";

function flavorQuery(c: Ctx, caller: Caller): FlavorQuery {
  const raw = queryParam(c, "is_public");
  let isPublic: boolean | null | undefined;
  // only admins choose; Nova ignores the parameter for everyone else
  if (raw !== undefined && caller.isAdmin) {
    if (raw.toLowerCase() === "none") isPublic = null;
    else {
      isPublic = queryBool(raw);
      if (isPublic === undefined) throw badRequest(`Invalid is_public filter [${raw}]`);
    }
  }
  return { isPublic, minRam: intQuery(c, "minRam"), minDisk: intQuery(c, "minDisk"), sortKey: queryParam(c, "sort_key"), sortDir: queryParam(c, "sort_dir") };
}

export function flavorRoutes(deps: ComputeDeps): RouteDef[] {
  const maxPage = deps.kernel.options.maxPageSize;
  const list = (detail: boolean) => (c: Ctx) => {
    const caller = deps.caller(c);
    const params = pageParams(c);
    const rows = listFlavors(deps.state(), caller, flavorQuery(c, caller));
    const { items, links } = page(c, rows, (f) => f.id, params, maxPage);
    const mv = microversion(c);
    return c.json(collectionBody("flavors", items.map((f) => (detail ? flavorView(c, f, mv) : flavorSummary(c, f, mv))), links));
  };
  return [
    { method: "GET", path: "/v2.1/flavors", operation: "compute.flavor.list", handler: list(false) },
    { method: "GET", path: "/v2.1/flavors/detail", operation: "compute.flavor.list", handler: list(true) },
    {
      method: "GET",
      path: "/v2.1/flavors/:flavorId",
      operation: "compute.flavor.show",
      handler: (c) => c.json({ flavor: flavorView(c, visibleFlavor(deps.state(), deps.caller(c), idOf(c)), microversion(c)) }),
    },
    route({
      method: "POST",
      path: "/v2.1/flavors",
      operation: "compute.flavor.create",
      // 2.55 adds `description` to the earlier body: the wider of the two
      schema: flavorCreateSchema255,
      schemaFor: (c) => (microversion(c) >= 55 ? flavorCreateSchema255 : flavorCreateSchema),
      policy: "admin",
      handler: (c, { flavor: body }) => {
        const mv = microversion(c);
        const flavor = deps.write(c, (s, ctx) =>
          createFlavor(s, ctx, {
            id: body.id ?? null,
            name: body.name,
            ram: body.ram,
            vcpus: body.vcpus,
            disk: body.disk,
            ephemeral: body["OS-FLV-EXT-DATA:ephemeral"] ?? 0,
            swap: body.swap ?? 0,
            rxtxFactor: body.rxtx_factor ?? 1.0,
            isPublic: body["os-flavor-access:is_public"] ?? true,
            description: body.description ?? null,
          }),
        );
        return c.json({ flavor: flavorView(c, flavor, mv) });
      },
    }),
    route({
      method: "PUT",
      path: "/v2.1/flavors/:flavorId",
      operation: "compute.flavor.update",
      schema: flavorUpdateSchema,
      policy: "admin",
      schemaFor: (c) => {
        if (microversion(c) < 55) throw itemNotFound("The resource could not be found.");
        return flavorUpdateSchema;
      },
      handler: (c, { flavor: b }) => {
        const mv = microversion(c);
        const flavor = deps.write(c, (s) => updateFlavorDescription(s, idOf(c), b.description));
        return c.json({ flavor: flavorView(c, flavor, mv) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/flavors/:flavorId",
      operation: "compute.flavor.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteFlavor(s, ctx, idOf(c)));
        return c.body(null, 202);
      },
    },
    ...extraSpecRoutes(deps),
  ];
}

/** From 2.86 Nova validates the extra specs it knows before it stores any. */
function checkedSpecs(c: Ctx, specs: Record<string, string>): void {
  if (microversion(c) >= 86) for (const [name, value] of Object.entries(specs)) validateExtraSpec(name, value);
}

function extraSpecRoutes(deps: ComputeDeps): RouteDef[] {
  const keyOf = (c: Ctx) => c.req.param("key") ?? "";
  return [
    {
      method: "GET",
      path: "/v2.1/flavors/:flavorId/os-extra_specs",
      operation: "compute.flavor.extra_specs.list",
      handler: (c) => c.json({ extra_specs: { ...visibleFlavor(deps.state(), deps.caller(c), idOf(c)).extraSpecs } }),
    },
    route({
      method: "POST",
      path: "/v2.1/flavors/:flavorId/os-extra_specs",
      operation: "compute.flavor.extra_specs.create",
      schema: extraSpecsSchema,
      policy: "admin",
      handler: (c, { extra_specs }) => {
        checkedSpecs(c, extra_specs);
        const specs = deps.write(c, (s) => setExtraSpecs(s, idOf(c), extra_specs));
        return c.json({ extra_specs: specs });
      },
    }),
    {
      method: "GET",
      path: "/v2.1/flavors/:flavorId/os-extra_specs/:key",
      operation: "compute.flavor.extra_specs.show",
      handler: (c) => {
        const flavor = visibleFlavor(deps.state(), deps.caller(c), idOf(c));
        const key = keyOf(c);
        if (!Object.hasOwn(flavor.extraSpecs, key)) throw itemNotFound(`Flavor ${flavor.id} has no extra specs with key ${key}.`);
        return c.json({ [key]: flavor.extraSpecs[key] });
      },
    },
    route({
      method: "PUT",
      path: "/v2.1/flavors/:flavorId/os-extra_specs/:key",
      operation: "compute.flavor.extra_specs.update",
      schema: extraSpecItemSchema,
      policy: "admin",
      handler: (c, body) => {
        const key = keyOf(c);
        const entries = Object.entries(body);
        if (entries.length !== 1 || entries[0][0] !== key) throw badRequest("Request body and URI mismatch");
        checkedSpecs(c, body);
        const specs = deps.write(c, (s) => setExtraSpecs(s, idOf(c), body));
        return c.json(specs);
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/flavors/:flavorId/os-extra_specs/:key",
      operation: "compute.flavor.extra_specs.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteExtraSpec(s, idOf(c), keyOf(c)));
        return c.body(null, 200);
      },
    },
  ];
}
