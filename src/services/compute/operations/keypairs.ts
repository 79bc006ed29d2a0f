// Keypairs (nova/api/openstack/compute/keypairs.py, nova/compute/api.py KeypairAPI): names unique per user,
// import (fingerprint from the key) or generate (the private key is returned once, never stored), the
// key_pairs quota per user, and the admin's reach into another user's keypairs (user_id, 2.10).

import { filter, get, put, remove } from "../../../kernel/store/table.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import type { ComputeState, Keypair } from "../state.js";
import { badRequest, conflictingRequest, forbidden, itemNotFound } from "../errors.js";
import { computeQuotas } from "./quotas.js";
import { generateSshKey, sshFingerprint, x509Fingerprint, type RsaKeyPair } from "./keypair-keys.js";
import { generateX509Keypair } from "./keypair-x509.js";

const keyOf = (userId: string, name: string) => `${userId}/${name}`;

export function findKeypair(s: ComputeState, userId: string, name: string): Keypair | undefined {
  return get(s.keypairs, keyOf(userId, name));
}

export const keypairNotFound = (name: string, userId: string) => itemNotFound(`Keypair ${name} not found for user ${userId}`);

export function showKeypair(s: ComputeState, userId: string, name: string): Keypair {
  const keypair = findKeypair(s, userId, name);
  if (!keypair) throw keypairNotFound(name, userId);
  return keypair;
}

/** Whose keypairs a request is about: the caller's, or (admin only) the `user_id` given. */
export function targetUser(caller: Caller, userId: string | undefined): string {
  if (userId === undefined || userId === caller.userId) return caller.userId;
  if (!caller.isAdmin) throw forbidden(`Policy doesn't allow os_compute_api:os-keypairs to be performed.`);
  return userId;
}

export function listKeypairs(s: ComputeState, userId: string): Keypair[] {
  return filter(s.keypairs, (k) => k.userId === userId).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** nova/compute/api.py _validate_new_key_pair: letters, digits, `-`, `_` and spaces (from 2.92 `@` and `.` too), 1 to 255. */
function validateName(name: string, version: number): void {
  if (!(version >= 92 ? /^[A-Za-z0-9_\-@. ]*$/ : /^[A-Za-z0-9_\- ]*$/).test(name)) throw badRequest("Keypair data is invalid: Keypair name contains unsafe characters");
  if (name.length < 1 || name.length > 255) throw badRequest("Keypair data is invalid: Keypair name must be string and between 1 and 255 characters long");
}

export interface KeypairInput {
  name: string;
  userId: string;
  /** the caller's project: its key_pairs quota applies */
  projectId: string;
  type: "ssh" | "x509";
  /** absent: generate one, from `rsa` */
  publicKey?: string;
  /** the negotiated microversion (2.92 allows `@` and `.` in names) */
  version: number;
  /** the key pair a generated key is made of (newRsaKeyPair, made before the write) */
  rsa?: RsaKeyPair;
}

/**
 * What refuses a key pair whatever its key (name, quota, a name taken): the route asks before it spends
 * thread-pool time on a key to generate, and the write asks again, in Nova's order (the name and quota,
 * a given key's fingerprint, then a taken name).
 */
export function refuseNewKeypair(s: ComputeState, input: Pick<KeypairInput, "name" | "userId" | "projectId" | "version">): void {
  admitKeypair(s, input);
  refuseTakenName(s, input);
}

function admitKeypair(s: ComputeState, input: Pick<KeypairInput, "name" | "userId" | "projectId" | "version">): void {
  validateName(input.name, input.version);
  computeQuotas.check(s, input.projectId, "key_pairs", 1, filter(s.keypairs, (k) => k.userId === input.userId).length);
}

function refuseTakenName(s: ComputeState, input: Pick<KeypairInput, "name" | "userId">): void {
  if (findKeypair(s, input.userId, input.name)) throw conflictingRequest(`Key pair '${input.name}' already exists.`);
}

export function createKeypair(s: ComputeState, ctx: OperationContext, input: KeypairInput): { keypair: Keypair; privateKey?: string } {
  admitKeypair(s, input);
  let publicKey = input.publicKey;
  let fingerprint = publicKey === undefined ? undefined : input.type === "x509" ? x509Fingerprint(publicKey) : sshFingerprint(publicKey);
  refuseTakenName(s, input);
  let privateKey: string | undefined;
  if (publicKey === undefined || fingerprint === undefined) {
    if (!input.rsa) throw new Error("createKeypair: a key to generate needs input.rsa");
    if (input.type === "x509") {
      // a self-signed certificate for the user, as Nova makes for WinRM
      const cert = generateX509Keypair(input.userId, ctx.now, input.rsa);
      ({ certificate: publicKey, privateKey } = cert);
      fingerprint = x509Fingerprint(cert.certificate);
    } else ({ publicKey, fingerprint, privateKey } = generateSshKey(input.rsa));
  }
  const keypair: Keypair = {
    id: keyOf(input.userId, input.name),
    name: input.name,
    userId: input.userId,
    publicKey,
    fingerprint,
    type: input.type,
    number: s.nextKeypairNumber++,
    createdAt: ctx.now,
  };
  put(s.keypairs, keypair);
  ctx.tx.emit("compute.keypair.created", { name: keypair.name, userId: keypair.userId, type: keypair.type });
  return privateKey === undefined ? { keypair } : { keypair, privateKey };
}

export function deleteKeypair(s: ComputeState, ctx: OperationContext, userId: string, name: string): void {
  showKeypair(s, userId, name);
  remove(s.keypairs, keyOf(userId, name));
  ctx.tx.emit("compute.keypair.deleted", { name, userId });
}
