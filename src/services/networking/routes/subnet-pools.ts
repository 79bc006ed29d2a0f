// Subnet pools (/v2.0/subnetpools: CRUD, add_prefixes, remove_prefixes) and address scopes
// (/v2.0/address-scopes: CRUD). Handlers validate, run one operation in one write, render the view.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { scan } from "../../../kernel/store/table.js";
import {
  addPrefixes, canSeeSubnetPool, createSubnetPool, deleteSubnetPool, removePrefixes, updateSubnetPool, visibleSubnetPool, type SubnetPoolFields,
} from "../operations/subnet-pools.js";
import { canSeeAddressScope, createAddressScope, deleteAddressScope, updateAddressScope, visibleAddressScope } from "../operations/address-scopes.js";
import { requestedProject } from "../schemas/networks.js";
import {
  addressScopeCreateSchema, addressScopeUpdateSchema, prefixOpsSchema, subnetPoolCreateSchema, subnetPoolUpdateSchema, type SubnetPoolUpdateBody,
} from "../schemas/subnet-pools.js";
import { addressScopeView, subnetPoolView } from "../views/subnet-pools.js";
import type { NetworkingDeps } from "./deps.js";
import { fieldsOf, lazyMap, listBody, selectFields } from "./list.js";

function poolFields(b: SubnetPoolUpdateBody): SubnetPoolFields {
  return {
    name: b.name,
    description: b.description,
    prefixes: b.prefixes,
    defaultPrefixlen: b.default_prefixlen,
    minPrefixlen: b.min_prefixlen,
    maxPrefixlen: b.max_prefixlen,
    defaultQuota: b.default_quota,
    isDefault: b.is_default,
    addressScopeId: b.address_scope_id,
  };
}

export function subnetPoolRoutes(deps: NetworkingDeps): RouteDef[] {
  const pageSize = deps.kernel.options.maxPageSize;
  const poolId = (c: Ctx) => c.req.param("subnetpool_id") ?? "";
  const scopeId = (c: Ctx) => c.req.param("address_scope_id") ?? "";
  const prefixAction = (action: "add" | "remove"): RouteDef => route({
    method: "PUT",
    path: `/v2.0/subnetpools/:subnetpool_id/${action}_prefixes`,
    operation: `networking.subnetpool.${action}_prefixes`,
    schema: prefixOpsSchema,
    handler: (c, { prefixes }) => {
      const op = action === "add" ? addPrefixes : removePrefixes;
      return c.json({ prefixes: deps.write(c, (s, ctx) => op(s, ctx, poolId(c), prefixes)) });
    },
  });
  return [
    {
      method: "GET",
      path: "/v2.0/subnetpools",
      operation: "networking.subnetpool.list",
      handler: (c) => {
        const caller = deps.caller(c);
        const visible = (function* () {
          for (const p of scan(deps.state().subnetPools)) if (canSeeSubnetPool(caller, p)) yield p;
        })();
        return c.json(listBody(c, "subnetpools", lazyMap(visible, subnetPoolView), pageSize));
      },
    },
    route({
      method: "POST",
      path: "/v2.0/subnetpools",
      operation: "networking.subnetpool.create",
      schema: subnetPoolCreateSchema,
      handler: (c, { subnetpool: b }) => {
        const pool = deps.write(c, (s, ctx) =>
          createSubnetPool(s, ctx, { ...poolFields(b), prefixes: b.prefixes, shared: b.shared, projectId: requestedProject(b), tags: b.tags }),
        );
        return c.json({ subnetpool: subnetPoolView(pool) }, 201);
      },
    }),
    {
      method: "GET",
      path: "/v2.0/subnetpools/:subnetpool_id",
      operation: "networking.subnetpool.show",
      handler: (c) => c.json({ subnetpool: selectFields(subnetPoolView(visibleSubnetPool(deps.state(), deps.caller(c), poolId(c))), fieldsOf(c)) }),
    },
    route({
      method: "PUT",
      path: "/v2.0/subnetpools/:subnetpool_id",
      operation: "networking.subnetpool.update",
      schema: subnetPoolUpdateSchema,
      handler: (c, { subnetpool: b }) => {
        const pool = deps.write(c, (s, ctx) => updateSubnetPool(s, ctx, poolId(c), poolFields(b)));
        return c.json({ subnetpool: subnetPoolView(pool) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.0/subnetpools/:subnetpool_id",
      operation: "networking.subnetpool.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteSubnetPool(s, ctx, poolId(c)));
        return c.body(null, 204);
      },
    },
    prefixAction("add"),
    prefixAction("remove"),
    {
      method: "GET",
      path: "/v2.0/address-scopes",
      operation: "networking.address_scope.list",
      handler: (c) => {
        const caller = deps.caller(c);
        const visible = (function* () {
          for (const a of scan(deps.state().addressScopes)) if (canSeeAddressScope(caller, a)) yield a;
        })();
        return c.json(listBody(c, "address_scopes", lazyMap(visible, addressScopeView), pageSize));
      },
    },
    route({
      method: "POST",
      path: "/v2.0/address-scopes",
      operation: "networking.address_scope.create",
      schema: addressScopeCreateSchema,
      handler: (c, { address_scope: b }) => {
        const scope = deps.write(c, (s, ctx) => createAddressScope(s, ctx, { name: b.name, shared: b.shared, ipVersion: b.ip_version, projectId: requestedProject(b) }));
        return c.json({ address_scope: addressScopeView(scope) }, 201);
      },
    }),
    {
      method: "GET",
      path: "/v2.0/address-scopes/:address_scope_id",
      operation: "networking.address_scope.show",
      handler: (c) => c.json({ address_scope: selectFields(addressScopeView(visibleAddressScope(deps.state(), deps.caller(c), scopeId(c))), fieldsOf(c)) }),
    },
    route({
      method: "PUT",
      path: "/v2.0/address-scopes/:address_scope_id",
      operation: "networking.address_scope.update",
      schema: addressScopeUpdateSchema,
      handler: (c, { address_scope: b }) => {
        const scope = deps.write(c, (s, ctx) => updateAddressScope(s, ctx, scopeId(c), { name: b.name, shared: b.shared }));
        return c.json({ address_scope: addressScopeView(scope) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.0/address-scopes/:address_scope_id",
      operation: "networking.address_scope.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteAddressScope(s, ctx, scopeId(c)));
        return c.body(null, 204);
      },
    },
  ];
}
