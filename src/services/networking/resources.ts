// Networking's resource kinds as the control API lists them and the dashboard shows them: a subnet's
// detail has its allocation use (addresses in use of the pools' total), a security group's its rules.

import { DETAIL_LIST_MAX, plainDetail, resourceKind } from "../../kernel/resources.js";
import { get } from "../../kernel/store/table.js";
import { sliceOf as net, type NetworkingState } from "./state.js";
import { subnetAvailabilityView } from "./views/ip-availability.js";

export const networkingResources = [
  resourceKind({
    type: "networking.network",
    table: (s: NetworkingState) => s.networks,
    projectOf: (n) => n.projectId,
    statusOf: (n) => n.status,
    summary: (n) => ({ id: n.id, name: n.name, status: n.status, projectId: n.projectId, external: n.external }),
    detail: (n, root) => ({
      ...plainDetail(n, ["subnetIds"]),
      subnets: n.subnetIds.map((id) => get(net(root).subnets, id)).map((sub) => sub && { id: sub.id, name: sub.name, cidr: sub.cidr }),
    }),
  }),
  resourceKind({
    type: "networking.subnet",
    table: (s: NetworkingState) => s.subnets,
    projectOf: (n) => n.projectId,
    summary: (n) => ({ id: n.id, name: n.name, projectId: n.projectId, networkId: n.networkId, cidr: n.cidr }),
    detail: (n) => {
      const use = subnetAvailabilityView(n);
      return { ...plainDetail(n, ["ipam"]), allocation: { used: use.used_ips, total: use.total_ips } };
    },
  }),
  resourceKind({
    type: "networking.port",
    table: (s: NetworkingState) => s.ports,
    projectOf: (p) => p.projectId,
    statusOf: (p) => p.status,
    summary: (p) => ({ id: p.id, name: p.name, status: p.status, projectId: p.projectId, networkId: p.networkId, deviceId: p.deviceId }),
    detail: (p) => plainDetail(p),
  }),
  resourceKind({
    type: "networking.router",
    table: (s: NetworkingState) => s.routers,
    projectOf: (r) => r.projectId,
    statusOf: (r) => r.status,
    summary: (r) => ({ id: r.id, name: r.name, status: r.status, projectId: r.projectId }),
    detail: (r) => plainDetail(r),
  }),
  resourceKind({
    type: "networking.floatingip",
    table: (s: NetworkingState) => s.floatingIps,
    projectOf: (f) => f.projectId,
    statusOf: (f) => f.status,
    summary: (f) => ({ id: f.id, status: f.status, projectId: f.projectId, address: f.floatingIpAddress }),
    detail: (f) => plainDetail(f),
  }),
  resourceKind({
    type: "networking.security-group",
    table: (s: NetworkingState) => s.securityGroups,
    projectOf: (g) => g.projectId,
    summary: (g) => ({ id: g.id, name: g.name, projectId: g.projectId, rules: g.ruleIds.length }),
    detail: (g, root) => ({
      ...plainDetail(g, ["ruleIds"]),
      rules: g.ruleIds.slice(0, DETAIL_LIST_MAX).flatMap((id) => {
        const rule = get(net(root).rules, id);
        return rule ? [plainDetail(rule, ["projectId", "securityGroupId", "createdAt", "updatedAt", "revision"])] : [];
      }),
    }),
  }),
];
