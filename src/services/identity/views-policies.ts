// Wire JSON of a policy blob (Keystone v3 /policies): its unknown attributes kept, as Keystone returns them.

import type { Policy } from "./state.js";

export function policyView(p: Policy, base: string) {
  return { ...p.extra, id: p.id, type: p.type, blob: p.blob, links: { self: `${base}/identity/v3/policies/${p.id}` } };
}
