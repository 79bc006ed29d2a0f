// Address scopes (neutron/db/address_scope_db.py): a named IP family that subnet pools join; pools in one
// scope never overlap. Sharing is admin-only and cannot be undone; a scope with pools cannot be deleted.

import { get, put, remove } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import { addressScopeInUse, addressScopeNotFound, addressScopeUpdateError, policyNotAuthorized } from "../errors.js";
import type { AddressScope, NetworkingState } from "../state.js";
import { newStandard, targetProject, touch, type NetworkingContext } from "./common.js";
import { onRbacObjectDeleting } from "./extension-hooks.js";

export interface AddressScopeInput {
  name?: string;
  shared?: boolean;
  ipVersion: 4 | 6;
  projectId?: string;
}

export function canSeeAddressScope(caller: Caller, scope: AddressScope): boolean {
  return caller.isAdmin || scope.shared || scope.projectId === caller.projectId;
}

export function visibleAddressScope(s: NetworkingState, caller: Caller, id: string): AddressScope {
  const scope = get(s.addressScopes, id);
  if (!scope || !canSeeAddressScope(caller, scope)) throw addressScopeNotFound(id);
  return scope;
}

/** Invisible is 404; visible (shared) but another project's is 403. */
function ownedAddressScope(s: NetworkingState, caller: Caller, id: string, action: string): AddressScope {
  const scope = visibleAddressScope(s, caller, id);
  if (!caller.isAdmin && scope.projectId !== caller.projectId) throw policyNotAuthorized(action);
  return scope;
}

export function createAddressScope(s: NetworkingState, ctx: NetworkingContext, input: AddressScopeInput): AddressScope {
  const projectId = targetProject(ctx.caller, input.projectId);
  if (input.shared && !ctx.caller.isAdmin) throw policyNotAuthorized("create_address_scope:shared");
  const scope: AddressScope = {
    ...newStandard(ctx, { name: input.name, projectId }),
    ipVersion: input.ipVersion,
    shared: input.shared ?? false,
    subnetpoolIds: [],
  };
  put(s.addressScopes, scope);
  return get(s.addressScopes, scope.id)!;
}

export function updateAddressScope(s: NetworkingState, ctx: NetworkingContext, id: string, patch: { name?: string; shared?: boolean }): AddressScope {
  const scope = ownedAddressScope(s, ctx.caller, id, "update_address_scope");
  if (patch.shared !== undefined && !ctx.caller.isAdmin) throw policyNotAuthorized("update_address_scope:shared");
  if (scope.shared && patch.shared === false) throw addressScopeUpdateError(id, "Shared address scope can't be unshared");
  if (patch.name !== undefined) scope.name = patch.name;
  if (patch.shared !== undefined) scope.shared = patch.shared;
  touch(scope, ctx.now);
  return scope;
}

export function deleteAddressScope(s: NetworkingState, ctx: NetworkingContext, id: string): void {
  const scope = ownedAddressScope(s, ctx.caller, id, "delete_address_scope");
  if (scope.subnetpoolIds.length > 0) throw addressScopeInUse(id);
  onRbacObjectDeleting(s, "address_scope", id);
  remove(s.addressScopes, id);
}
