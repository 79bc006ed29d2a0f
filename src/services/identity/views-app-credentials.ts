// An application credential as Keystone renders it (views.ts), with expires_at carrying the fraction of a
// second the client sent (`.820972`, where the clock keeps milliseconds), and access rules as listed alone.
// The spec profile adds the spec's name for the expiry, `expiration`, beside `expires_at`; roles stay
// Keystone's objects (they carry the name the spec lists), which openstacksdk and the CLI parse.

import { dictGet } from "../../kernel/store/dict.js";
import type { AppCredential, IdentityState } from "./state.js";
import type { AccessRule } from "./state-groups.js";
import { appCredentialView as baseView } from "./views.js";

export function appCredentialView(s: IdentityState, cred: AppCredential, base: string, spec: boolean, secret?: string) {
  const view = baseView(s, cred, base, secret);
  const fraction = dictGet(s.appCredentialExpiryFraction, cred.id);
  if (typeof view.expires_at === "string" && fraction !== undefined) view.expires_at = view.expires_at.replace(/\.\d{6}$/, `.${fraction}`);
  if (spec) view.expiration = view.expires_at;
  return view;
}

export function accessRuleView(rule: AccessRule, base: string) {
  return {
    id: rule.id,
    service: rule.service,
    method: rule.method,
    path: rule.path,
    links: { self: `${base}/identity/v3/users/${rule.userId}/access_rules/${rule.id}` },
  };
}
