// Server group records (nova/api/openstack/compute/server_groups.py _format_server_group): `policies` and
// `metadata` before 2.64, `project_id` and `user_id` from 2.13, `policy` and `rules` from 2.64.

import type { ServerGroup } from "../state.js";
import type { Microversion } from "../microversion.js";

export function serverGroupView(g: ServerGroup, mv: Microversion): Record<string, unknown> {
  const view: Record<string, unknown> = { id: g.id, name: g.name };
  if (mv >= 64) {
    view.policy = g.policy;
    view.rules = { ...g.rules };
  } else {
    view.policies = [g.policy];
  }
  view.members = [...g.members];
  if (mv < 64) view.metadata = {};
  if (mv >= 13) {
    view.project_id = g.projectId;
    view.user_id = g.userId;
  }
  return view;
}
