// Instance HA (Masakari v1) slice: failover segments, their hosts, notifications with the recovery
// workflow's progress and vmoves. Selectors here are pure reads. Field names are a contract with the
// recovery engine (engine/**): keep them stable; a renamed field gets a note here.

import { emptyDict, dictGet, type Dict } from "../../kernel/store/dict.js";
import { emptyTable, get, type Table } from "../../kernel/store/table.js";

export const RECOVERY_METHODS = ["auto", "reserved_host", "auto_priority", "rh_priority"] as const;
export type RecoveryMethod = (typeof RECOVERY_METHODS)[number];

/** A failover segment. `id` is the uuid (path ids are uuids); `seq` is Masakari's integer `id`. */
export interface Segment {
  id: string;
  seq: number;
  name: string;
  description: string | null;
  recoveryMethod: RecoveryMethod;
  serviceType: string;
  /** 1.2: a disabled segment's notifications are accepted and ignored */
  enabled: boolean;
  /** notifications of its hosts that are new, running or error (FailoverSegmentInUse) */
  activeNotifications: number;
  createdAt: number;
  updatedAt: number | null;
}

/** A host of a segment; `name` is a nova-compute host. */
export interface Host {
  id: string;
  seq: number;
  name: string;
  type: string;
  controlAttributes: string;
  reserved: boolean;
  onMaintenance: boolean;
  /** the segment's uuid */
  segmentId: string;
  /** notifications of this host that are new, running or error (HostInUse) */
  activeNotifications: number;
  createdAt: number;
  updatedAt: number | null;
}

export const NOTIFICATION_STATUSES = ["new", "running", "error", "failed", "ignored", "finished"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
/** the statuses that keep a host and its segment in use */
export const ACTIVE_STATUSES: readonly NotificationStatus[] = ["new", "running", "error"];

/** Masakari's three types; the spec's COMPUTE_INSTANCE and COMPUTE_PROCESS are stored as VM and PROCESS */
export type NotificationType = "COMPUTE_HOST" | "VM" | "PROCESS";

export type TaskState = "PENDING" | "RUNNING" | "SUCCESS" | "FAILURE" | "REVERTED";

export interface ProgressDetail {
  timestamp: number;
  message: string;
  /** 0.0 to 1.0 */
  progress: number;
}

/** One task of the recovery flow, as recovery_workflow_details shows it (1.1). */
export interface WorkflowTask {
  name: string;
  state: TaskState;
  progress: number;
  progressDetails: ProgressDetail[];
}

/** What the recovery engine records on a notification; the API only renders it. */
export interface NotificationWorkflow {
  /** tasks in the order they ran (or will run) */
  details: WorkflowTask[];
  /** how many times the engine retried the notification (error/stale new -> running again) */
  retries: number;
  /** the flow's name ("host_failure", "instance_failure", "process_failure"), null before it starts */
  flow: string | null;
  startedAt: number | null;
  finishedAt: number | null;
  /** the last failure's message, or why the engine ran no flow (ignored, finished): the view's `message` */
  lastError: string | null;
}

export type VMoveType = "evacuation" | "migration" | "live_migration";
export type VMoveStatus = "pending" | "ongoing" | "succeeded" | "failed" | "ignored";

/** One instance moved by a host recovery (1.3 vmoves). `id` is the vmove's uuid. */
export interface VMove {
  id: string;
  seq: number;
  serverId: string;
  serverName: string;
  sourceHost: string;
  destHost: string | null;
  startTime: number | null;
  endTime: number | null;
  type: VMoveType;
  status: VMoveStatus;
  message: string | null;
  createdAt: number;
  updatedAt: number | null;
}

/** A notification; `id` is the notification_uuid, `seq` the integer `id`. */
export interface Notification {
  id: string;
  seq: number;
  type: NotificationType;
  /** the hostname as sent */
  hostname: string;
  sourceHostUuid: string;
  /** the segment of the source host when the notification arrived */
  segmentId: string;
  generatedTime: number;
  payload: Record<string, string>;
  status: NotificationStatus;
  workflow: NotificationWorkflow;
  /** this notification's vmoves, in creation order */
  vmoves: Table<VMove>;
  createdAt: number;
  updatedAt: number | null;
}

/** The latest notification of one (type, host, payload): duplicate detection without scanning. */
export interface RecentNotification {
  id: string;
  generatedTime: number;
}

export interface InstanceHaState {
  segments: Table<Segment>;
  /** segment name -> uuid (names are unique) */
  segmentNames: Dict<string>;
  hosts: Table<Host>;
  /** host name -> uuid (a host belongs to one segment) */
  hostNames: Dict<string>;
  notifications: Table<Notification>;
  /** duplicateKey(type, hostname, payload) -> the latest such notification */
  recentNotifications: Dict<RecentNotification>;
  /** `<kind>:<seq>` -> uuid for segments, hosts and notifications: the SDK pages with the integer id as marker */
  seqIds: Dict<string>;
  /** the last integer id given per kind */
  seq: { segment: number; host: number; notification: number; vmove: number };
}

export function initialInstanceHaState(): InstanceHaState {
  return {
    segments: emptyTable(),
    segmentNames: emptyDict(),
    hosts: emptyTable(),
    hostNames: emptyDict(),
    notifications: emptyTable(),
    recentNotifications: emptyDict(),
    seqIds: emptyDict(),
    seq: { segment: 0, host: 0, notification: 0, vmove: 0 },
  };
}

export function emptyWorkflow(): NotificationWorkflow {
  return { details: [], retries: 0, flow: null, startedAt: null, finishedAt: null, lastError: null };
}

export const segmentByName = (s: InstanceHaState, name: string): Segment | undefined => {
  const id = dictGet(s.segmentNames, name);
  return id === undefined ? undefined : get(s.segments, id);
};

export const hostByName = (s: InstanceHaState, name: string): Host | undefined => {
  const id = dictGet(s.hostNames, name);
  return id === undefined ? undefined : get(s.hosts, id);
};

/** The key of duplicate detection: same type, same host, identical payload (keys in any order). */
export function duplicateKey(type: NotificationType, hostname: string, payload: Record<string, string>): string {
  const sorted = Object.keys(payload).sort().map((k) => [k, payload[k]]);
  return JSON.stringify([type, hostname, sorted]);
}

export type SeqKind = "segment" | "host" | "notification";
export const seqKey = (kind: SeqKind, seq: number) => `${kind}:${seq}`;

/** This service's key in the store's root, its journal and fault-rule label. */
export const SLICE = "instance-ha";

export function sliceOf(root: Readonly<Record<string, unknown>> | Readonly<Record<string, unknown>>): InstanceHaState {
  return root[SLICE] as InstanceHaState;
}
