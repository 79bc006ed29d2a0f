// The experiment document: Chaos Toolkit's experiment format where the fields mean the same (title,
// description, tags, steady-state-hypothesis {title, probes}, method, rollbacks; activities with type,
// name, provider, tolerance, pauses, background), with the emulator's own providers (providers.ts).

import * as z from "zod";
import { faultEffectSchema, faultRuleSchema, HTTP_METHODS } from "../kernel/faults.js";
import { parseSelector } from "./select.js";

/** ms, or "250ms", "90s", "5m", "2h" (virtual time) */
export const duration = z.union([z.number().min(0), z.string().regex(/^\d+(\.\d+)?(ms|s|m|h|d)?$/, 'a duration is ms or e.g. "90s", "5m", "2h"')]);

/** who calls: a user of the world (password: the user name unless given) scoped to a project (the user's own by default) */
const caller = z.object({ user: z.string().min(1), project: z.string().min(1).optional(), password: z.string().optional(), domain: z.string().min(1).optional() }).strict();

const http = z
  .object({
    type: z.literal("http"),
    method: z.enum(HTTP_METHODS).default("GET"),
    /** any emulated API path (/compute/v2.1/servers) or a control path (/_emulator/...) */
    path: z.string().startsWith("/", "a path starts with /"),
    /** absent: no token (the control API needs none) */
    as: caller.optional(),
    headers: z.record(z.string(), z.string()).optional(),
    body: z.unknown().optional(),
  })
  .strict();

const host = z.string().min(1);
export const providerSchema = z.discriminatedUnion("type", [
  http,
  z.object({ type: z.literal("fail-host"), host }).strict(),
  z.object({ type: z.literal("recover-host"), host }).strict(),
  /** a server by id or name (the first server of that name, as admin sees them) */
  z.object({ type: z.literal("fail-server"), server: z.string().min(1), message: z.string().optional() }).strict(),
  /** a fault rule (POST /_emulator/faults); `duration` removes it that much later */
  z.object({ type: z.literal("add-fault"), rule: faultRuleSchema, duration: duration.optional() }).strict(),
  /** the rule an earlier add-fault activity (by its name) added; all rules when absent */
  z.object({ type: z.literal("remove-fault"), activity: z.string().min(1).optional() }).strict(),
  /** every response of a service fails (an error in its own envelope) for a window, or until removed */
  z.object({ type: z.literal("kill-service"), service: z.string().min(1), for: duration.optional(), status: z.number().int().min(400).max(599).default(503), message: z.string().optional() }).strict(),
  /** a project cut off: its calls to these services (networking by default) and its work of these
   * operations (e.g. compute.server.build) fail, for a window or until removed */
  z
    .object({
      type: z.literal("partition"),
      project: z.string().min(1),
      services: z.array(z.string().min(1)).min(1).default(["networking"]),
      operations: z.array(z.string().min(1)).optional(),
      effect: faultEffectSchema.optional(),
      for: duration.optional(),
    })
    .strict(),
  /** a resource (by id or name) sent to a state: its pending lifecycle step redirected there, else the
   * upstream admin action (a server's os-resetState: error or active; a volume's or snapshot's os-reset_status) */
  z.object({ type: z.literal("force-state"), resource: z.string().min(1).default("compute.server"), id: z.string().min(1), state: z.string().min(1) }).strict(),
  z.object({ type: z.literal("clock-factor"), factor: z.number().positive() }).strict(),
  /** a message published on the AMQP bridge's exchange (the emulator needs --amqp-url) */
  z.object({ type: z.literal("amqp-publish"), routingKey: z.string().min(1).max(255), body: z.unknown() }).strict(),
  /** POST /instance-ha/v1/notifications as admin: the body's `notification` */
  z.object({ type: z.literal("ha-notification"), notification: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ type: z.literal("wait"), for: duration }).strict(),
  /** polls the hypothesis every `every` until it holds again; fails past `within` after the method's first action */
  z.object({ type: z.literal("steady-state"), within: duration, every: duration.default("10s") }).strict(),
]);

const NAME = /^[A-Za-z_][\w-]*$/;

/** a JSONPath-like selector (select.ts), read when the document is */
const selector = z
  .string()
  .min(1)
  .superRefine((value, ctx) => {
    try {
      parseSelector(value);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
    }
  });

export const toleranceSchema = z
  .object({
    /** the response status: one, or any of a list */
    status: z.union([z.number().int(), z.array(z.number().int()).min(1)]).optional(),
    /** JSONPath-like (select.ts); what `equals`, `range` and `count` look at */
    select: selector.optional(),
    /** every selected value equals this (and there is at least one) */
    equals: z.unknown().optional(),
    /** every selected value is a number in [min, max] */
    range: z.tuple([z.number(), z.number()]).optional(),
    /** how many values the selector reaches: exactly, or {min, max} */
    count: z.union([z.number().int().min(0), z.object({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() }).strict()]).optional(),
  })
  .strict()
  .refine((t) => t.select !== undefined || (t.equals === undefined && t.range === undefined && t.count === undefined), "equals, range and count need a select");

const pauses = z.object({ before: duration.optional(), after: duration.optional() }).strict();

export const activitySchema = z
  .object({
    type: z.enum(["probe", "action"]),
    name: z.string().min(1),
    provider: providerSchema,
    /** probes: what must hold; absent, a 2xx status */
    tolerance: toleranceSchema.optional(),
    pauses: pauses.optional(),
    /** values the reply holds, kept by name for the steps after this one (`${name}` in their strings) */
    save: z.record(z.string().regex(NAME, "a name is letters, digits, _ and -"), selector).optional(),
    /** method activities: starts at this virtual time after the method began (before its pauses); an
     * activity the method reaches later runs at once */
    at: duration.optional(),
    /** starts, and the method goes on without waiting for its pauses (on the virtual clock) */
    background: z.boolean().optional(),
  })
  .strict()
  .refine((a) => a.type === "probe" || a.tolerance === undefined, { message: "only a probe takes a tolerance", path: ["tolerance"] });

export const experimentSchema = z
  .object({
    version: z.string().optional(),
    title: z.string().min(1),
    description: z.string().optional(),
    tags: z.array(z.string()).optional(),
    /** fixed values for `${name}` in the providers' strings */
    configuration: z.record(z.string().regex(NAME, "a name is letters, digits, _ and -"), z.union([z.string(), z.number()])).optional(),
    "steady-state-hypothesis": z.object({ title: z.string().min(1), probes: z.array(activitySchema).min(1) }).strict().optional(),
    method: z.array(activitySchema).min(1),
    rollbacks: z.array(activitySchema).optional(),
  })
  .strict()
  .superRefine((doc, ctx) => {
    const probes = doc["steady-state-hypothesis"]?.probes ?? [];
    probes.forEach((p, i) => {
      if (p.type !== "probe") ctx.addIssue({ code: "custom", path: ["steady-state-hypothesis", "probes", i, "type"], message: "the hypothesis holds probes only" });
    });
    const names = new Set<string>();
    doc.method.forEach((a, i) => {
      if (a.provider.type === "steady-state" && probes.length === 0) ctx.addIssue({ code: "custom", path: ["method", i, "provider"], message: "a steady-state wait needs a steady-state-hypothesis" });
      if (a.provider.type === "remove-fault" && a.provider.activity !== undefined && !names.has(a.provider.activity)) {
        ctx.addIssue({ code: "custom", path: ["method", i, "provider", "activity"], message: `no add-fault, kill-service or partition activity named ${JSON.stringify(a.provider.activity)} before this one` });
      }
      if (ADDS_RULES.has(a.provider.type)) names.add(a.name);
    });
    const noAt = (list: Array<{ at?: unknown }>, path: Array<string | number>) =>
      list.forEach((a, i) => a.at !== undefined && ctx.addIssue({ code: "custom", path: [...path, i, "at"], message: "only the method's activities take `at`" }));
    noAt(probes, ["steady-state-hypothesis", "probes"]);
    noAt(doc.rollbacks ?? [], ["rollbacks"]);
  });

/** the providers that add fault rules (remove-fault names them by activity) */
export const ADDS_RULES = new Set(["add-fault", "kill-service", "partition"]);

/** The run request: the document, the seed of the fault draws, and a world (scenario name) to load first. */
export const runRequestSchema = z
  .object({
    experiment: experimentSchema,
    seed: z.number().int().optional(),
    /** a scenario (GET /_emulator/scenarios) loaded before the run; absent, the world is reset to its seed */
    world: z.string().min(1).optional(),
    /** the virtual time the run starts at (ISO or epoch ms), set after the world is loaded: a second run
     * in the same emulator then replays the first's times too */
    startAt: z.union([z.number().int().min(0), z.string().datetime({ offset: true })]).optional(),
    /** false: answer 202 at once and run on (GET polls, DELETE aborts) */
    wait: z.boolean().default(true),
  })
  .strict();

export type Experiment = z.output<typeof experimentSchema>;
export type Activity = z.output<typeof activitySchema>;
export type Provider = z.output<typeof providerSchema>;
export type Tolerance = z.output<typeof toleranceSchema>;
export type RunRequest = z.output<typeof runRequestSchema>;

/** The document's JSON Schema (for the control OpenAPI). */
export function experimentJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(experimentSchema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}
