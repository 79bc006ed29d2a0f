// The events identity publishes (`identity.<resource>.<past-tense>`) and their payloads; the end of
// this file merges them into the kernel's EventMap, so every emit and subscribe of them is checked.

import type { AssignmentScope, TokenScope } from "./state.js";

type Named = { id: string; name: string };
type Updated = { id: string; fields: string[] };
type Assignment = { userId: string; roleId: string; scope: AssignmentScope };
type AppCredential = { id: string; name: string; userId: string; projectId: string };

export type IdentityEvents = {
  "identity.domain.created": Named;
  "identity.domain.updated": Updated;
  "identity.domain.deleted": Named;
  "identity.project.created": Named & { domainId: string };
  "identity.project.updated": Updated;
  "identity.project.deleted": Named & { domainId: string };
  "identity.user.created": Named & { domainId: string };
  "identity.user.updated": Updated;
  "identity.user.deleted": Named & { domainId: string };
  "identity.role.created": Named;
  "identity.role.updated": Updated;
  "identity.role.deleted": Named;
  "identity.role_assignment.created": Assignment;
  "identity.role_assignment.deleted": Assignment;
  "identity.application_credential.created": AppCredential;
  "identity.application_credential.deleted": AppCredential;
  "identity.token.issued": { userId: string; scope: TokenScope; auditId: string; methods: string[] };
  "identity.token.revoked": { userId: string; auditId: string };
};

// merged into the kernel's one event map: every `tx.emit` and `events.subscribe` in the program is checked
declare module "../../kernel/events.js" {
  interface EventMap extends IdentityEvents {}
}
