// Block storage's resource kinds as the control API lists them, reads their status (advance-until) and the
// dashboard shows them: volumes with their attachments, snapshots, backups.

import { plainDetail, resourceKind } from "../../kernel/resources.js";
import type { BlockStorageState } from "./state.js";
import { VOLUME } from "./lifecycle.js";
import { SNAPSHOT, type SNAPSHOT_STATUSES } from "./operations/snapshots.js";
import type { VOLUME_STATUSES } from "./operations/volume-actions.js";
import type { Assert, Equals } from "../../kernel/type-equals.js";
import type { SnapshotStatus, VolumeStatus } from "../../client/types.js";

// the typed client's statuses are Cinder's lists (what os-reset_status takes), or this file does not compile
type _Volume = Assert<Equals<(typeof VOLUME_STATUSES)[number], VolumeStatus>>;
type _Snapshot = Assert<Equals<(typeof SNAPSHOT_STATUSES)[number], SnapshotStatus>>;
import { BACKUP } from "./operations/backups.js";

export const blockStorageResources = [
  resourceKind({
    type: VOLUME,
    lifecycle: true,
    table: (s: BlockStorageState) => s.volumes,
    projectOf: (v) => v.projectId,
    statusOf: (v) => v.status,
    summary: (v) => ({ id: v.id, name: v.name, status: v.status, projectId: v.projectId, size: v.size }),
    // attachments (server, host, device, status) among its fields; a connector's details are the host's
    detail: (v) => ({ ...plainDetail(v), attachments: v.attachments.map((a) => ({ id: a.id, serverId: a.serverId, hostName: a.hostName, device: a.device, status: a.status })) }),
  }),
  resourceKind({
    type: SNAPSHOT,
    lifecycle: true,
    table: (s: BlockStorageState) => s.snapshots,
    projectOf: (v) => v.projectId,
    statusOf: (v) => v.status,
    summary: (v) => ({ id: v.id, name: v.name, status: v.status, projectId: v.projectId, volumeId: v.volumeId }),
    detail: (v) => plainDetail(v),
  }),
  resourceKind({
    type: BACKUP,
    lifecycle: true,
    table: (s: BlockStorageState) => s.backups,
    projectOf: (v) => v.projectId,
    statusOf: (v) => v.status,
    summary: (v) => ({ id: v.id, name: v.name, status: v.status, projectId: v.projectId, volumeId: v.volumeId }),
    detail: (v) => plainDetail(v),
  }),
];
