// Networking's part of a tenant (POST /_emulator/tenants): its default security group, a private network and
// subnet on a free 10.x.y.0/24, a router gatewayed to the external network, and quota limits of its own, made
// as the admin the service is.

import { ApiError } from "../../kernel/errors.js";
import type { TenantNetwork } from "../../client/types-world.js";
import { systemCaller, type OperationContext } from "../../kernel/operation.js";
import { get, scan } from "../../kernel/store/table.js";
import { cidrsOverlap, parseCidr, type Cidr } from "./cidr.js";
import type { TenantHooks } from "../../kernel/service.js";
import type { Network, NetworkingState } from "./state.js";
import type { NetworkingContext } from "./operations/common.js";
import { createNetwork } from "./operations/networks.js";
import { createSubnet } from "./operations/subnets.js";
import { createRouter } from "./operations/routers.js";
import { addRouterInterface } from "./operations/router-interfaces.js";
import { ensureDefaultGroup } from "./operations/security-groups.js";
import { updateQuotas, type QuotaSet } from "./operations/quotas.js";
import { QUOTA_KEYS } from "./schemas/quotas.js";

/** The time, the id stream and the transaction of the caller's store update. */
type ControlContext = Pick<OperationContext, "now" | "ids" | "tx">;

interface TenantNetworkInput {
  projectId: string;
  /** names the network `<name>-net`, the subnet `<name>-subnet`, the router `<name>-router` */
  name: string;
  /** a free 10.x.y.0/24 when absent */
  cidr?: string;
  /** name or id; the default external network (else the first) when absent */
  externalNetwork?: string;
}

const asAdmin = (ctx: ControlContext, projectId: string): NetworkingContext => ({ ...ctx, caller: systemCaller(projectId) });

export const networkingTenants: TenantHooks<NetworkingState> = {
  quotaKeys: QUOTA_KEYS,
  setUp(s, t, ctx) {
    const { network, cidr, externalNetwork } = t.input as { network?: boolean; cidr?: string; externalNetwork?: string };
    const securityGroupId = ensureDefaultGroup(s, ctx, t.projectId);
    t.made.network = network === false ? null : createTenantNetwork(s, ctx, { projectId: t.projectId, name: t.projectName, cidr, externalNetwork });
    t.made.securityGroupId = securityGroupId;
  },
  setQuotas: (s, projectId, limits, ctx) => updateQuotas(s, asAdmin(ctx, projectId), projectId, limits as Partial<QuotaSet>, false),
};

function createTenantNetwork(s: NetworkingState, ctx: ControlContext, input: TenantNetworkInput): TenantNetwork {
  const op = asAdmin(ctx, input.projectId);
  const external = externalNetwork(s, input.externalNetwork);
  const cidr = input.cidr ?? freeTenantCidr(s);
  const network = createNetwork(s, op, { name: `${input.name}-net`, projectId: input.projectId });
  const subnet = createSubnet(s, op, { networkId: network.id, cidr, ipVersion: 4, name: `${input.name}-subnet`, projectId: input.projectId });
  const router = createRouter(s, op, { name: `${input.name}-router`, projectId: input.projectId, gateway: external ? { networkId: external.id } : null });
  addRouterInterface(s, op, get(s.routers, router.id)!, { subnetId: subnet.id });
  return { id: network.id, name: network.name, subnetId: subnet.id, cidr: subnet.cidr, routerId: router.id, externalNetworkId: external?.id ?? null };
}

function externalNetwork(s: NetworkingState, ref: string | undefined): Network | undefined {
  const externals = Array.from(scan(s.networks)).filter((n) => n.external);
  if (ref === undefined) return externals.find((n) => n.isDefault) ?? externals[0];
  const found = externals.find((n) => n.id === ref) ?? externals.find((n) => n.name === ref);
  if (!found) throw new ApiError(400, undefined, `No external network ${ref}. External networks: ${externals.map((n) => n.name || n.id).join(", ") || "none"}.`);
  return found;
}

/** The first 10.x.y.0/24 (x from 1, then y) that overlaps no IPv4 subnet of any project. */
function freeTenantCidr(s: NetworkingState): string {
  const taken: Cidr[] = [];
  for (const subnet of scan(s.subnets)) {
    const cidr = parseCidr(subnet.cidr);
    if (cidr?.version === 4) taken.push(cidr);
  }
  for (let y = 0; y < 256; y++) {
    for (let x = 1; x < 256; x++) {
      const text = `10.${x}.${y}.0/24`;
      const candidate = parseCidr(text)!;
      if (!taken.some((t) => cidrsOverlap(t, candidate))) return text;
    }
  }
  throw new ApiError(409, undefined, "Every 10.x.y.0/24 is taken: give the tenant a `cidr`.");
}
