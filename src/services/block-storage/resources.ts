// Block storage's resource kinds as the control API lists them and reads their status (advance-until).

import { resourceKind } from "../../kernel/resources.js";
import type { BlockStorageState } from "./state.js";
import { VOLUME } from "./lifecycle.js";
import { SNAPSHOT } from "./operations/snapshots.js";
import { BACKUP } from "./operations/backups.js";

export const blockStorageResources = [
  resourceKind({
    type: VOLUME,
    lifecycle: true,
    table: (s: BlockStorageState) => s.volumes,
    projectOf: (v) => v.projectId,
    statusOf: (v) => v.status,
    summary: (v) => ({ id: v.id, name: v.name, status: v.status, projectId: v.projectId, size: v.size }),
  }),
  resourceKind({
    type: SNAPSHOT,
    lifecycle: true,
    table: (s: BlockStorageState) => s.snapshots,
    projectOf: (v) => v.projectId,
    statusOf: (v) => v.status,
    summary: (v) => ({ id: v.id, name: v.name, status: v.status, projectId: v.projectId, volumeId: v.volumeId }),
  }),
  resourceKind({
    type: BACKUP,
    lifecycle: true,
    table: (s: BlockStorageState) => s.backups,
    projectOf: (v) => v.projectId,
    statusOf: (v) => v.status,
    summary: (v) => ({ id: v.id, name: v.name, status: v.status, projectId: v.projectId, volumeId: v.volumeId }),
  }),
];
