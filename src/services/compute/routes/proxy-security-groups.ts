// The proxy APIs to Neutron's security groups (Nova v2.1 until 2.36, 404 from it): os-security-groups
// (list sorted by project and name, show, create 200, update, delete 202) and os-security-group-rules
// (create 200 an ingress rule, delete 202), a server's groups (/servers/{id}/os-security-groups), with
// Neutron's refusals worded as Nova words them.

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { ApiError } from "../../../kernel/errors.js";
import { computeHooks } from "../../networking/index.js";
import { microversion } from "../microversion.js";
import { badRequest, forbidden, itemNotFound } from "../errors.js";
import type { ComputeDeps } from "./deps.js";
import { visibleServer } from "../operations/servers.js";
import { UUID } from "../schemas/parameter-types.js";
import type { ProxyGroup, ProxyRule } from "../../networking/index.js";

const { proxy } = computeHooks;

/** Nova's MAX_PROXY_API_SUPPORT_VERSION is 2.35: the proxies are gone from 2.36. */
export function proxyGate(c: Ctx): void {
  if (microversion(c) >= 36) throw itemNotFound("The resource could not be found.");
}

const text = z.string().max(255);
export const groupBodySchema = z.strictObject({ security_group: z.strictObject({ name: text, description: text }) });
const port = z.union([z.number().int(), z.string().trim().regex(/^-?\d+$/).transform(Number)]).pipe(z.number().int().min(-1).max(65535));
export const ruleBodySchema = z.strictObject({
  security_group_rule: z.strictObject({
    parent_group_id: z.string().min(1),
    group_id: z.string().min(1).nullable().optional(),
    ip_protocol: z.string().nullable().optional(),
    from_port: port.nullable().optional(),
    to_port: port.nullable().optional(),
    cidr: z.string().nullable().optional(),
  }),
});

const groupNotFound = (id: string) => itemNotFound(`Security group ${id} not found.`);

/** Neutron's answer as Nova reports it: 404 not found, quota 403, other conflicts and bad input 400. */
function novaWording(error: unknown, notFound: () => ApiError): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 404) return notFound();
  if (error.code === "OverQuota") return forbidden(error.message);
  return badRequest(error.message);
}

function groupView(g: ProxyGroup) {
  return { id: g.id, name: g.name, description: g.description, tenant_id: g.projectId, rules: g.rules.map(ruleView) };
}

function ruleView(r: ProxyRule) {
  return {
    id: r.id,
    parent_group_id: r.parentGroupId,
    ip_protocol: r.protocol,
    from_port: r.fromPort,
    to_port: r.toPort,
    group: r.group ?? {},
    ip_range: r.group ? {} : { cidr: r.cidr },
  };
}

/** Nova's rule checks (security_group_api.validate ports): a known protocol, a range that fits it. */
function checkRule(protocol: string | null, from: number | null, to: number | null): void {
  if (protocol === null) return;
  const p = protocol.toLowerCase();
  if (!["tcp", "udp", "icmp"].includes(p)) throw badRequest(`Invalid IP protocol ${protocol}.`);
  if (from === null || to === null) return;
  if (p === "icmp") {
    if (from < -1 || from > 255 || to < -1 || to > 255) throw badRequest(`ICMP type ${from} or code ${to} is invalid.`);
  } else if (from < 1 || to > 65535 || from > to) {
    throw badRequest(`Invalid port range ${from}:${to}. Valid ${p.toUpperCase()} ports should be between 1-65535`);
  }
}

const unset = (port: number | null | undefined) => (port === undefined || port === -1 ? null : port);

export function proxySecurityGroupRoutes(deps: ComputeDeps): RouteDef[] {
  const idOf = (c: Ctx) => c.req.param("groupId") ?? "";
  const visible = (c: Ctx) => {
    const group = proxy.securityGroup(deps.root(), deps.caller(c), idOf(c));
    if (!group) throw groupNotFound(idOf(c));
    return group;
  };
  return [
    {
      method: "GET",
      path: "/v2.1/servers/:id/os-security-groups",
      operation: "compute.server.security_groups",
      handler: (c) => {
        proxyGate(c);
        const caller = deps.caller(c);
        const server = visibleServer(deps.state(), caller, c.req.param("id") ?? "");
        // the groups of the server's ports, once each, in Neutron's terms
        const ids = new Set(server.portIds.flatMap((id) => computeHooks.portById(deps.root(), id)?.securityGroups ?? []));
        const groups = [...ids].map((id) => proxy.securityGroup(deps.root(), caller, id)).filter((g): g is ProxyGroup => g !== undefined);
        return c.json({ security_groups: groups.map(groupView) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-security-groups",
      operation: "compute.security_group.list",
      handler: (c) => {
        proxyGate(c);
        const all = queryParam(c, "all_tenants");
        const groups = proxy.securityGroups(deps.root(), deps.caller(c), all !== undefined && all !== "0" && all.toLowerCase() !== "false");
        return c.json({ security_groups: groups.map(groupView) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-security-groups/:groupId",
      operation: "compute.security_group.show",
      handler: (c) => {
        proxyGate(c);
        return c.json({ security_group: groupView(visible(c)) });
      },
    },
    route({
      method: "POST",
      path: "/v2.1/os-security-groups",
      operation: "compute.security_group.create",
      schema: groupBodySchema,
      schemaFor: (c) => {
        proxyGate(c);
        return groupBodySchema;
      },
      handler: (c, { security_group: b }) => {
        const group = deps.write(c, (_s, ctx) => {
          try {
            return proxy.createSecurityGroup(ctx, b.name, b.description);
          } catch (error) {
            throw novaWording(error, () => groupNotFound(""));
          }
        });
        return c.json({ security_group: groupView(group) });
      },
    }),
    route({
      method: "PUT",
      path: "/v2.1/os-security-groups/:groupId",
      operation: "compute.security_group.update",
      schema: groupBodySchema,
      schemaFor: (c) => {
        proxyGate(c);
        visible(c);
        return groupBodySchema;
      },
      handler: (c, { security_group: b }) => {
        const group = deps.write(c, (_s, ctx) => {
          try {
            return proxy.updateSecurityGroup(ctx, idOf(c), b.name, b.description);
          } catch (error) {
            throw novaWording(error, () => groupNotFound(idOf(c)));
          }
        });
        return c.json({ security_group: groupView(group) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/os-security-groups/:groupId",
      operation: "compute.security_group.delete",
      handler: (c) => {
        proxyGate(c);
        visible(c);
        deps.write(c, (_s, ctx) => {
          try {
            proxy.deleteSecurityGroup(ctx, idOf(c));
          } catch (error) {
            throw novaWording(error, () => groupNotFound(idOf(c)));
          }
        });
        return c.body(null, 202);
      },
    },
    route({
      method: "POST",
      path: "/v2.1/os-security-group-rules",
      operation: "compute.security_group_rule.create",
      schema: ruleBodySchema,
      schemaFor: (c) => {
        proxyGate(c);
        return ruleBodySchema;
      },
      handler: (c, { security_group_rule: b }) => {
        const caller = deps.caller(c);
        // Nova's validate_id: a group id must look like a UUID before any lookup
        for (const id of [b.parent_group_id, b.group_id]) if (id && !UUID.test(id)) throw badRequest("Security group id should be uuid");
        if (!proxy.securityGroup(deps.root(), caller, b.parent_group_id)) throw groupNotFound(b.parent_group_id);
        if (b.group_id && !proxy.securityGroup(deps.root(), caller, b.group_id)) throw groupNotFound(b.group_id);
        const protocol = b.ip_protocol ?? null;
        checkRule(protocol, b.from_port ?? null, b.to_port ?? null);
        const rule = deps.write(c, (_s, ctx) => {
          try {
            return proxy.createSecurityGroupRule(ctx, {
              parentGroupId: b.parent_group_id,
              protocol: protocol?.toLowerCase() ?? null,
              // Nova sends -1 ("every port / type / code") to Neutron as no value
              fromPort: unset(b.from_port),
              toPort: unset(b.to_port),
              cidr: b.cidr ?? (b.group_id ? null : "0.0.0.0/0"),
              groupId: b.group_id ?? null,
            });
          } catch (error) {
            if (error instanceof ApiError && error.code === "SecurityGroupRuleExists") throw badRequest(`This rule already exists in group ${b.parent_group_id}`);
            throw novaWording(error, () => groupNotFound(b.parent_group_id));
          }
        });
        return c.json({ security_group_rule: ruleView(rule) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/os-security-group-rules/:ruleId",
      operation: "compute.security_group_rule.delete",
      handler: (c) => {
        proxyGate(c);
        const id = c.req.param("ruleId") ?? "";
        const notFound = () => itemNotFound(`Security group with rule ${id} not found.`);
        if (!proxy.securityGroupRuleExists(deps.root(), deps.caller(c), id)) throw notFound();
        deps.write(c, (_s, ctx) => {
          try {
            proxy.deleteSecurityGroupRule(ctx, id);
          } catch (error) {
            throw novaWording(error, notFound);
          }
        });
        return c.body(null, 202);
      },
    },
  ];
}
