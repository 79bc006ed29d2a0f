// Volume transfers (cinder/transfer/api.py): a project offers an available volume to whoever holds the
// transfer's id and auth key; the volume waits in awaiting-transfer until the transfer is accepted (the
// volume, and its snapshots unless no_snapshots, move to the accepting project with their quota usage) or
// deleted (it is available again). The auth key is shown once; only its hash is kept.

import { createHash } from "node:crypto";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { emptyTable, filter, get, put, remove, scan, type Table } from "../../../kernel/store/table.js";
import { badRequest, invalidSnapshotState, invalidVolume, invalidVolumeState, itemNotFound } from "../errors.js";
import type { BlockStorageState, Transfer } from "../state.js";
import { checkQuota, checkVolumeQuota, useQuota } from "./quotas.js";
import { typeNameOf, visibleVolume } from "./volumes.js";

const hash = (key: string) => createHash("sha256").update(key).digest("hex");
/** Cinder's volume_transfer_key_length: 16 hexadecimal digits a person can type */
const AUTH_KEY_LENGTH = 16;

export const transferNotFound = (id: string) => itemNotFound(`Transfer ${id} could not be found.`);

function transfers(s: BlockStorageState): Table<Transfer> {
  return (s.transfers ??= emptyTable());
}

/** A transfer the caller may see: of a volume of its project, any for an admin. */
export function visibleTransfer(s: BlockStorageState, caller: Caller, id: string): Transfer {
  const transfer = s.transfers && get(s.transfers, id);
  if (!transfer || (!caller.isAdmin && transfer.sourceProjectId !== caller.projectId)) throw transferNotFound(id);
  return transfer;
}

/** The caller's project's transfers, or every project's for an admin asking for all_tenants; oldest first. */
export function listTransfers(s: BlockStorageState, caller: Caller, allTenants: boolean, name?: string): Transfer[] {
  if (!s.transfers) return [];
  const all = [...scan(s.transfers)].filter((t) => (allTenants && caller.isAdmin) || t.sourceProjectId === caller.projectId);
  return all.filter((t) => name === undefined || t.name === name).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

export interface NewTransfer {
  transfer: Transfer;
  authKey: string;
}

/** `allowEncrypted`: from 3.70 an encrypted volume may be transferred (its key goes with it) */
export function createTransfer(s: BlockStorageState, ctx: OperationContext, volumeId: string, name: string | null, noSnapshots: boolean, allowEncrypted: boolean): NewTransfer {
  const volume = visibleVolume(s, ctx.caller, volumeId);
  if (volume.status !== "available") throw invalidVolumeState("status must be available");
  if (volume.encrypted && !allowEncrypted) throw invalidVolume("transferring encrypted volume is not supported");
  if (!noSnapshots) {
    for (const snapshot of filter(s.snapshots, (x) => x.volumeId === volumeId)) {
      if (snapshot.status !== "available") throw invalidSnapshotState(`snapshot: ${snapshot.id} status must be available`);
    }
  }
  const authKey = ctx.ids.uuid().replace(/-/g, "").slice(0, AUTH_KEY_LENGTH);
  const transfer: Transfer = {
    id: ctx.ids.uuid(),
    volumeId,
    name: name === null ? null : name.trim(),
    authKeyHash: hash(authKey),
    noSnapshots,
    sourceProjectId: volume.projectId,
    createdAt: ctx.now,
  };
  put(transfers(s), transfer);
  volume.status = "awaiting-transfer";
  volume.updatedAt = ctx.now;
  return { transfer, authKey };
}

/** Deletes a pending transfer: its volume is available again. */
export function deleteTransfer(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const transfer = visibleTransfer(s, ctx.caller, id);
  remove(transfers(s), id);
  const volume = get(s.volumes, transfer.volumeId);
  if (volume?.status === "awaiting-transfer") {
    volume.status = "available";
    volume.updatedAt = ctx.now;
  }
}

/**
 * Accepts a transfer with its auth key, as any project (the id and key are what a donor hands over): the
 * volume (and its snapshots unless no_snapshots) become the caller's, counted in its quota and no longer
 * in the donor's.
 */
export function acceptTransfer(s: BlockStorageState, ctx: OperationContext, id: string, authKey: string): Transfer {
  const transfer = s.transfers && get(s.transfers, id);
  if (!transfer) throw transferNotFound(id);
  if (hash(authKey) !== transfer.authKeyHash) throw badRequest(`Invalid auth key: Attempt to transfer ${id} with invalid auth key.`);
  const volume = get(s.volumes, transfer.volumeId);
  if (!volume) throw transferNotFound(id);
  const to = ctx.caller.projectId;
  const from = volume.projectId;
  const typeName = typeNameOf(s, volume);
  const snapshots = transfer.noSnapshots ? [] : filter(s.snapshots, (x) => x.volumeId === volume.id);
  const snapshotGb = snapshots.reduce((sum, x) => sum + x.size, 0);
  checkVolumeQuota(s, to, typeName, 1, volume.size);
  checkQuota(s, to, "snapshots", snapshots.length, typeName);
  checkQuota(s, to, "gigabytes", volume.size + snapshotGb, typeName);
  for (const [project, sign] of [[to, 1], [from, -1]] as const) {
    useQuota(s, project, "volumes", sign, typeName);
    useQuota(s, project, "gigabytes", sign * (volume.size + snapshotGb), typeName);
    useQuota(s, project, "snapshots", sign * snapshots.length, typeName);
  }
  put(s.volumes, { ...volume, projectId: to, userId: ctx.caller.userId, status: "available", updatedAt: ctx.now });
  for (const snapshot of snapshots) put(s.snapshots, { ...snapshot, projectId: to, userId: ctx.caller.userId, updatedAt: ctx.now });
  remove(transfers(s), id);
  return transfer;
}

/** Drops the transfers of a project's volumes (a project reset). */
export function forgetTransfers(s: BlockStorageState, projectId: string): void {
  if (!s.transfers) return;
  for (const { id } of filter(s.transfers, (t) => t.sourceProjectId === projectId)) remove(s.transfers, id);
}
