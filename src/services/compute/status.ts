// The API `status` Nova computes from (vm_state, task_state) (nova/api/openstack/common.py
// _STATE_MAP): the vm_state's default unless a task_state overrides it; UNKNOWN otherwise.

import type { Server } from "./state.js";

type Entry = { default: string; tasks?: ReadonlyArray<readonly [RegExp, string]> };

const BY_VM_STATE = {
  active: {
    default: "ACTIVE",
    tasks: [
      [/^rebooting_hard$|^reboot_pending_hard$|^reboot_started_hard$/, "HARD_REBOOT"],
      [/^rebooting$|^reboot_pending$|^reboot_started$/, "REBOOT"],
      [/^updating_password$/, "PASSWORD"],
      [/^rebuild/, "REBUILD"],
      [/^migrating$/, "MIGRATING"],
      [/^resize_(prep|migrating|migrated|finish)$/, "RESIZE"],
    ],
  },
  building: { default: "BUILD" },
  stopped: {
    default: "SHUTOFF",
    tasks: [
      [/^resize_(prep|migrating|migrated|finish)$/, "RESIZE"],
      [/^rebuild/, "REBUILD"],
    ],
  },
  resized: { default: "VERIFY_RESIZE", tasks: [[/^resize_reverting$/, "REVERT_RESIZE"]] },
  paused: { default: "PAUSED", tasks: [[/^migrating$/, "MIGRATING"]] },
  suspended: { default: "SUSPENDED" },
  rescued: { default: "RESCUE" },
  error: { default: "ERROR", tasks: [[/^rebuild/, "REBUILD"]] },
  deleted: { default: "DELETED" },
  "soft-delete": { default: "SOFT_DELETED" },
  shelved: { default: "SHELVED" },
  shelved_offloaded: { default: "SHELVED_OFFLOADED" },
} as const satisfies Record<string, Entry>;

type StatusesOf<E> = E extends { default: infer D; tasks: ReadonlyArray<readonly [RegExp, infer T]> } ? D | T : E extends { default: infer D } ? D : never;

/** Every status a server shows: the map's, and UNKNOWN for a vm_state it lacks. */
export type ServerStatus = StatusesOf<(typeof BY_VM_STATE)[keyof typeof BY_VM_STATE]> | "UNKNOWN";

/** The API status of a server; `task_state=deleting` keeps the vm_state's status (Nova has no DELETING). */
export function apiStatus(server: Pick<Server, "vmState" | "taskState">): ServerStatus {
  const entry: Entry | undefined = (BY_VM_STATE as Record<string, Entry>)[server.vmState];
  if (!entry) return "UNKNOWN";
  if (server.taskState) {
    for (const [pattern, status] of entry.tasks ?? []) if (pattern.test(server.taskState)) return status as ServerStatus;
  }
  return entry.default as ServerStatus;
}

/** Statuses that show `progress` in the server record. */
export const PROGRESS_STATUSES = new Set(["ACTIVE", "BUILD", "REBUILD", "RESIZE", "VERIFY_RESIZE", "MIGRATING"]);

/** Statuses that show `fault` in the server record. */
export const FAULT_STATUSES = new Set(["ERROR", "DELETED"]);

/**
 * The values a `status` filter may name: every status the map above gives (Nova's _STATE_MAP); UNKNOWN is
 * only the fallback for a vm_state the map lacks, so Nova does not take it as a filter either.
 */
export const FILTER_STATUSES: ReadonlySet<string> = new Set(
  Object.values(BY_VM_STATE as Record<string, Entry>).flatMap((entry) => [entry.default, ...(entry.tasks ?? []).map(([, status]) => status)]),
);
