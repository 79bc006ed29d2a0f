// The statuses resources show, as the services list them: the control API's resource reads, advance-until and
// the client's waits take and answer these. Written out here, since the client imports nothing; each
// service's resources.ts fails to compile if its list drifts from the client's.

import type { NotificationStatus } from "./types-events.js";

/** A Nova server's status (the API's, from its vm and task states); DELETED once gone. */
export type ServerStatus =
  | "ACTIVE" | "BUILD" | "DELETED" | "ERROR" | "HARD_REBOOT" | "MIGRATING" | "PASSWORD" | "PAUSED" | "REBOOT" | "REBUILD"
  | "RESCUE" | "RESIZE" | "REVERT_RESIZE" | "SHELVED" | "SHELVED_OFFLOADED" | "SHUTOFF" | "SOFT_DELETED" | "SUSPENDED"
  | "UNKNOWN" | "VERIFY_RESIZE";

/** A Cinder volume's status (cinder/objects/fields.py VolumeStatus). */
export type VolumeStatus =
  | "creating" | "available" | "deleting" | "error" | "error_deleting" | "error_managing" | "managing" | "attaching" | "in-use"
  | "detaching" | "maintenance" | "restoring-backup" | "error_restoring" | "reserved" | "awaiting-transfer" | "backing-up"
  | "error_backing-up" | "error_extending" | "downloading" | "uploading" | "retyping" | "extending";

/** A Cinder snapshot's status (SnapshotStatus). */
export type SnapshotStatus =
  | "error" | "available" | "creating" | "deleting" | "deleted" | "updating" | "error_deleting" | "unmanaging" | "backing-up" | "restoring";

/** A Glance image's status. */
export type ImageStatus = "queued" | "saving" | "active" | "killed" | "deleted" | "pending_delete" | "deactivated" | "uploading" | "importing";

/** A compute host's state (its nova-compute service up or down). */
export type ComputeHostState = "up" | "down";

/** The status a kind of resource shows, by its type; kinds not listed show a string. */
export interface ResourceStatuses {
  "compute.server": ServerStatus;
  "compute.host": ComputeHostState;
  "block-storage.volume": VolumeStatus;
  "block-storage.snapshot": SnapshotStatus;
  "image.image": ImageStatus;
  "instance-ha.notification": NotificationStatus;
}

/** The status of a resource of type T. */
export type StatusOf<T extends string> = T extends keyof ResourceStatuses ? ResourceStatuses[T] : string;

/** A status as the control API takes it: it compares them in any case (`active` finds ACTIVE). */
export type StatusName<T extends string> = string extends T ? string : StatusOf<T> | Uppercase<StatusOf<T>> | Lowercase<StatusOf<T>>;

/** What advance-until and the waits stop at: a status, or DELETED (the resource is gone). */
export type UntilStatus<T extends string> = StatusName<T> | "DELETED" | "deleted";
