// Instance HA's resource kinds as the control API lists them: they belong to the cloud, not to a project.

import { resourceKind } from "../../kernel/resources.js";
import type { InstanceHaState } from "./state.js";

export const instanceHaResources = [
  resourceKind({
    type: "instance-ha.segment",
    table: (s: InstanceHaState) => s.segments,
    summary: (g) => ({ id: g.id, name: g.name, recoveryMethod: g.recoveryMethod }),
  }),
  resourceKind({
    type: "instance-ha.host",
    table: (s: InstanceHaState) => s.hosts,
    summary: (h) => ({ id: h.id, name: h.name, type: h.type, segmentId: h.segmentId }),
  }),
  resourceKind({
    type: "instance-ha.notification",
    table: (s: InstanceHaState) => s.notifications,
    statusOf: (n) => n.status,
    summary: (n) => ({ id: n.id, type: n.type, status: n.status, segmentId: n.segmentId, sourceHostUuid: n.sourceHostUuid }),
  }),
];
