// Keystone v3 /policies (keystone/policy/core.py): opaque blobs with a MIME type, stored and returned as
// given, with any extra attributes the client sent. Admin only (the routes say so).

import { filter, get, put, remove } from "../../../kernel/store/table.js";
import { notFound } from "../errors.js";
import type { PolicyCreate, PolicyUpdate } from "../schemas/policies.js";
import type { IdentityState, Policy } from "../state.js";

/** The attributes Keystone keeps beside blob and type; it never lets a body choose the id or links. */
function extraOf(body: Record<string, unknown>): Record<string, unknown> {
  const { blob: _blob, type: _type, id: _id, links: _links, ...extra } = body;
  return extra;
}

export function requirePolicy(s: IdentityState, id: string): Policy {
  const policy = get(s.policies, id);
  if (!policy) throw notFound("policy", id);
  return policy;
}

export function createPolicy(s: IdentityState, id: string, body: PolicyCreate): Policy {
  const policy: Policy = { id, type: body.type, blob: body.blob, extra: extraOf(body) };
  put(s.policies, policy);
  return policy;
}

export function listPolicies(s: IdentityState): Policy[] {
  return filter(s.policies, () => true);
}

export function updatePolicy(s: IdentityState, id: string, patch: PolicyUpdate): Policy {
  const policy = requirePolicy(s, id);
  if (patch.blob !== undefined) policy.blob = patch.blob;
  if (patch.type !== undefined) policy.type = patch.type;
  Object.assign(policy.extra, extraOf(patch));
  return policy;
}

export function deletePolicy(s: IdentityState, id: string): void {
  requirePolicy(s, id);
  remove(s.policies, id);
}
