// Block storage (Cinder v3) slice: volumes, volume types, snapshots, backups, per-project quota overrides
// and usage counters (so a quota check never counts a collection). Selectors here are pure reads.

import { emptyDict, type Dict } from "../../kernel/store/dict.js";
import { emptyTable, get, find, type Table } from "../../kernel/store/table.js";

/** One attachment of a volume to a server (Cinder lists only attached ones). */
export interface VolumeAttachment {
  /** the attachment id */
  id: string;
  serverId: string | null;
  hostName: string | null;
  device: string | null;
  /**
   * "attached" once os-attach (or the attachments API's os-complete) ran; an attachment made through the
   * attachments API (3.27) is "reserved" until a connector is given, then "attaching" until completed
   */
  status: "reserved" | "attaching" | "attached";
  /** the host connector given (attachments API); connection_info is shown once there is one */
  connector?: Record<string, unknown> | null;
  mode: "rw" | "ro";
  attachedAt: number | null;
}

export interface Volume {
  id: string;
  name: string | null;
  description: string | null;
  projectId: string;
  userId: string;
  /** gigabytes */
  size: number;
  status: string;
  /** the volume type's id (the wire shows its name, from 3.63 also the id) */
  volumeTypeId: string;
  availabilityZone: string;
  bootable: boolean;
  readonly: boolean;
  encrypted: boolean;
  multiattach: boolean;
  metadata: Record<string, string>;
  /** the image's properties when created from an image (volume_image_metadata) */
  imageMetadata: Record<string, string> | null;
  snapshotId: string | null;
  sourceVolid: string | null;
  backupId: string | null;
  /** the request that created it, named by the user message of a failure (absent in older states) */
  requestId?: string;
  /** the generic volume group it belongs to (3.13; absent in older states) */
  groupId?: string | null;
  attachments: VolumeAttachment[];
  /** Cinder's host@backend#pool */
  host: string;
  migrationStatus: string | null;
  /** a step under way: what it returns to and what it applies when it finishes (extend, retype) */
  pending: VolumePending | null;
  createdAt: number;
  updatedAt: number | null;
}

export interface VolumePending {
  /** the status the volume goes back to when the step finishes */
  resumeStatus: string;
  newSize?: number;
  newTypeId?: string;
  /** os-retype: the data moves to the new type's backend (its host follows) */
  migrate?: boolean;
  /** os-volume_upload_image: the image being written */
  imageId?: string;
  /** the request that started the step (a failed extend's user message names it) */
  requestId?: string;
}

export interface VolumeType {
  id: string;
  name: string;
  description: string | null;
  isPublic: boolean;
  extraSpecs: Record<string, string>;
  qosSpecsId: string | null;
  /** projects a private type is shared with (os-volume-type-access) */
  projectIds: string[];
  /** its volumes' encryption (types/{id}/encryption); volumes of an encrypted type are encrypted */
  encryption?: TypeEncryption;
}

export interface TypeEncryption {
  encryptionId: string;
  provider: string;
  controlLocation: "front-end" | "back-end";
  cipher: string | null;
  keySize: number | null;
  createdAt: number;
  updatedAt: number | null;
}

export interface Snapshot {
  id: string;
  volumeId: string;
  /** the volume's type when it was taken (per-type quota keys are released against it) */
  volumeTypeId: string;
  projectId: string;
  userId: string;
  name: string | null;
  description: string | null;
  size: number;
  status: string;
  metadata: Record<string, string>;
  /** the request that created it, named by the user message of a failure (absent in older states) */
  requestId?: string;
  /** the group snapshot it was taken in (3.14; absent in older states) */
  groupSnapshotId?: string | null;
  /** the progress a driver (or Nova) last reported through os-update_snapshot_status, e.g. "90%" */
  progress?: string;
  createdAt: number;
  updatedAt: number | null;
}

/** A backup of a volume (its objects belong in object storage once that service exists). */
export interface Backup {
  id: string;
  volumeId: string;
  projectId: string;
  userId: string;
  name: string | null;
  description: string | null;
  size: number;
  status: string;
  container: string;
  isIncremental: boolean;
  createdAt: number;
  updatedAt: number | null;
  /** the request that created it, named by the user message of a failure (absent in older states) */
  requestId?: string;
  /** the full or incremental backup this one builds on (Cinder's parent_id) */
  parentId: string | null;
  snapshotId: string | null;
  availabilityZone: string | null;
  /** when the backed-up data was taken (data_timestamp): the create time, or the snapshot's */
  dataTimestamp: number;
  failReason: string | null;
  objectCount: number;
  metadata: Record<string, string>;
  /** while creating: the status its source (the volume, or the snapshot) returns to; null when it holds none (an import) */
  sourceResumeStatus: string | null;
  /** while restoring: the volume being written */
  restoreVolumeId: string | null;
  /** what it keeps of its volume besides the data, restored with it (absent in records from older states) */
  volumeMeta?: BackedUpVolumeMeta;
}

/** Cinder's backup metadata (cinder/backup/driver.py): the volume's name, description, metadata, image metadata. */
export interface BackedUpVolumeMeta {
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  imageMetadata: Record<string, string> | null;
}

/** A QoS specification (admin only): limits applied at the back end, the front end (hypervisor) or both. */
export interface QosSpec {
  id: string;
  name: string;
  consumer: "back-end" | "front-end" | "both";
  specs: Record<string, string>;
}

/** Fixed quota resources; per-type keys (`volumes_<type>`, `gigabytes_<type>`, `snapshots_<type>`) are added per type. */
export const BLOCK_STORAGE_QUOTA_KEYS = [
  "volumes", "snapshots", "gigabytes", "backups", "backup_gigabytes", "groups", "per_volume_gigabytes",
] as const;
export type BlockStorageQuotaKey = (typeof BLOCK_STORAGE_QUOTA_KEYS)[number];

export const DEFAULT_BLOCK_STORAGE_QUOTAS: Record<BlockStorageQuotaKey, number> = {
  volumes: 10,
  snapshots: 10,
  gigabytes: 1000,
  backups: 10,
  backup_gigabytes: 1000,
  groups: 10,
  per_volume_gigabytes: -1,
};

export interface BlockStorageState {
  volumes: Table<Volume>;
  volumeTypes: Table<VolumeType>;
  snapshots: Table<Snapshot>;
  backups: Table<Backup>;
  qosSpecs: Table<QosSpec>;
  /** project id -> limits of its own (fixed and per-type keys; absent keys take the defaults) */
  quotas: Table<{ id: string; limits: Partial<Record<string, number>> }>;
  /** project id -> counters in use: volumes, gigabytes, snapshots, backups, backup_gigabytes and per-type keys */
  usage: Dict<Partial<Record<string, number>>>;
  /** the type volumes get when they name none */
  defaultTypeId: string;
  /**
   * quota class -> limits set through os-quota-class-sets; the `default` class's are every project's
   * defaults, as in Cinder (absent in states saved before it existed)
   */
  quotaClasses?: Record<string, Partial<Record<string, number>>>;
  /**
   * what an admin changed of a cinder service (os-services enable/disable, freeze/thaw), by
   * `<binary> <host>`; a service absent here is enabled and not frozen (absent in older states)
   */
  serviceStates?: Record<string, CinderServiceState>;
  /** pending volume transfers (absent in older states) */
  transfers?: Table<Transfer>;
  /** group types (absent in older states) */
  groupTypes?: Table<GroupType>;
  /** generic volume groups (absent in older states) */
  groups?: Table<VolumeGroup>;
  /** snapshots of whole groups (absent in older states) */
  groupSnapshots?: Table<GroupSnapshot>;
  /** user messages about failures the user's requests ran into (absent in older states) */
  messages?: Table<UserMessage>;
}

/** A user message (3.3, cinder/message/api.py): what failed, for whom, until when it is kept. */
export interface UserMessage {
  id: string;
  projectId: string;
  /** the request whose work failed */
  requestId: string;
  resourceType: string;
  resourceUuid: string | null;
  /** message_field Action and Detail ids ('001'...) */
  actionId: string;
  detailId: string;
  createdAt: number;
  /** guaranteed_until: gone from then on */
  expiresAt: number;
}

/** A snapshot of a generic volume group (3.14): one snapshot of each member volume, managed together. */
export interface GroupSnapshot {
  id: string;
  groupId: string;
  groupTypeId: string;
  projectId: string;
  userId: string;
  name: string | null;
  description: string | null;
  status: string;
  createdAt: number;
  updatedAt: number | null;
}

/** A generic volume group (3.13): volumes of the listed types, managed together. */
export interface VolumeGroup {
  id: string;
  projectId: string;
  userId: string;
  name: string | null;
  description: string | null;
  status: string;
  availabilityZone: string;
  groupTypeId: string;
  volumeTypeIds: string[];
  /** what it was created from (create-from-src, 3.14; absent in older states) */
  groupSnapshotId?: string | null;
  sourceGroupId?: string | null;
  /** while updating: the volumes joining and leaving when the update finishes */
  pending: { add: string[]; remove: string[] } | null;
  createdAt: number;
  updatedAt: number | null;
}

/** A volume offered to another project (os-volume-transfer): pending until accepted (then gone) or deleted. */
export interface Transfer {
  id: string;
  volumeId: string;
  name: string | null;
  /** sha-256 of the auth key, which is shown once, in the create answer */
  authKeyHash: string;
  /** 3.55: the volume's snapshots stay with the donor */
  noSnapshots: boolean;
  sourceProjectId: string;
  createdAt: number;
}

/** A group type (3.11): what generic volume groups are made of, with its group specs. */
export interface GroupType {
  id: string;
  name: string;
  description: string | null;
  isPublic: boolean;
  groupSpecs: Record<string, string>;
}

export interface CinderServiceState {
  disabled: boolean;
  disabledReason: string | null;
  frozen: boolean;
  /** when an admin last changed it (Cinder's modified_at, shown as updated_at) */
  modifiedAt: number;
}

export const DEFAULT_TYPE_NAME = "__DEFAULT__";

export function initialBlockStorageState(): BlockStorageState {
  return {
    // listed per project: each project's page costs the same however many rows other projects hold
    // and by name, for the exact name filter: a name changes only with fieldChanged after it
    volumes: emptyTable({ groupBy: "projectId", alsoGroupBy: ["name"] }),
    volumeTypes: emptyTable(),
    snapshots: emptyTable({ groupBy: "projectId", alsoGroupBy: ["name"] }),
    // a backup's parent and volume never change; its name only through fieldChanged (updateBackup)
    backups: emptyTable({ groupBy: "projectId", alsoGroupBy: ["name", "parentId", "volumeId"] }),
    qosSpecs: emptyTable(),
    quotas: emptyTable(),
    usage: emptyDict(),
    defaultTypeId: "",
    quotaClasses: {},
    serviceStates: {},
    transfers: emptyTable(),
    groupTypes: emptyTable(),
    groups: emptyTable({ groupBy: "projectId" }),
    groupSnapshots: emptyTable({ groupBy: "projectId" }),
  };
}

/** A type by id or by name (Cinder accepts both wherever a type is named). */
export function typeByNameOrId(s: BlockStorageState, nameOrId: string): VolumeType | undefined {
  return get(s.volumeTypes, nameOrId) ?? find(s.volumeTypes, (t) => t.name === nameOrId);
}

/** This service's key in the store's root, its journal and fault-rule label. */
export const SLICE = "block-storage";

export function sliceOf(root: Readonly<Record<string, unknown>> | Readonly<Record<string, unknown>>): BlockStorageState {
  return root[SLICE] as BlockStorageState;
}
