// Instance actions -> Nova wire JSON (nova/api/openstack/compute/instance_actions.py): the list's fields,
// `updated_at` from 2.58, and the events: admins always, others from 2.51; host (admin) and hostId from 2.62.

import { isoMicroNoZone } from "../../../kernel/time.js";
import type { InstanceAction, InstanceActionEvent } from "../server-records.js";
import { hostIdOf } from "./servers.js";

const time = (ms: number | null) => (ms === null ? null : isoMicroNoZone(ms));

export function instanceActionView(serverId: string, a: InstanceAction, version: number): Record<string, unknown> {
  const view: Record<string, unknown> = {
    action: a.action,
    instance_uuid: serverId,
    message: a.message,
    project_id: a.projectId,
    request_id: a.requestId,
    start_time: time(a.startTime),
    user_id: a.userId,
  };
  if (version >= 58) view.updated_at = time(a.updatedAt);
  return view;
}

function eventView(e: InstanceActionEvent, projectId: string, version: number, isAdmin: boolean): Record<string, unknown> {
  const view: Record<string, unknown> = { event: e.event, start_time: time(e.startTime), finish_time: time(e.finishTime), result: e.result };
  if (isAdmin) view.traceback = null;
  if (version >= 62) {
    if (isAdmin) view.host = e.host;
    view.hostId = hostIdOf(projectId, e.host);
  }
  // 2.84: the failure's details (Nova keeps an exception's message; none is kept here)
  if (version >= 84) view.details = null;
  return view;
}

/** GET one action: with its events when the caller may see them. */
export function instanceActionDetail(serverId: string, a: InstanceAction, version: number, isAdmin: boolean): Record<string, unknown> {
  const view = instanceActionView(serverId, a, version);
  if (isAdmin || version >= 51) view.events = a.events.map((e) => eventView(e, a.projectId, version, isAdmin));
  return view;
}
