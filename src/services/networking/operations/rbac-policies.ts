// RBAC policies (neutron/db/rbac_db_mixin.py and the network callbacks of db_base_plugin_v2.py): share a
// network, QoS policy, security group, address scope or subnet pool with one project or all ('*', admin
// only), or expose a network as external to a project. A policy whose removal would strand the target
// project's ports is in use (409).

import type { Caller } from "../../../kernel/operation.js";
import { own } from "../../../kernel/own.js";
import { dictGet, dictSet, dictDelete } from "../../../kernel/store/dict.js";
import { fieldChanged, find, get, put, regroup, remove, scan, scanGroup } from "../../../kernel/store/table.js";
import { addressScopeNotFound, invalidAttribute, notFound, policyNotAuthorized, securityGroupNotFound, subnetPoolNotFound } from "../errors.js";
import type { NetworkingState } from "../state.js";
import type { RbacPolicy } from "../extension-state.js";
import { duplicateRbacPolicy, invalidActionForType, rbacPolicyInUse, rbacPolicyNotFound } from "../extension-errors.js";
import { targetProject, type NetworkingContext } from "./common.js";

export type RbacAction = RbacPolicy["action"];
/** The object types, with the actions each allows (neutron-lib's rbac object types). */
export const RBAC_ACTIONS: Record<string, RbacAction[]> = {
  network: ["access_as_external", "access_as_shared"],
  qos_policy: ["access_as_shared"],
  security_group: ["access_as_shared"],
  address_scope: ["access_as_shared"],
  subnetpool: ["access_as_shared"],
};

export interface RbacInput {
  objectType: string;
  objectId: string;
  action: string;
  targetTenant: string;
  projectId?: string;
}

const objectKey = (type: string, id: string) => `${type}|${id}`;

/** Whether an RBAC policy on the object grants `projectId` the action (any action when none is named). */
export function rbacGrants(s: NetworkingState, objectType: string, objectId: string, projectId: string, action?: RbacAction): boolean {
  const ids = dictGet(s.ext.rbacByObject, objectKey(objectType, objectId));
  if (!ids) return false;
  return ids.some((id) => {
    const p = get(s.ext.rbacPolicies, id);
    return p !== undefined && (action === undefined || p.action === action) && (p.targetTenant === "*" || p.targetTenant === projectId);
  });
}

export function visibleRbacPolicy(s: NetworkingState, caller: Caller, id: string): RbacPolicy {
  const policy = get(s.ext.rbacPolicies, id);
  if (!policy || !(caller.isAdmin || policy.projectId === caller.projectId)) throw rbacPolicyNotFound(id, "unknown");
  return policy;
}

/** The object, which the caller must own (admins: any). Invisible or another project's is its own NotFound. */
function ownedObject(s: NetworkingState, caller: Caller, type: string, id: string): { projectId: string } {
  const mine = (o: { projectId: string } | undefined) => o !== undefined && (caller.isAdmin || o.projectId === caller.projectId);
  if (type === "network") {
    const n = get(s.networks, id);
    if (!mine(n)) throw notFound("Network", id);
    return n!;
  }
  if (type === "qos_policy") {
    const q = get(s.qosPolicies, id);
    if (!mine(q)) throw notFound("QosPolicy", id);
    return q!;
  }
  if (type === "address_scope") {
    const a = get(s.addressScopes, id);
    if (!mine(a)) throw addressScopeNotFound(id);
    return a!;
  }
  if (type === "subnetpool") {
    const p = get(s.subnetPools, id);
    if (!mine(p)) throw subnetPoolNotFound(id);
    return p!;
  }
  const g = get(s.securityGroups, id);
  if (!mine(g)) throw securityGroupNotFound(id);
  return g!;
}

function checkTarget(caller: Caller, action: "create_rbac_policy" | "update_rbac_policy", target: string): void {
  if (target === "*" && !caller.isAdmin) throw policyNotAuthorized(`${action}:target_tenant`);
}

function checkDuplicate(s: NetworkingState, p: Omit<RbacPolicy, "id" | "projectId">, except?: string): void {
  const ids = dictGet(s.ext.rbacByObject, objectKey(p.objectType, p.objectId)) ?? [];
  for (const id of ids) {
    const o = get(s.ext.rbacPolicies, id);
    if (o && id !== except && o.action === p.action && o.targetTenant === p.targetTenant) throw duplicateRbacPolicy();
  }
}

export function createRbacPolicy(s: NetworkingState, ctx: NetworkingContext, input: RbacInput): RbacPolicy {
  const actions = own(RBAC_ACTIONS, input.objectType);
  if (!actions) throw invalidAttribute("object_type", `'${input.objectType}' is not in [${Object.keys(RBAC_ACTIONS).map((t) => `'${t}'`).join(", ")}]`);
  if (!actions.includes(input.action as RbacAction)) throw invalidActionForType(input.action, input.objectType, actions);
  checkTarget(ctx.caller, "create_rbac_policy", input.targetTenant);
  const projectId = targetProject(ctx.caller, input.projectId);
  ownedObject(s, ctx.caller, input.objectType, input.objectId);
  const policy: RbacPolicy = {
    id: ctx.ids.uuid(),
    projectId,
    objectType: input.objectType,
    objectId: input.objectId,
    action: input.action as RbacAction,
    targetTenant: input.targetTenant,
  };
  checkDuplicate(s, policy);
  put(s.ext.rbacPolicies, policy);
  const key = objectKey(policy.objectType, policy.objectId);
  dictSet(s.ext.rbacByObject, key, [...(dictGet(s.ext.rbacByObject, key) ?? []), policy.id]);
  syncShared(s, policy);
  return get(s.ext.rbacPolicies, policy.id)!;
}

export function updateRbacPolicy(s: NetworkingState, ctx: NetworkingContext, policy: RbacPolicy, targetTenant: string | undefined): RbacPolicy {
  if (targetTenant === undefined || targetTenant === policy.targetTenant) return policy;
  checkTarget(ctx.caller, "update_rbac_policy", targetTenant);
  checkDuplicate(s, { ...policy, targetTenant }, policy.id);
  checkNotInUse(s, policy, targetTenant);
  regroup(s.ext.rbacPolicies, policy, "targetTenant", targetTenant);
  syncShared(s, policy);
  return policy;
}

export function deleteRbacPolicy(s: NetworkingState, ctx: NetworkingContext, policy: RbacPolicy): void {
  checkNotInUse(s, policy, undefined);
  dropRbacPolicy(s, policy);
}

/** Removes the policy and its index entry, with no checks (the object itself is going). */
export function dropRbacPolicy(s: NetworkingState, policy: RbacPolicy): void {
  remove(s.ext.rbacPolicies, policy.id);
  const key = objectKey(policy.objectType, policy.objectId);
  const rest = (dictGet(s.ext.rbacByObject, key) ?? []).filter((id) => id !== policy.id);
  if (rest.length > 0) dictSet(s.ext.rbacByObject, key, rest);
  else dictDelete(s.ext.rbacByObject, key);
  syncShared(s, policy);
}

/**
 * The ids of the objects of a type that policies let `projectId` in to (naming it or "*"), with one of
 * `actions` (any when absent): read from the policies grouped by target, whatever other projects hold.
 */
export function rbacGrantedIds(s: NetworkingState, objectType: string, projectId: string, actions?: readonly RbacAction[]): Set<string> {
  const out = new Set<string>();
  for (const target of [projectId, "*"]) {
    for (const p of scanGroup(s.ext.rbacPolicies, target, { by: "targetTenant" })) {
      if (p.objectType === objectType && (actions === undefined || actions.includes(p.action))) out.add(p.objectId);
    }
  }
  return out;
}

/** The RBAC policies on an object, for the object's deletion. */
export function rbacPoliciesOf(s: NetworkingState, objectType: string, objectId: string): RbacPolicy[] {
  return (dictGet(s.ext.rbacByObject, objectKey(objectType, objectId)) ?? []).map((id) => get(s.ext.rbacPolicies, id)).filter((p) => p !== undefined);
}

/** A network shared with everyone through a '*' policy is `shared`; the last such policy gone, it is not. */
function syncShared(s: NetworkingState, policy: RbacPolicy): void {
  if (policy.objectType !== "network" || policy.action !== "access_as_shared") return;
  const network = get(s.networks, policy.objectId);
  if (!network) return;
  const wildcard = rbacPoliciesOf(s, "network", network.id).some((p) => p.action === "access_as_shared" && p.targetTenant === "*");
  const before = network.shared;
  if (wildcard) network.shared = true;
  else if (policy.targetTenant === "*" || !get(s.ext.rbacPolicies, policy.id)) network.shared = wildcard;
  // the flag is indexed: a member's network list reads the shared networks by it
  fieldChanged(s.networks, network, "shared", before);
}

/**
 * A network sharing policy is in use while the project(s) it lets in have ports on the network that no
 * other policy keeps reachable (ensure_no_tenant_ports_on_network). `nextTarget`: the update's new target.
 */
function checkNotInUse(s: NetworkingState, policy: RbacPolicy, nextTarget: string | undefined): void {
  if (policy.objectType !== "network" || policy.action !== "access_as_shared") return;
  const network = get(s.networks, policy.objectId);
  if (!network) return;
  const others = rbacPoliciesOf(s, "network", network.id).filter((p) => p.id !== policy.id && p.action === "access_as_shared");
  const stillReaches = (projectId: string) =>
    projectId === network.projectId || nextTarget === "*" || nextTarget === projectId || others.some((p) => p.targetTenant === "*" || p.targetTenant === projectId);
  const stranded = find(s.ports, (p) => p.networkId === network.id && p.projectId !== "" && (policy.targetTenant === "*" || p.projectId === policy.targetTenant) && !stillReaches(p.projectId));
  if (stranded) throw rbacPolicyInUse(network.id, `Unable to reconfigure sharing settings for network ${network.id}. Multiple tenants are using it.`);
}

export function* visibleRbacPolicies(s: NetworkingState, caller: Caller): Generator<RbacPolicy> {
  for (const p of scan(s.ext.rbacPolicies)) if (caller.isAdmin || p.projectId === caller.projectId) yield p;
}
