// The JSON Schemas of the recovery engine's control answers (control.ts), which /_emulator/openapi.json lists
// among its components: the runs under way, the configuration, and a finished advance.

const str = { type: "string" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const controlSchemas = (): Record<string, Record<string, unknown>> => ({
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
    description: "The options (as the config file's instanceHa object names them; PUT also takes the spec's notification_drivers and recovery_workflow_on_stop.targets), and the read-only availableTasks: built-in, JavaScript (registered at start) and webhook task names.",
    properties: {
      recoveryWorkflowOnStop: { type: "object", properties: { targets: { type: "array", items: str } } },
      notificationDrivers: { type: "array", items: { enum: ["nova_notification", "taskflow", "webhook"] } },
      notificationSenders: { type: "array", items: str, description: "users (names or ids) and role:NAMEs that may post notifications; [] for any admin" },
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
});
