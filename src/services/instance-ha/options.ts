// Instance HA's tunables, after masakari/conf/{api,engine,engine_driver}.py: intervals on the virtual clock
// (seconds, as Masakari's options are), the host-recovery choices and the recovery flows' task lists; and
// the `instanceHa` key of a config file that sets any of them (plus the engine's scalar knobs).

import * as z from "zod";
import type { OptionSpec } from "../../kernel/options.js";

export interface RecoveryFlowTargets {
  /** tasks run before the main ones (Masakari's `pre`) */
  pre: string[];
  /** the main tasks (`main`) */
  main: string[];
  /** tasks run after (`post`) */
  post: string[];
}

export interface InstanceHaOptions {
  /** a same type/host/payload notification within this many seconds of another is a 409 (api.py) */
  duplicateNotificationDetectionIntervalSeconds: number;
  /** how often the periodic task looks for stale new and error notifications */
  processUnfinishedNotificationsIntervalSeconds: number;
  /** a notification still `new` after this long is retried */
  retryNotificationNewStatusIntervalSeconds: number;
  /** how often the periodic task looks for expired notifications */
  checkExpiredNotificationsIntervalSeconds: number;
  /** an unfinished notification older than this becomes `failed` */
  notificationsExpiredIntervalSeconds: number;
  /** how long to wait after disabling a compute service before evacuating */
  waitPeriodAfterServiceUpdateSeconds: number;
  /** how long to wait for an evacuated instance to become ACTIVE elsewhere */
  waitPeriodAfterEvacuationSeconds: number;
  waitPeriodAfterPowerOffSeconds: number;
  waitPeriodAfterPowerOnSeconds: number;
  /** instances evacuated at the same time */
  hostFailureRecoveryThreads: number;
  evacuateAllInstances: boolean;
  ignoreInstancesInErrorState: boolean;
  addReservedHostToAggregate: boolean;
  /** instance failure: act on every instance, not only HA_Enabled ones */
  processAllInstances: boolean;
  haEnabledInstanceMetadataKey: string;
  /** the host failure flow's tasks (`host_auto_failure_recovery_tasks` and friends) */
  recoveryWorkflowOnStop: { targets: string[] };
  /** the drivers that run: `nova_notification`, `taskflow`, `webhook` */
  notificationDrivers: string[];
  /**
   * who may post notifications (POST /notifications, /alertmanager): user names or ids, and `role:NAME`
   * entries (the spec's monitoring service account); empty: any admin token, as Masakari's policy
   */
  notificationSenders: string[];
}

export const DEFAULT_INSTANCE_HA_OPTIONS: InstanceHaOptions = {
  duplicateNotificationDetectionIntervalSeconds: 180,
  processUnfinishedNotificationsIntervalSeconds: 120,
  retryNotificationNewStatusIntervalSeconds: 60,
  checkExpiredNotificationsIntervalSeconds: 600,
  notificationsExpiredIntervalSeconds: 86400,
  waitPeriodAfterServiceUpdateSeconds: 180,
  waitPeriodAfterEvacuationSeconds: 90,
  waitPeriodAfterPowerOffSeconds: 180,
  waitPeriodAfterPowerOnSeconds: 60,
  hostFailureRecoveryThreads: 3,
  evacuateAllInstances: true,
  ignoreInstancesInErrorState: false,
  addReservedHostToAggregate: false,
  processAllInstances: false,
  haEnabledInstanceMetadataKey: "HA_Enabled",
  recoveryWorkflowOnStop: { targets: ["disableComputeNodeTask", "PrepareHAEnabled", "EvacuateHost"] },
  notificationDrivers: ["nova_notification", "taskflow", "webhook"],
  notificationSenders: [],
};

const seconds = z.number().min(0);
/** a list, or the comma-separated string Masakari's config files use (`targets = a, b, c`) */
const names = z.union([
  z.array(z.string().min(1)),
  z.string().transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean)),
]);

/** The config file's `instanceHa` object: any option above, and the recovery engine's scalar settings. */
export const instanceHaConfigSchema = z.strictObject({
  duplicateNotificationDetectionIntervalSeconds: seconds.optional(),
  processUnfinishedNotificationsIntervalSeconds: seconds.optional(),
  retryNotificationNewStatusIntervalSeconds: seconds.optional(),
  checkExpiredNotificationsIntervalSeconds: seconds.optional(),
  notificationsExpiredIntervalSeconds: seconds.optional(),
  waitPeriodAfterServiceUpdateSeconds: seconds.optional(),
  waitPeriodAfterEvacuationSeconds: seconds.optional(),
  waitPeriodAfterPowerOffSeconds: seconds.optional(),
  waitPeriodAfterPowerOnSeconds: seconds.optional(),
  hostFailureRecoveryThreads: z.number().int().min(1).optional(),
  evacuateAllInstances: z.boolean().optional(),
  ignoreInstancesInErrorState: z.boolean().optional(),
  addReservedHostToAggregate: z.boolean().optional(),
  processAllInstances: z.boolean().optional(),
  haEnabledInstanceMetadataKey: z.string().min(1).optional(),
  recoveryWorkflowOnStop: z.strictObject({ targets: names }).optional(),
  notificationDrivers: names.optional(),
  // the recovery engine's own (engine/settings.ts RecoveryEngineExtras)
  taskAttempts: z.number().int().min(1).optional(),
  taskRetryBackoffSeconds: seconds.optional(),
  taskPollSeconds: seconds.optional(),
  pickupDelaySeconds: seconds.optional(),
});

/** `masakari,role:service`: the users (names or ids) and `role:NAME`s that may post notifications; [] for anyone */
export const notificationSendersSchema = names.pipe(
  z.array(z.string().regex(/^(role:)?[^\s,:]+$/, "a sender is a user name or id, or role:NAME")),
);

export const instanceHaOptionsSchema = {
  instanceHa: instanceHaConfigSchema.optional(),
  haNotificationSenders: notificationSendersSchema.optional(),
};

export const INSTANCE_HA_OPTIONS: Record<keyof typeof instanceHaOptionsSchema, OptionSpec> = {
  instanceHa: {
    default: "none",
    description: "instance HA (Masakari) settings: intervals in seconds, recovery choices, recoveryWorkflowOnStop.targets, notificationDrivers",
  },
  haNotificationSenders: {
    flag: "--ha-notification-senders",
    value: "LIST",
    env: "SKYMOCK_HA_NOTIFICATION_SENDERS",
    default: "none",
    description: "instance HA notifications only from these users or role:NAMEs (masakari,role:service); others 403",
    invalid: "is not a list of user names and role:NAMEs (such as masakari,role:service)",
  },
};
