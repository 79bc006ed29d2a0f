// Instance HA's resource kinds as the control API lists them and the dashboard shows them (a segment with its
// hosts): they belong to the cloud, not to a project.

import { DETAIL_LIST_MAX, plainDetail, resourceKind } from "../../kernel/resources.js";
import { filter, get } from "../../kernel/store/table.js";
import { sliceOf, type InstanceHaState } from "./state.js";

export const instanceHaResources = [
  resourceKind({
    type: "instance-ha.segment",
    table: (s: InstanceHaState) => s.segments,
    summary: (g) => ({ id: g.id, name: g.name, recoveryMethod: g.recoveryMethod }),
    detail: (g, root) => {
      const hosts = filter(sliceOf(root).hosts, (h) => h.segmentId === g.id);
      return { ...plainDetail(g, ["seq"]), hosts: hosts.slice(0, DETAIL_LIST_MAX).map((h) => ({ id: h.id, name: h.name, type: h.type, reserved: h.reserved, onMaintenance: h.onMaintenance })), hostCount: hosts.length };
    },
  }),
  resourceKind({
    type: "instance-ha.host",
    table: (s: InstanceHaState) => s.hosts,
    summary: (h) => ({ id: h.id, name: h.name, type: h.type, segmentId: h.segmentId }),
    detail: (h, root) => ({ ...plainDetail(h, ["seq"]), segmentName: get(sliceOf(root).segments, h.segmentId)?.name ?? null }),
  }),
  resourceKind({
    type: "instance-ha.notification",
    table: (s: InstanceHaState) => s.notifications,
    statusOf: (n) => n.status,
    summary: (n) => ({ id: n.id, type: n.type, status: n.status, segmentId: n.segmentId, sourceHostUuid: n.sourceHostUuid }),
  }),
];
