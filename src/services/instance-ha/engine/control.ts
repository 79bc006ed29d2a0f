// The recovery engine's control routes (mounted by the service's `control()` at /_emulator/instance-ha):
// the runs under way; the configuration (GET, and PUT to replace it: the spec's "reconfigured"); and
// advancing the virtual clock from one planned step to the next until a notification reaches a status
// (the end of a recovery), never past a bound, waiting for webhook tasks' requests on the way.

import { Hono } from "hono";
import * as z from "zod";
import type { Kernel } from "../../../kernel/kernel.js";
import type { AppEnv } from "../../../kernel/http/context.js";
import { ApiError } from "../../../kernel/errors.js";
import { validate } from "../../../kernel/http/body.js";
import { get } from "../../../kernel/store/table.js";
import { handle, optionalJson, parseDuration } from "../../../control/http.js";
import { SLICE } from "../state.js";
import { NOTIFICATION_STATUSES, type InstanceHaState, type NotificationStatus } from "../state.js";
import { EngineConfigError, recoveryEngineOf, type RecoveryEngine } from "./index.js";
import { engineConfigSchema } from "./config.js";
import { BUILT_IN_TASKS } from "./flows.js";
import { DEFAULT_WEBHOOK_TIMEOUT_SECONDS } from "./tasks/webhook.js";

const DONE: NotificationStatus[] = ["finished", "error", "failed", "ignored"];
const MAX_STEPS = 1_000_000;

export const advanceRecoverySchema = z
  .object({
    until: z.union([z.enum(NOTIFICATION_STATUSES), z.array(z.enum(NOTIFICATION_STATUSES)).min(1)]).optional()
      .describe("the status (or any of the statuses) to stop at; default finished, error, failed or ignored"),
    within: z.union([z.number(), z.string()]).optional().describe('the most virtual time to move (ms or "2h"); default 1d'),
  })
  .strict();

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

export function instanceHaControl(kernel: Kernel): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  const engine = () => {
    const e = recoveryEngineOf(kernel);
    if (!e) throw new ApiError(503, undefined, "The recovery engine is not running.");
    return e;
  };

  app.get(
    "/recoveries",
    handle((c) => {
      const { runner, periodic } = engine();
      const next = periodic.nextAt;
      return c.json({ runs: runner.active(), periodicTaskAt: next === null ? null : new Date(next).toISOString() });
    }),
  );

  app.get("/config", handle((c) => c.json(configView(engine()))));

  app.put(
    "/config",
    handle(async (c) => {
      const raw = (await optionalJson(c, kernel.options.maxBodyBytes)) ?? {};
      const fields = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
      if (fields && "customTasks" in fields) {
        throw new ApiError(400, undefined, "customTasks: JavaScript tasks are registered at start (config file or createEmulator); name them in recoveryWorkflowOnStop.targets.");
      }
      // GET's read-only part, sent back as it came, is ignored
      const { availableTasks: _shown, ...given } = fields ?? {};
      const body = validate(engineConfigSchema, fields ? given : raw);
      const e = engine();
      try {
        e.reconfigure(body);
      } catch (error) {
        if (error instanceof EngineConfigError) throw new ApiError(400, undefined, error.message);
        throw error;
      }
      return c.json(configView(e));
    }),
  );

  app.post(
    "/notifications/:id/advance",
    handle(async (c) => {
      const id = c.req.param("id") ?? "";
      const body = validate(advanceRecoverySchema, await optionalJson(c, kernel.options.maxBodyBytes));
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
    }),
  );
  return app;
}
