// The recovery engine's control routes (the service's `control()`, at /_emulator/instance-ha):
// the runs under way; the configuration (GET, and PUT to replace it: the spec's "reconfigured"); and
// advancing the virtual clock from one planned step to the next until a notification reaches a status
// (the end of a recovery), never past a bound, waiting for webhook tasks' requests and async tasks on the way.

import * as z from "zod";
import type { Kernel } from "../../../kernel/kernel.js";
import type { ServiceControl } from "../../../kernel/control-route.js";
import { ApiError } from "../../../kernel/errors.js";
import { durationSchema, parseDuration } from "../../../kernel/time.js";
import type { Assert, Equals } from "../../../kernel/type-equals.js";
import type { NotificationStatus as ClientNotificationStatus, RecoveryAdvanceInput } from "../../../client/types.js";
import { get } from "../../../kernel/store/table.js";
import { SLICE } from "../state.js";
import { NOTIFICATION_STATUSES, type InstanceHaState, type NotificationStatus } from "../state.js";
import { EngineConfigError, recoveryEngineOf, type RecoveryEngine } from "./index.js";
import { engineConfigSchema } from "./config.js";
import { BUILT_IN_TASKS } from "./flows.js";
import { DEFAULT_WEBHOOK_TIMEOUT_SECONDS } from "./tasks/webhook.js";
import { controlSchemas } from "./control-schemas.js";
import { camelCaseKeys } from "./spec-keys.js";

const DONE: NotificationStatus[] = ["finished", "error", "failed", "ignored"];
const MAX_STEPS = 1_000_000;

export const advanceRecoverySchema = z
  .object({
    until: z.union([z.enum(NOTIFICATION_STATUSES), z.array(z.enum(NOTIFICATION_STATUSES)).min(1)]).optional()
      .describe("the status (or any of the statuses) to stop at; default finished, error, failed or ignored"),
    within: durationSchema().optional().describe('the most virtual time to move (ms or "2h"); default 1d'),
  })
  .strict();

// the typed client's statuses and input are the engine's, or this file does not compile
type _Status = Assert<Equals<NotificationStatus, ClientNotificationStatus>>;
type _Advance = Assert<Equals<z.input<typeof advanceRecoverySchema>, RecoveryAdvanceInput>>;

/**
 * The configuration as GET shows it and PUT takes it (GET's answer PUT back changes nothing), and the
 * read-only `availableTasks`. The duplicate detection interval is the API's, fixed at start: not shown.
 */
function configView(engine: RecoveryEngine) {
  const s = engine.settings();
  const { duplicateNotificationDetectionIntervalSeconds: _api, ...config } = engine.config();
  return {
    ...config,
    taskAttempts: s.taskAttempts,
    taskRetryBackoffSeconds: s.retryBackoffMs / 1000,
    taskPollSeconds: s.pollMs / 1000,
    pickupDelaySeconds: s.pickupDelayMs / 1000,
    notificationDrivers: s.drivers,
    tasks: s.webhookTasks,
    alertmanager: { rules: s.alertRules },
    availableTasks: { builtIn: Object.keys(BUILT_IN_TASKS), javascript: engine.customTaskNames(), webhook: s.webhookTasks.map((t) => t.name) },
  };
}

/** How long the advance waits for webhook requests under way: the longest webhook timeout, and a second. */
const ioWait = (engine: RecoveryEngine) =>
  Math.max(DEFAULT_WEBHOOK_TIMEOUT_SECONDS, ...engine.settings().webhookTasks.map((t) => t.webhook.timeoutSeconds ?? 0)) * 1000 + 1000;

const stuck = (status: number, id: string, at: string, message: string) =>
  new ApiError(status, status === 408 ? "Timeout" : "Stuck", `Notification ${id} is ${at}: ${message}`);

/**
 * PUT /config's body as sent: GET's read-only part, sent back as it came, is ignored; JavaScript tasks cannot
 * come through JSON, only be named by targets.
 */
function configBody(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  if ("customTasks" in raw) {
    throw new ApiError(400, undefined, "customTasks: JavaScript tasks are registered at start (config file or createEmulator); name them in recoveryWorkflowOnStop.targets.");
  }
  const { availableTasks: _shown, ...given } = raw as Record<string, unknown>;
  // the spec's names (notification_drivers, recovery_workflow_on_stop.targets) as well as the camelCase ones
  const { value, problem } = camelCaseKeys(given);
  if (problem) throw new ApiError(400, undefined, problem);
  return value;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export function instanceHaControl(kernel: Kernel): ServiceControl {
  const engine = () => {
    const e = recoveryEngineOf(kernel);
    if (!e) throw new ApiError(503, undefined, "The recovery engine is not running.");
    return e;
  };

  return {
    routes: [
      {
        method: "GET",
        path: "/recoveries",
        summary: "Recovery workflows under way",
        responses: { "200": { description: "Each run's task and try, and when the periodic task runs next.", schema: ref("Recoveries") } },
        handler: (c) => {
          const { runner, periodic } = engine();
          const next = periodic.nextAt;
          return c.json({ runs: runner.active(), periodicTaskAt: next === null ? null : new Date(next).toISOString() });
        },
      },
      {
        method: "GET",
        path: "/config",
        summary: "The recovery engine's configuration",
        responses: { "200": { description: "The configuration now.", schema: ref("EngineConfig") } },
        handler: (c) => c.json(configView(engine())),
      },
      {
        method: "PUT",
        path: "/config",
        summary: "Replace the recovery engine's configuration",
        description:
          "The body's keys over the configuration the emulator started with (a key left out takes its start-up value; GET's answer sent back changes nothing, its availableTasks ignored): recoveryWorkflowOnStop.targets, or as the spec spells it recovery_workflow_on_stop.targets (a list or a comma-separated string: built-in tasks, the JavaScript tasks registered at start, and the webhook tasks of `tasks`), notificationDrivers or notification_drivers (nova_notification, taskflow, webhook; both spellings of one setting at once must agree), `tasks` (`{name, webhook: {url, timeoutSeconds}}`, loopback URLs only), alertmanager.rules and the intervals. JavaScript tasks cannot be sent: customTasks is a 400. An unknown task name is a 400 and nothing changes. Workflows under way keep the configuration they started with.",
        body: engineConfigSchema,
        prepareBody: configBody,
        responses: { "200": { description: "The configuration now.", schema: ref("EngineConfig") }, "400": "The input is not valid; nothing changed." },
        handler: (c, body: z.output<typeof engineConfigSchema>) => {
          const e = engine();
          try {
            e.reconfigure(body);
          } catch (error) {
            if (error instanceof EngineConfigError) throw new ApiError(400, undefined, error.message);
            throw error;
          }
          return c.json(configView(e));
        },
      },
      {
        method: "POST",
        path: "/notifications/:id/advance",
        summary: "Advance the virtual clock to the end of a recovery",
        description:
          "Moves the virtual clock from one planned step of the notification's recovery (a task's next call, a retry's backoff, the periodic task that retries `error` and stale `new` notifications and expires old ones) to the next, running everything else due on the way (compute's rebuilds), until the notification is in one of `until` (default finished, error, failed or ignored). Never moves more than `within` (default 1d).",
        params: { id: "The notification uuid." },
        body: advanceRecoverySchema,
        responses: {
          "200": { description: "The notification reached a status asked for.", schema: ref("RecoveryAdvanced") },
          "400": "The input is not valid; nothing changed.",
          "404": "No notification by that uuid.",
          "408": "The next step is due past `within` (the clock moved up to the last step before it), or an async task's promise has not settled in time.",
          "409": "Nothing planned would move the notification to a status asked for (finished already, say).",
        },
        handler: async (c, body: z.output<typeof advanceRecoverySchema>) => {
          const id = c.req.param("id") ?? "";
          const until = body.until === undefined ? DONE : Array.isArray(body.until) ? body.until : [body.until];
          const within = body.within === undefined ? 86_400_000 : parseDuration(body.within);
          const e = engine();
          const { runner, periodic } = e;
          const { clock } = kernel;
          const start = clock.now();
          const read = () => get(kernel.slice<InstanceHaState>(SLICE).notifications, id);
          if (!read()) throw new ApiError(404, undefined, `No notification ${id}.`);
          for (let i = 0; i < MAX_STEPS; i++) {
            // a webhook task's request is real I/O: let it answer before its next look
            if (e.io.size > 0) await e.io.settled(ioWait(e));
            if (runner.isAwaiting(id)) {
              throw stuck(408, id, read()!.status, `its task's promise (an async custom task) has not settled within ${ioWait(e) / 1000} s of real time.`);
            }
            const status = read()!.status;
            if (until.includes(status)) return c.json({ id, status, advancedMs: Math.round(clock.now() - start), clock: clock.state() });
            // the run's next step or the periodic task's next pass (it retries errors and expires), the sooner
            const due = [runner.nextDue(id), status === "new" || status === "error" || runner.nextDue(id) !== undefined ? periodic.nextAt : null];
            const next = due.reduce<number | undefined>((min, at) => (at === undefined || at === null ? min : min === undefined ? at : Math.min(min, at)), undefined);
            if (next === undefined) throw stuck(409, id, status, `nothing is planned that would move it to ${until.join(" or ")}.`);
            if (next > start + within) throw stuck(408, id, status, `its next step is due ${Math.round(next - clock.now())} ms on, past the ${within} ms bound.`);
            const before = clock.now();
            clock.advance(Math.max(0, next - before));
            if (next < before && runner.nextDue(id) === next && read()!.status === status) {
              throw stuck(409, id, status, "its next step was dropped (a reset or a snapshot import); nothing will move it.");
            }
          }
          throw stuck(409, id, read()!.status, "too many steps.");
        },
      },
    ],
    schemas: controlSchemas,
  };
}
