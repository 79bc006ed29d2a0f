// The emulator's options as plain types: what a config file (`skymock start --config`, the container's
// withConfig()) and createEmulator() take. Written out here, since the client imports nothing; src/index.ts
// checks them against the options schema (src/config.ts and the services' own options).

import type { FaultRuleInput } from "./types.js";
import type { WorldSections } from "./types-world.js";

/** Keystone's [security_compliance] options, camelCased; each off (absent or null) by default, as in Keystone. */
export interface SecurityComplianceOptions {
  /** failed password logins before the account locks */
  lockoutFailureAttempts?: number | null;
  /** seconds a lockout lasts (null: until an admin enables the user) */
  lockoutDuration?: number | null;
  /** days a password stays valid */
  passwordExpiresDays?: number | null;
  /** how many earlier passwords a new one may not repeat */
  uniqueLastPasswordCount?: number;
  /** days before a user may change their own password again */
  minimumPasswordAge?: number;
  /** a regular expression every new password must match */
  passwordRegex?: string | null;
  /** what the regular expression asks for, in words (the 400's message) */
  passwordRegexDescription?: string | null;
  /** a password an admin set must be changed by its user before it is used */
  changePasswordUponFirstUse?: boolean;
}

/**
 * Options as a config file (`skymock start --config`, withConfig()) gives them: the keys of the command's
 * flags and SKYMOCK_* variables, camelCased. createEmulator() takes the same (its instanceHa also JavaScript
 * tasks). src/index.ts checks them against the options schema: a key it lacks does not compile.
 */
export interface SkymockConfig {
  /** port for listen() (default 8480; 0 picks a free one) */
  port?: number;
  /** address for listen() (default 127.0.0.1) */
  host?: string;
  /** seed world: a scenario name, a file, a directory, or the world document itself (default "default") */
  seed?: string | WorldSections;
  /** virtual time runs this many times faster than real time (default 1) */
  timeFactor?: number;
  /** time moves only when advanced */
  frozenClock?: boolean | "true" | "false" | "1" | "0";
  /** the virtual clock's start: ISO time or epoch ms (default now) */
  startTime?: number | string;
  /** makes every generated id, token and secret reproducible */
  randomSeed?: number;
  /** token lifetime in seconds (default 3600) */
  tokenTtlSeconds?: number;
  /** `spec` (default): the platform spec's shapes; `upstream`: the real services' exact ones where they differ (README) */
  profile?: "spec" | "upstream";
  /** identity: Keystone's [security_compliance] rules (lockout, password expiry, history, regex), all off by default */
  securityCompliance?: SecurityComplianceOptions;
  /** compute: virtual seconds from BUILD to ACTIVE (default 5) */
  buildSeconds?: number;
  /** compute: virtual seconds per action step (default 2) */
  actionSeconds?: number;
  /** compute: a shelved server is offloaded after this many virtual seconds (default 0: at once; negative: never) */
  shelvedOffloadSeconds?: number;
  /** compute: above 0, a server delete is a soft delete reclaimed after this many virtual seconds (default 0) */
  reclaimInstanceSeconds?: number;
  /** block storage: virtual seconds per volume step, creating -> available and the others (default 2) */
  volumeSeconds?: number;
  /** instance HA (Masakari): the recovery engine's options */
  instanceHa?: InstanceHaConfigOptions;
  /**
   * instance HA: only these users (names or ids) and `role:NAME`s may post notifications, as the spec's
   * monitoring service account does; others' admin tokens get a 403 (default none: any admin, as Masakari)
   */
  haNotificationSenders?: string | string[];
  /** region name in the catalog (default RegionOne) */
  region?: string;
  /** requests per window per project (per client address without a token): `100/60`, `100` (per minute), or the object; off by default */
  rateLimit?: string | { requests: number; windowSeconds: number };
  /** largest page a list returns (default 1000) */
  maxPageSize?: number;
  /** largest JSON request body in bytes (default 1 MiB) */
  maxBodyBytes?: number;
  /** largest state snapshot PUT /_emulator/state reads, in bytes (default and at most the longest string Node holds, about 512 MiB) */
  maxSnapshotBytes?: number;
  /** events journal capacity (default 10,000) */
  eventLogSize?: number;
  /** requests journal capacity (default 10,000) */
  requestLogSize?: number;
  /** fault rules active from the start and again after every reset */
  faults?: FaultRuleInput[];
  /** log threshold (default info) */
  logLevel?: "error" | "warn" | "info" | "debug";
  /** log lines as text or one JSON object each (default pretty) */
  logFormat?: "pretty" | "json";
  /** one log line per request (default off) */
  requestLog?: boolean | "true" | "false" | "1" | "0";
  /** the command writes the listening URL to this file (the image's HEALTHCHECK reads it) */
  urlFile?: string;
  /** keep uploaded bytes (images, objects) in files under this directory, not in memory; blob files an
   * earlier run left there are removed at start */
  dataDir?: string;
  /** keep the whole state in dataDir/state.json across restarts: loaded at creation, saved every
   * persistInterval seconds when it changed and by close() (default off; needs dataDir) */
  persist?: boolean | "true" | "false" | "1" | "0";
  /** with persist: seconds between saves; a crash loses at most this many seconds of changes (default 5) */
  persistInterval?: number;
  /** the control API (/_emulator, except /_emulator/health) then requires this secret, as
   * `Authorization: Bearer <token>` or `X-Skymock-Control-Token: <token>` (default none: open) */
  controlToken?: string;
  /** the AMQP bridge, off when absent: notifications published on this broker (amqp://user:pass@host:5672/vhost)
   * in oslo.messaging's envelope, and its `<topic>.error` notifications acted on */
  amqpUrl?: string;
  /** the topic exchange (default nova, oslo.messaging's control exchange) */
  amqpExchange?: string;
  /** topics published, a list or comma-separated (default both: notifications, versioned_notifications) */
  amqpTopics?: string | Array<"notifications" | "versioned_notifications">;
  /** the queue error notifications are consumed from (default skymock.error; dead letters in <queue>.dead-letter) */
  amqpQueue?: string;
  /** notifications kept while the broker is unreachable (default 10,000); past it they are dropped and counted */
  amqpBufferSize?: number;
  /** a durable exchange and persistent messages (default off, as oslo's amqp_durable_queues) */
  amqpDurable?: boolean | "true" | "false" | "1" | "0";
}

type NotificationDriver = "nova_notification" | "taskflow" | "webhook";

/** `instanceHa` of a config file: every key optional; intervals in virtual seconds, as Masakari's. */
export interface InstanceHaConfigOptions {
  duplicateNotificationDetectionIntervalSeconds?: number;
  processUnfinishedNotificationsIntervalSeconds?: number;
  retryNotificationNewStatusIntervalSeconds?: number;
  checkExpiredNotificationsIntervalSeconds?: number;
  notificationsExpiredIntervalSeconds?: number;
  waitPeriodAfterServiceUpdateSeconds?: number;
  waitPeriodAfterEvacuationSeconds?: number;
  waitPeriodAfterPowerOffSeconds?: number;
  waitPeriodAfterPowerOnSeconds?: number;
  hostFailureRecoveryThreads?: number;
  evacuateAllInstances?: boolean;
  ignoreInstancesInErrorState?: boolean;
  addReservedHostToAggregate?: boolean;
  processAllInstances?: boolean;
  haEnabledInstanceMetadataKey?: string;
  /** a list, or Masakari's comma-separated string */
  recoveryWorkflowOnStop?: { targets: string[] | string };
  notificationDrivers?: NotificationDriver[] | string;
  /** the spec's (Masakari's) name of recoveryWorkflowOnStop; both at once must agree */
  recovery_workflow_on_stop?: { targets: string[] | string };
  /** the spec's (Masakari's) name of notificationDrivers; both at once must agree */
  notification_drivers?: NotificationDriver[] | string;
  taskAttempts?: number;
  taskRetryBackoffSeconds?: number;
  taskPollSeconds?: number;
  pickupDelaySeconds?: number;
  /** declarative webhook tasks: POST the notification to a loopback URL */
  tasks?: Array<{ name: string; webhook: { url: string; timeoutSeconds?: number } }>;
  /** how Alertmanager's alerts become notifications */
  alertmanager?: {
    rules: Array<{
      match: Record<string, string>;
      hostLabels?: string[];
      type?: "COMPUTE_HOST" | "VM" | "PROCESS" | "COMPUTE_INSTANCE" | "COMPUTE_PROCESS";
      payload?: Record<string, string>;
    }>;
  };
  /** module paths (a config file's relative to it) whose default export is a task or a list of tasks */
  customTasks?: string[];
}
