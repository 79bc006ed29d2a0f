// The recovery engine's configuration as JSON carries it (a config file's `instanceHa` object, and the body of
// PUT /_emulator/instance-ha/config): the service's options, declarative webhook tasks, the Alertmanager
// label rules, and (config file or createEmulator only) JavaScript custom task modules or objects.

import * as z from "zod";
import { instanceHaConfigSchema, notificationSendersSchema } from "../options.js";
import type { CustomTask } from "../for-api.js";
import { camelCaseKeys } from "./spec-keys.js";

/** The drivers `notificationDrivers` may name (masakari's notification_driver, and the webhook intake). */
export const DRIVERS = ["nova_notification", "taskflow", "webhook"] as const;

/** 127.0.0.0/8, ::1 and localhost: a webhook task may only reach a process on the emulator's own machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host === "::1" || host === "0:0:0:0:0:0:0:1") return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return !!v4 && v4.slice(1).every((n) => Number(n) <= 255);
}

const loopbackUrl = z.string().superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return ctx.addIssue({ code: "custom", message: `${value} is not a URL` });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") ctx.addIssue({ code: "custom", message: `${value}: only http and https URLs` });
  else if (!isLoopbackHost(url.hostname)) {
    ctx.addIssue({ code: "custom", message: `${value}: a webhook task may only call loopback (127.0.0.0/8, ::1, localhost), not ${url.hostname}` });
  }
});

/** Task names follow fault rules' operation names: `instance-ha.task.<name>`. */
const taskName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "a task name is 1 to 64 letters, digits, _ or -");

export const webhookTaskSchema = z.strictObject({
  name: taskName,
  webhook: z.strictObject({
    url: loopbackUrl,
    /** real seconds the request may take before the try fails (default 10) */
    timeoutSeconds: z.number().positive().max(3600).optional(),
  }),
});
export type WebhookTaskSpec = z.infer<typeof webhookTaskSchema>;

const pattern = z.string().superRefine((value, ctx) => {
  try {
    new RegExp(value, "i");
  } catch {
    ctx.addIssue({ code: "custom", message: `${value} is not a regular expression` });
  }
});

/**
 * An Alertmanager label rule: an alert whose labels match every `match` pattern (case-insensitive regular
 * expressions) becomes a notification of `type` with `payload` for the host named by the first of
 * `hostLabels` the alert carries (a `name:port` instance label is cut at the colon).
 */
export const alertRuleSchema = z.strictObject({
  match: z.record(z.string().min(1), pattern).refine((m) => Object.keys(m).length > 0, "a rule matches at least one label"),
  hostLabels: z.array(z.string().min(1)).min(1).default(["instance", "host"]),
  type: z.enum(["COMPUTE_HOST", "VM", "PROCESS", "COMPUTE_INSTANCE", "COMPUTE_PROCESS"]).default("COMPUTE_HOST"),
  payload: z.record(z.string(), z.string()).default({ event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" }),
});
export type AlertRule = z.output<typeof alertRuleSchema>;

export const DEFAULT_ALERT_RULES: AlertRule[] = [
  alertRuleSchema.parse({ match: { alertname: "HostDown|NodeDown|InstanceDown|HostUnreachable" } }),
];

/** A JavaScript task: a module path, a task object, or a function that makes one (a fresh one per try). */
export type CustomTaskSource = string | CustomTask | (() => CustomTask);

const taskLike = z.custom<CustomTask | (() => CustomTask)>(
  (v) => typeof v === "function" || (!!v && typeof v === "object" && typeof (v as CustomTask).name === "string" && typeof (v as CustomTask).execute === "function"),
  "a task is a module path, an object with a name and execute(), or a function returning one",
);

/** What both a config file and the control API may set. */
const drivers = z.union([
  z.array(z.enum(DRIVERS)),
  z.string().transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean)).pipe(z.array(z.enum(DRIVERS))),
]);

const shared = instanceHaConfigSchema.omit({ duplicateNotificationDetectionIntervalSeconds: true }).extend({
  notificationDrivers: drivers.optional(),
  /** the option haNotificationSenders; [] lets any admin post */
  notificationSenders: notificationSendersSchema.optional(),
  tasks: z.array(webhookTaskSchema).optional(),
  alertmanager: z.strictObject({ rules: z.array(alertRuleSchema) }).optional(),
});

/** PUT /_emulator/instance-ha/config: JavaScript tasks cannot come through JSON, only be named by targets. */
export const engineConfigSchema = shared;
export type EngineConfigInput = z.input<typeof engineConfigSchema>;

/** A config file's (or createEmulator's) `instanceHa` object: the service's options, and JavaScript tasks. */
export const instanceHaFileSchema = instanceHaConfigSchema.extend({
  notificationDrivers: shared.shape.notificationDrivers,
  tasks: shared.shape.tasks,
  alertmanager: shared.shape.alertmanager,
  /** module paths (relative to the config file) whose default export is a task or an array of tasks; or tasks */
  customTasks: z.array(z.union([z.string().min(1), taskLike])).optional(),
});

type FileInput = z.input<typeof instanceHaFileSchema>;

/** The `instanceHa` object as written: the file schema's keys, and the spec's spellings of two of them. */
export type InstanceHaOptionInput = FileInput & {
  notification_drivers?: FileInput["notificationDrivers"];
  recovery_workflow_on_stop?: FileInput["recoveryWorkflowOnStop"];
};

/** The `instanceHa` option as a config file or createEmulator gives it: the spec's key names taken too. */
export const instanceHaOptionInput = z.preprocess((raw, ctx) => {
  const { value, problem } = camelCaseKeys(raw);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
  return value;
}, instanceHaFileSchema) as z.ZodType<z.output<typeof instanceHaFileSchema>, InstanceHaOptionInput>;
