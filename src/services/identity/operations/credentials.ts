// Keystone credentials (/v3/credentials and /users/{id}/credentials/OS-EC2), following keystone/api/
// credentials.py and users.py: the owner or an admin manages a credential; an `ec2` one's id is the SHA-256
// of its access key and it must name a project; a list shows a non-admin only their own.

import { createHash } from "node:crypto";
import { isAdmin, type Principal } from "../../../kernel/auth/principal.js";
import type { Ids } from "../../../kernel/ids.js";
import { filter, get, put, remove } from "../../../kernel/store/table.js";
import { conflict, forbidden, notFound, validationError } from "../errors.js";
import type { CredentialCreate, CredentialUpdate } from "../schemas/credentials.js";
import type { Credential, IdentityState } from "../state.js";
import { requireProject, requireUser } from "./directory.js";

export const EC2 = "ec2";

export const ec2CredentialId = (access: string) => createHash("sha256").update(access, "utf8").digest("hex");

/** An ec2 blob's fields; undefined when it is not a JSON object with a string `access`. */
export function ec2Blob(blob: string): { access: string; secret?: string; trust_id?: string | null } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(blob);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const access = (parsed as { access?: unknown }).access;
  return typeof access === "string" && access !== "" ? (parsed as { access: string }) : undefined;
}

function assertOwnerOrAdmin(caller: Principal, userId: string | undefined): void {
  if (!isAdmin(caller) && caller.userId !== userId) throw forbidden();
}

/** An unknown id is a 404 for anyone (ids are hashes of access keys or random); another user's a 403. */
function readable(s: IdentityState, caller: Principal, id: string): Credential {
  const cred = get(s.credentials, id);
  if (!cred) throw notFound("credential", id);
  assertOwnerOrAdmin(caller, cred.userId);
  return cred;
}

/** The id an ec2 credential takes, after checking its blob and project. */
function ec2Id(s: IdentityState, blob: string, projectId: string | null | undefined): string {
  const fields = ec2Blob(blob);
  if (!fields) throw validationError("Invalid blob in credential: an ec2 credential's blob is a JSON object with an `access` key.");
  if (!projectId) throw validationError("A project_id is required for an ec2 credential.");
  requireProject(s, projectId);
  return ec2CredentialId(fields.access);
}

export function createCredential(s: IdentityState, ids: Ids, caller: Principal, input: CredentialCreate): Credential {
  assertOwnerOrAdmin(caller, input.user_id);
  requireUser(s, input.user_id);
  const ec2 = input.type.toLowerCase() === EC2;
  if (!ec2 && input.project_id) requireProject(s, input.project_id);
  const id = ec2 ? ec2Id(s, input.blob, input.project_id) : ids.hexId();
  if (get(s.credentials, id)) throw conflict("credential", `Duplicate ID, ${id}`);
  const credential: Credential = { id, userId: input.user_id, projectId: input.project_id ?? null, type: input.type, blob: input.blob };
  put(s.credentials, credential);
  return credential;
}

export function listCredentials(s: IdentityState, caller: Principal, f: { userId?: string; type?: string }): Credential[] {
  const admin = isAdmin(caller);
  return filter(
    s.credentials,
    (c) => (admin || c.userId === caller.userId) && (f.userId === undefined || c.userId === f.userId) && (f.type === undefined || c.type === f.type),
  );
}

export function showCredential(s: IdentityState, caller: Principal, id: string): Credential {
  return readable(s, caller, id);
}

/** The blob keys that scope an ec2 credential (to a trust, an application credential, an OAuth1 token). */
const SCOPE_KEYS = ["trust_id", "app_cred_id", "access_token_id", "access_id"] as const;

export function updateCredential(s: IdentityState, caller: Principal, id: string, patch: CredentialUpdate): Credential {
  const cred = readable(s, caller, id);
  if (patch.user_id !== undefined && patch.user_id !== cred.userId) {
    assertOwnerOrAdmin(caller, patch.user_id);
    requireUser(s, patch.user_id);
  }
  const next = { ...cred, ...(patch.blob !== undefined && { blob: patch.blob }), ...(patch.type !== undefined && { type: patch.type }) };
  if (patch.user_id !== undefined) next.userId = patch.user_id;
  if (patch.project_id !== undefined) next.projectId = patch.project_id;
  if (next.type.toLowerCase() === EC2) {
    // Keystone keeps the id (the hash of the access key it was created with) and lets the key change; what
    // scopes the credential may not change or go
    ec2Id(s, next.blob, next.projectId);
    const before = cred.type.toLowerCase() === EC2 ? (ec2Blob(cred.blob) as Record<string, unknown> | undefined) : undefined;
    const after = ec2Blob(next.blob) as Record<string, unknown>;
    for (const key of SCOPE_KEYS) {
      if ((before?.[key] ?? null) !== (after[key] ?? null)) throw validationError(`${key} can not be updated for credential`);
    }
  } else if (patch.project_id) requireProject(s, patch.project_id);
  put(s.credentials, next);
  return next;
}

export function deleteCredential(s: IdentityState, caller: Principal, id: string): void {
  readable(s, caller, id);
  remove(s.credentials, id);
}

// --- OS-EC2: the same credentials seen by access key, under a user ---

function ec2OfUser(s: IdentityState, caller: Principal, userId: string, access: string): Credential {
  assertOwnerOrAdmin(caller, userId);
  requireUser(s, userId);
  const cred = get(s.credentials, ec2CredentialId(access));
  if (!cred || cred.type.toLowerCase() !== EC2 || cred.userId !== userId) throw notFound("credential", access);
  return cred;
}

/** POST /users/{id}/credentials/OS-EC2: a fresh access/secret pair for the user on `projectId`. */
export function createEc2Credential(s: IdentityState, ids: Ids, caller: Principal, userId: string, projectId: string): Credential {
  assertOwnerOrAdmin(caller, userId);
  requireUser(s, userId);
  requireProject(s, projectId);
  const access = ids.hexId();
  const blob = JSON.stringify({ access, secret: ids.hexId(), trust_id: null });
  const credential: Credential = { id: ec2CredentialId(access), userId, projectId, type: EC2, blob };
  put(s.credentials, credential);
  return credential;
}

export function listEc2Credentials(s: IdentityState, caller: Principal, userId: string): Credential[] {
  assertOwnerOrAdmin(caller, userId);
  requireUser(s, userId);
  return filter(s.credentials, (c) => c.userId === userId && c.type.toLowerCase() === EC2 && ec2Blob(c.blob) !== undefined);
}

export function showEc2Credential(s: IdentityState, caller: Principal, userId: string, access: string): Credential {
  return ec2OfUser(s, caller, userId, access);
}

export function deleteEc2Credential(s: IdentityState, caller: Principal, userId: string, access: string): void {
  remove(s.credentials, ec2OfUser(s, caller, userId, access).id);
}

/** A deleted user's credentials go with it (Keystone drops them on the user's deletion). */
export function dropCredentialsOf(s: IdentityState, which: { userId?: string; projectId?: string }): void {
  for (const cred of filter(s.credentials, (c) => c.userId === which.userId || (which.projectId !== undefined && c.projectId === which.projectId))) {
    remove(s.credentials, cred.id);
  }
}
