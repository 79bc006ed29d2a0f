// Cinder's errors: the Nova-style fault envelope {"<faultName>": {"code": N, "message": "..."}}, with
// constructors named after Cinder's exceptions (InvalidVolume, VolumeNotFound, VolumeSizeExceedsAvailableQuota...).
// A refusal because of a resource's current state is a StateConflict: the spec's 409, Cinder's own answer
// (mostly 400) under --profile upstream; call sites only say which Cinder error it is.

import { ApiError, faultEnvelope, novaFaults } from "../../kernel/errors.js";
import type { BlockStorageProfile } from "./options.js";

export const envelope = faultEnvelope;

export const { badRequest, forbidden, itemNotFound, conflictingRequest, notAcceptable } = novaFaults;

/**
 * An operation that conflicts with a resource's current state (its status, what is attached to it, what
 * depends on it): 409 conflictingRequest with Cinder's message, as the spec's error table wants for every
 * API. `upstream` is Cinder's own answer (InvalidVolume's 400 badRequest and kin), which the upstream
 * profile renders instead (inProfile, applied once to every route by routes/paths.ts).
 */
export class StateConflict extends ApiError {
  constructor(readonly upstream: ApiError) {
    super(409, "conflictingRequest", upstream.message, upstream.headers);
  }
}

/** The error as the profile answers it: a StateConflict becomes Cinder's own error under `upstream`. */
export function inProfile(error: unknown, profile: BlockStorageProfile): unknown {
  return profile === "upstream" && error instanceof StateConflict ? error.upstream : error;
}

/** Cinder's InvalidInput: `Invalid input received: <reason>` */
export const invalidInput = (reason: string) => badRequest(`Invalid input received: ${reason}`);
/** Cinder's InvalidVolume: `Invalid volume: <reason>`, for a request that no volume state would allow */
export const invalidVolume = (reason: string) => badRequest(`Invalid volume: ${reason}`);
/** Cinder's InvalidVolume for a volume in the wrong state (most of them): 409 in the spec profile */
export const invalidVolumeState = (reason: string) => new StateConflict(invalidVolume(reason));
/** `Invalid volume: Volume status must be available to extend, but the status is in-use.` style refusals */
export const volumeStatusMustBe = (expected: string, action: string, status: string) =>
  invalidVolumeState(`Volume status must be ${expected} to ${action}, but the status is ${status}.`);
/** Cinder's InvalidSnapshot for a snapshot in the wrong state */
export const invalidSnapshotState = (reason: string) => new StateConflict(badRequest(`Invalid snapshot: ${reason}`));
/** Cinder's InvalidBackup for a backup in the wrong state */
export const invalidBackupState = (reason: string) => new StateConflict(badRequest(`Invalid backup: ${reason}`));
/** Any other Cinder 400 that a resource's state causes (a type in use, an image not active) */
export const inState = (upstream: ApiError) => new StateConflict(upstream);
export const invalidVolumeType = (reason: string) => badRequest(`Invalid volume type: ${reason}`);

export const volumeNotFound = (id: string) => itemNotFound(`Volume ${id} could not be found.`);
export const volumeTypeNotFound = (id: string) => itemNotFound(`Volume type ${id} could not be found.`);
export const volumeTypeNotFoundByName = (name: string) => itemNotFound(`Volume type with name ${name} could not be found.`);
export const snapshotNotFound = (id: string) => itemNotFound(`Snapshot ${id} could not be found.`);
export const backupNotFound = (id: string) => itemNotFound(`Backup ${id} could not be found.`);
export const metadataNotFound = (id: string, key: string) => itemNotFound(`Volume ${id} has no metadata with key ${key}.`);
export const extraSpecNotFound = (id: string, key: string) => itemNotFound(`Volume Type ${id} has no extra specs with key ${key}.`);
export const imageNotFound = (id: string) => itemNotFound(`Image ${id} could not be found.`);

/** Cinder's VolumeSizeExceedsAvailableQuota (413, overLimit) */
export const volumeSizeExceedsAvailableQuota = (requested: number, consumed: number, quota: number, name = "gigabytes") =>
  new ApiError(
    413,
    "overLimit",
    `VolumeSizeExceedsAvailableQuota: Requested volume or snapshot exceeds allowed ${name} quota. Requested ${requested}G, quota is ${quota}G and ${consumed}G has been consumed.`,
  );
/** Cinder's VolumeLimitExceeded (413, overLimit) */
export const volumeLimitExceeded = (allowed: number, name = "volumes") =>
  new ApiError(413, "overLimit", `VolumeLimitExceeded: Maximum number of volumes allowed (${allowed}) exceeded for quota '${name}'.`);
/** Cinder's SnapshotLimitExceeded (413, overLimit) */
export const snapshotLimitExceeded = (allowed: number) =>
  new ApiError(413, "overLimit", `SnapshotLimitExceeded: Maximum number of snapshots allowed (${allowed}) exceeded`);
/** Cinder's BackupLimitExceeded (413, overLimit) */
export const backupLimitExceeded = (allowed: number) =>
  new ApiError(413, "overLimit", `BackupLimitExceeded: Maximum number of backups allowed (${allowed}) exceeded`);
/** Cinder's VolumeBackupSizeExceedsAvailableQuota (413, overLimit) */
export const volumeBackupSizeExceedsAvailableQuota = (requested: number, consumed: number, quota: number) =>
  new ApiError(
    413,
    "overLimit",
    `VolumeBackupSizeExceedsAvailableQuota: Requested backup exceeds allowed Backup gigabytes quota. Requested ${requested}G, quota is ${quota}G and ${consumed}G has been consumed.`,
  );
/** Cinder's GroupLimitExceeded (413, overLimit) */
export const groupLimitExceeded = (allowed: number) =>
  new ApiError(413, "overLimit", `GroupLimitExceeded: Maximum number of groups allowed (${allowed}) exceeded`);
export const groupNotFound = (id: string) => itemNotFound(`Group ${id} could not be found.`);
/** Cinder's InvalidGroup (400) for a group (or its volumes) in the wrong state: 409 in the spec profile */
export const invalidGroupState = (reason: string) => new StateConflict(badRequest(`Invalid Group: ${reason}`));
/** Cinder's generic OverQuota for the other resources (snapshots, backups) */
export const overQuota = (resource: string, requested: number, used: number, limit: number) =>
  new ApiError(413, "overLimit", `Quota exceeded for resources: ['${resource}']. Requested ${requested}, already used ${used} of ${limit}.`);
