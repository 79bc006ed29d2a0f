// The proxy APIs to Neutron's floating IPs and networks (Nova v2.1 until 2.36, 404 from it):
// os-floating-ips (list the project's, show, allocate 200 from a pool, release 202), os-floating-ip-pools,
// os-networks and os-tenant-networks (list, show; the nova-network writes are 410 Gone).

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { ApiError } from "../../../kernel/errors.js";
import { computeHooks } from "../../networking/index.js";
import type { Network } from "../../networking/index.js";
import { forbidden, itemNotFound } from "../errors.js";
import { proxyGate } from "./proxy-security-groups.js";
import type { ComputeDeps } from "./deps.js";
import type { ProxyFloatingIp } from "../../networking/index.js";

const { proxy } = computeHooks;

const goneBodySchema = z.looseObject({ network: z.looseObject({}) });

/** the body is optional: no body (or {}) allocates from the default pool */
export const floatingIpBodySchema = z.strictObject({ pool: z.string().min(1).max(255).optional() }).optional();

const fipView = (f: ProxyFloatingIp) => ({ fixed_ip: f.fixedIp, id: f.id, instance_id: f.instanceId, ip: f.ip, pool: f.pool });

/** webob's HTTPGone, which Nova's fault map names computeFault. */
const gone = () => new ApiError(410, "computeFault", "This resource is no longer available.  No forwarding address is given.");

const NETWORK_FIELDS = ["id", "cidr", "netmask", "gateway", "broadcast", "dns1", "dns2", "cidr_v6", "gateway_v6", "label", "netmask_v6"];
const ADMIN_NETWORK_FIELDS = [
  "created_at", "updated_at", "deleted_at", "deleted", "injected", "bridge", "vlan", "vpn_public_address", "vpn_public_port",
  "vpn_private_address", "dhcp_start", "project_id", "host", "bridge_interface", "multi_host", "priority", "rxtx_base", "mtu",
  "dhcp_server", "enable_dhcp", "share_address",
];

/** os-networks' nova-network record: only the id and label mean anything with Neutron; the rest is null. */
function networkView(n: Network, admin: boolean): Record<string, unknown> {
  const fields = admin ? [...NETWORK_FIELDS, ...ADMIN_NETWORK_FIELDS] : NETWORK_FIELDS;
  return Object.fromEntries(fields.map((f) => [f, f === "id" ? n.id : f === "label" ? n.name : null]));
}

const tenantNetworkView = (n: Network) => ({ id: n.id, cidr: "None", label: n.name });

export function proxyNetworkRoutes(deps: ComputeDeps): RouteDef[] {
  const networkOf = (c: Ctx) => {
    const n = proxy.network(deps.root(), deps.caller(c), c.req.param("networkId") ?? "");
    if (!n) throw itemNotFound("Network not found");
    return n;
  };
  const goneRoute = (method: "POST" | "DELETE", path: string, operation: string, admin: boolean): RouteDef => ({
    method,
    path,
    operation,
    ...(admin ? { policy: "admin" as const } : {}),
    // nova-network's create body, never read: the API answers 410 whatever it is
    ...(method === "POST" ? { schema: goneBodySchema } : {}),
    handler: (c) => {
      proxyGate(c);
      throw gone();
    },
  });
  return [
    {
      method: "GET",
      path: "/v2.1/os-floating-ips",
      operation: "compute.floating_ip.list",
      handler: (c) => {
        proxyGate(c);
        return c.json({ floating_ips: proxy.floatingIps(deps.root(), deps.caller(c)).map(fipView) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-floating-ips/:fipId",
      operation: "compute.floating_ip.show",
      handler: (c) => {
        proxyGate(c);
        const id = c.req.param("fipId") ?? "";
        const fip = proxy.floatingIp(deps.root(), deps.caller(c), id);
        if (!fip) throw itemNotFound(`Floating IP not found for ID ${id}`);
        return c.json({ floating_ip: fipView(fip) });
      },
    },
    route({
      method: "POST",
      path: "/v2.1/os-floating-ips",
      operation: "compute.floating_ip.create",
      schema: floatingIpBodySchema,
      bodyCheck: "optional",
      schemaFor: (c) => {
        proxyGate(c);
        return floatingIpBodySchema;
      },
      handler: (c, body) => {
        const pool = body?.pool;
        const fip = deps.write(c, (_s, ctx) => {
          try {
            return proxy.allocateFloatingIp(ctx, pool);
          } catch (error) {
            if (error instanceof ApiError && error.code === "OverQuota") throw forbidden(pool ? `IP allocation over quota in pool ${pool}.` : "IP allocation over quota.");
            if (error instanceof ApiError && error.status === 409) throw itemNotFound(pool ? `No more floating IPs in pool ${pool}.` : "No more floating IPs available.");
            throw error;
          }
        });
        if (!fip) throw itemNotFound("Floating IP pool not found.");
        return c.json({ floating_ip: fipView(fip) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/os-floating-ips/:fipId",
      operation: "compute.floating_ip.delete",
      handler: (c) => {
        proxyGate(c);
        const id = c.req.param("fipId") ?? "";
        if (!deps.write(c, (_s, ctx) => proxy.releaseFloatingIp(ctx, id))) throw itemNotFound(`Floating IP not found for ID ${id}`);
        return c.body(null, 202);
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-floating-ip-pools",
      operation: "compute.floating_ip_pool.list",
      handler: (c) => {
        proxyGate(c);
        return c.json({ floating_ip_pools: proxy.floatingIpPools(deps.root(), deps.caller(c)).map((n) => ({ name: n.name || n.id })) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-networks",
      operation: "compute.network.list",
      handler: (c) => {
        proxyGate(c);
        const caller = deps.caller(c);
        return c.json({ networks: proxy.networks(deps.root(), caller).map((n) => networkView(n, caller.isAdmin)) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-networks/:networkId",
      operation: "compute.network.show",
      handler: (c) => {
        proxyGate(c);
        return c.json({ network: networkView(networkOf(c), deps.caller(c).isAdmin) });
      },
    },
    goneRoute("POST", "/v2.1/os-networks", "compute.network.create", true),
    goneRoute("DELETE", "/v2.1/os-networks/:networkId", "compute.network.delete", true),
    {
      method: "GET",
      path: "/v2.1/os-tenant-networks",
      operation: "compute.tenant_network.list",
      handler: (c) => {
        proxyGate(c);
        return c.json({ networks: proxy.networks(deps.root(), deps.caller(c)).map(tenantNetworkView) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-tenant-networks/:networkId",
      operation: "compute.tenant_network.show",
      handler: (c) => {
        proxyGate(c);
        return c.json({ network: tenantNetworkView(networkOf(c)) });
      },
    },
    goneRoute("POST", "/v2.1/os-tenant-networks", "compute.tenant_network.create", false),
    goneRoute("DELETE", "/v2.1/os-tenant-networks/:networkId", "compute.tenant_network.delete", false),
  ];
}
