// Notifications and vmoves as Masakari renders them: recovery_workflow_details on one notification from
// 1.1 (task name, state, progress and its timestamped messages); vmoves (1.3). The type by the spec's
// names (COMPUTE_HOST, COMPUTE_INSTANCE, COMPUTE_PROCESS), Masakari's (VM, PROCESS) under `upstream`.

import type { Notification, VMove } from "../state.js";
import type { Microversion } from "../microversion.js";
import { stamp } from "./segments.js";
import { isoMicroExactNoZone } from "../../../kernel/time.js";
import { shownType, type Profile } from "../schemas/notifications.js";

const pyFloat = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(n));

/** taskflow's progress timestamps: `2019-03-07 13:54:28.842031` */
const progressStamp = (ms: number) => stamp(ms)!.replace("T", " ");

export function notificationView(n: Notification, mv: Microversion, detail: boolean, profile: Profile = "spec") {
  return {
    id: n.seq,
    notification_uuid: n.id,
    type: shownType(n.type, profile),
    status: n.status,
    source_host_uuid: n.sourceHostUuid,
    failover_segment_uuid: n.segmentId,
    generated_time: isoMicroExactNoZone(n.generatedTime),
    payload: { ...n.payload },
    message: n.workflow.lastError,
    created_at: stamp(n.createdAt),
    updated_at: stamp(n.updatedAt),
    deleted: false,
    deleted_at: null,
    ...(detail && mv >= 1
      ? {
          recovery_workflow_details: n.workflow.details.map((task) => ({
            name: task.name,
            state: task.state,
            progress: task.progress,
            progress_details: task.progressDetails.map((p) => ({
              timestamp: progressStamp(p.timestamp),
              message: p.message,
              // Masakari keeps a detail's progress as Python's str() of the float: "1.0", "0.5"
              progress: pyFloat(p.progress),
            })),
          })),
        }
      : {}),
  };
}

export function vmoveView(v: VMove, notificationId: string) {
  return {
    id: v.seq,
    uuid: v.id,
    notification_uuid: notificationId,
    instance_uuid: v.serverId,
    instance_name: v.serverName,
    source_host: v.sourceHost,
    dest_host: v.destHost,
    start_time: stamp(v.startTime),
    end_time: stamp(v.endTime),
    type: v.type,
    status: v.status,
    message: v.message,
    created_at: stamp(v.createdAt),
    updated_at: stamp(v.updatedAt),
    deleted: false,
    deleted_at: null,
  };
}
