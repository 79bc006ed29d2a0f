// The OpenAPI fragment documenting the recovery engine's control routes (control.ts), which the control
// API's document mounts under /_emulator/instance-ha: the runs under way, the configuration (read and
// replace), and advancing to a recovery's end.

import { bad, body, fail, ok, op, ref, schemaOf, str } from "../../../control/openapi-parts.js";
import type { ControlOpenApi } from "../../../kernel/service.js";
import { advanceRecoverySchema } from "./control.js";
import { engineConfigSchema } from "./config.js";

export const instanceHaControlOpenApi = (): ControlOpenApi => ({
  paths: {
    "/recoveries": {
      get: op("instance-ha", "Recovery workflows under way", { "200": ok("Each run's task and try, and when the periodic task runs next.", ref("Recoveries")) }),
    },
    "/config": {
      get: op("instance-ha", "The recovery engine's configuration", { "200": ok("The configuration now.", ref("EngineConfig")) }),
      put: op(
        "instance-ha",
        "Replace the recovery engine's configuration",
        { "200": ok("The configuration now.", ref("EngineConfig")), ...bad },
        {
          description:
            "The body's keys over the configuration the emulator started with (a key left out takes its start-up value; GET's answer sent back changes nothing, its availableTasks ignored): recoveryWorkflowOnStop.targets (built-in tasks, the JavaScript tasks registered at start, and the webhook tasks of `tasks`), notificationDrivers (nova_notification, taskflow, webhook), `tasks` (`{name, webhook: {url, timeoutSeconds}}`, loopback URLs only), alertmanager.rules and the intervals. JavaScript tasks cannot be sent: customTasks is a 400. An unknown task name is a 400 and nothing changes. Workflows under way keep the configuration they started with.",
          requestBody: body(schemaOf(engineConfigSchema)),
        },
      ),
    },
    "/notifications/{id}/advance": {
      post: op(
        "instance-ha",
        "Advance the virtual clock to the end of a recovery",
        {
          "200": ok("The notification reached a status asked for.", ref("RecoveryAdvanced")),
          ...bad,
          "404": fail("No notification by that uuid."),
          "408": fail("The next step is due past `within`; the clock moved up to the last step before it."),
          "409": fail("Nothing planned would move the notification to a status asked for (finished already, say)."),
        },
        {
          description:
            "Moves the virtual clock from one planned step of the notification's recovery (a task's next call, a retry's backoff, the periodic task that retries `error` and stale `new` notifications and expires old ones) to the next, running everything else due on the way (compute's rebuilds), until the notification is in one of `until` (default finished, error, failed or ignored). Never moves more than `within` (default 1d).",
          parameters: [{ name: "id", in: "path", required: true, description: "The notification uuid.", schema: str }],
          requestBody: body(schemaOf(advanceRecoverySchema), false),
        },
      ),
    },
  },
  schemas: {
    Recoveries: {
      type: "object",
      properties: {
        runs: {
          type: "array",
          items: {
            type: "object",
            properties: {
              notificationId: str,
              flow: { enum: ["host_failure", "instance_failure", "process_failure"] },
              task: { type: ["string", "null"] },
              attempt: { type: "integer" },
              reverting: { type: "boolean" },
              dueAt: { type: "string", format: "date-time" },
            },
          },
        },
        periodicTaskAt: { type: ["string", "null"], format: "date-time" },
      },
      required: ["runs", "periodicTaskAt"],
    },
    EngineConfig: {
      type: "object",
      description: "The options (as the config file's instanceHa object names them), and the read-only availableTasks: built-in, JavaScript (registered at start) and webhook task names.",
      properties: {
        recoveryWorkflowOnStop: { type: "object", properties: { targets: { type: "array", items: str } } },
        notificationDrivers: { type: "array", items: { enum: ["nova_notification", "taskflow", "webhook"] } },
        tasks: { type: "array", items: { type: "object", properties: { name: str, webhook: { type: "object", properties: { url: str, timeoutSeconds: { type: "number" } } } } } },
        alertmanager: { type: "object", properties: { rules: { type: "array", items: { type: "object" } } } },
        availableTasks: {
          type: "object",
          properties: { builtIn: { type: "array", items: str }, javascript: { type: "array", items: str }, webhook: { type: "array", items: str } },
        },
      },
      additionalProperties: true,
    },
    RecoveryAdvanced: {
      type: "object",
      properties: { id: str, status: str, advancedMs: { type: "integer" }, clock: ref("ClockState") },
      required: ["id", "status", "advancedMs", "clock"],
    },
  },
});
