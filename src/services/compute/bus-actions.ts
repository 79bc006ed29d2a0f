// Which instance notifications a server's status change stands for (nova/compute/manager.py sends
// `<action>.start` when it takes the action up and `<action>.end` when the server is at rest): read from the
// latest instance action, since one status change (SHUTOFF -> ACTIVE) may be a start or a hard reboot.

/** An action's notification name and the API statuses it passes through and rests in. */
export interface ActionNotification {
  /** the name in `compute.instance.<name>.start` and `instance.<name>.start` */
  name: string;
  /** statuses shown while it runs: entering one is the `.start` */
  during?: readonly string[];
  /** statuses it ends in: entering one is the `.end` (with the `.start` first when no status showed it) */
  rest: readonly string[];
}

/** By the instance action's name (os-instance-actions' `action`). */
export const ACTION_NOTIFICATIONS: Record<string, ActionNotification> = {
  stop: { name: "power_off", rest: ["SHUTOFF"] },
  start: { name: "power_on", rest: ["ACTIVE"] },
  reboot: { name: "reboot", during: ["REBOOT", "HARD_REBOOT"], rest: ["ACTIVE"] },
  pause: { name: "pause", rest: ["PAUSED"] },
  unpause: { name: "unpause", rest: ["ACTIVE"] },
  suspend: { name: "suspend", rest: ["SUSPENDED"] },
  resume: { name: "resume", rest: ["ACTIVE"] },
  rescue: { name: "rescue", rest: ["RESCUE"] },
  unrescue: { name: "unrescue", rest: ["ACTIVE"] },
  shelve: { name: "shelve", rest: ["SHELVED", "SHELVED_OFFLOADED"] },
  shelveOffload: { name: "shelve_offload", rest: ["SHELVED_OFFLOADED"] },
  unshelve: { name: "unshelve", rest: ["ACTIVE", "SHUTOFF"] },
  rebuild: { name: "rebuild", during: ["REBUILD"], rest: ["ACTIVE", "SHUTOFF"] },
  restore: { name: "restore", rest: ["ACTIVE"] },
  // a delete with reclaim_instance_interval set is a soft delete
  delete: { name: "soft_delete", rest: ["SOFT_DELETED"] },
  // the move itself ends in VERIFY_RESIZE (resize_started names the prep; confirm and revert have events)
  resize: { name: "resize", rest: ["VERIFY_RESIZE"] },
  migrate: { name: "resize", rest: ["VERIFY_RESIZE"] },
};

/** The phases a status change from `from` to `to` under `action` means: none, start, end or both. */
export function phasesOf(action: ActionNotification, from: string, to: string): Array<"start" | "end"> {
  if (action.during?.includes(to)) return ["start"];
  if (!action.rest.includes(to) || action.rest.includes(from)) return [];
  return action.during?.includes(from) ? ["end"] : ["start", "end"];
}
