// Control: the virtual clock (read, factor, freeze, advance), lifecycle transitions (definitions,
// overrides, pending steps, manual stepping) and the rate limit.

import type { Hono } from "hono";
import * as z from "zod";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv, Ctx } from "../kernel/http/context.js";
import { ApiError } from "../kernel/errors.js";
import { validate } from "../kernel/http/body.js";
import type { Assert, Equals } from "../kernel/type-equals.js";
import type {
  AdvanceInput, ClockPatch, Duration, RateLimit, StepInput, TransitionOverrideInput,
} from "../client/types.js";
import { handle, optionalJson } from "./http.js";
import { durationSchema, parseDuration, type Duration as KernelDuration } from "../kernel/time.js";

export const clockSchema = z
  .object({
    factor: z.number().positive().optional().describe("virtual ms per real ms while running"),
    frozen: z.boolean().optional().describe("true: time moves only when advanced"),
    now: z.union([z.number(), z.string().datetime({ offset: true })]).optional().describe("jump to this time (ISO or epoch ms); work due on the way runs first"),
  })
  .strict();

export const advanceSchema = z
  .object({
    by: durationSchema().optional().describe('ms, or "250ms", "90s", "5m", "2h", "1d"'),
    until: z.literal("idle").optional().describe("instead of `by`: from one planned piece of work to the next until none is left"),
    within: durationSchema().optional().describe("with `until`: the most virtual time to move (default 1h)"),
  })
  .strict()
  .refine((a) => a.by === undefined || a.until === undefined, "Give `by` or `until`, not both.")
  .refine((a) => a.within === undefined || a.until !== undefined, "`within` goes with `until`.");

/** advance until idle: the default bound in virtual time, and more steps than any world's work takes */
const IDLE_WITHIN = 3_600_000;
const IDLE_MAX_STEPS = 10_000;

export const overrideSchema = z
  .object({
    type: z.string().min(1),
    resourceId: z.string().min(1).optional().describe("only this resource"),
    from: z.string().min(1).optional().describe("only the step out of this state"),
    mode: z.enum(["immediate", "delay", "manual", "stick", "redirect"]),
    after: durationSchema().optional().describe("delay and redirect: time after entering the state (ms or \"90s\")"),
    to: z.string().min(1).optional().describe("redirect: the state to go to instead"),
  })
  .strict()
  .refine((o) => o.mode !== "delay" || o.after !== undefined, "mode `delay` needs `after`")
  .refine((o) => o.mode !== "redirect" || o.to !== undefined, "mode `redirect` needs `to`")
  .refine((o) => o.mode === "redirect" || o.to === undefined, "only mode `redirect` takes `to`")
  .refine((o) => o.mode === "delay" || o.mode === "redirect" || o.after === undefined, "only modes `delay` and `redirect` take `after`");

export const stepSchema = z.object({ type: z.string().min(1), resourceId: z.string().min(1), to: z.string().min(1).optional() }).strict();

export const rateLimitSchema = z.object({ requests: z.number().int().min(0), windowSeconds: z.number().positive() }).strict();

// the typed client's wire types are the server's, or this file does not compile
type _Patch = Assert<Equals<z.input<typeof clockSchema>, ClockPatch>>;
// the client's durations are the strings the parser takes (src/kernel/time.ts)
type _Duration = Assert<Equals<KernelDuration, Duration>>;
type _Advance = Assert<Equals<z.input<typeof advanceSchema>, AdvanceInput>>;
type _Override = Assert<Equals<z.input<typeof overrideSchema>, TransitionOverrideInput>>;
type _Step = Assert<Equals<z.input<typeof stepSchema>, StepInput>>;
type _RateLimit = Assert<Equals<z.input<typeof rateLimitSchema>, RateLimit>>;

export function timeRoutes(app: Hono<AppEnv>, kernel: Kernel): void {
  const max = kernel.options.maxBodyBytes;
  const { clock, transitions } = kernel;

  app.get("/clock", (c) => c.json(clock.state()));
  app.patch(
    "/clock",
    handle(async (c) => {
      const body = validate(clockSchema, await optionalJson(c, max));
      if (body.factor !== undefined) clock.setFactor(body.factor);
      if (body.frozen === true) clock.freeze();
      if (body.frozen === false) clock.unfreeze();
      if (body.now !== undefined) clock.set(typeof body.now === "number" ? body.now : Date.parse(body.now));
      return c.json(clock.state());
    }),
  );
  app.post(
    "/clock/advance",
    handle(async (c) => {
      // `{"by": "90s"}`, or `?by=90s` for a body-less call; `{"until": "idle"}`
      const body = validate(advanceSchema, await optionalJson(c, max));
      if (body.until === "idle") return advanceUntilIdle(c, kernel, body.within === undefined ? IDLE_WITHIN : parseDuration(body.within));
      const by = body.by ?? c.req.query("by");
      if (by === undefined) throw new ApiError(400, undefined, "Say how far to advance: {\"by\": \"90s\"} or ?by=90s (a number is ms).");
      clock.advance(parseDuration(by));
      return c.json(clock.state());
    }),
  );

  app.get("/transitions", (c) =>
    c.json({ definitions: transitions.definitions(), overrides: transitions.overrides(), pending: transitions.pending() }),
  );
  app.post(
    "/transitions/overrides",
    handle(async (c) => {
      const { after, ...body } = validate(overrideSchema, await optionalJson(c, max));
      const known = new Set(transitions.definitions().map((d) => d.type));
      if (!known.has(body.type)) throw new ApiError(400, undefined, `No lifecycle is declared for type ${body.type}. Known: ${[...known].join(", ") || "none"}.`);
      return c.json(transitions.addOverride({ ...body, ms: after === undefined ? undefined : parseDuration(after) }), 201);
    }),
  );
  app.delete("/transitions/overrides", (c) => {
    transitions.clearOverrides();
    return c.body(null, 204);
  });
  app.delete(
    "/transitions/overrides/:id",
    handle((c) => {
      if (!transitions.removeOverride(c.req.param("id") ?? "")) throw new ApiError(404, undefined, `No override ${c.req.param("id")}.`);
      return c.body(null, 204);
    }),
  );
  app.post(
    "/transitions/step",
    handle(async (c) => {
      const body = validate(stepSchema, await optionalJson(c, max));
      const step = transitions.step(body.type, body.resourceId, body.to);
      if (!step) throw new ApiError(404, undefined, `No pending step for ${body.type} ${body.resourceId}.`);
      return c.json({ stepped: step });
    }),
  );

  app.get("/rate-limit", (c) => c.json(kernel.rateLimiter.config));
  app.put(
    "/rate-limit",
    handle(async (c) => {
      const body = validate(rateLimitSchema, await optionalJson(c, max));
      kernel.rateLimiter.configure(body);
      return c.json(kernel.rateLimiter.config);
    }),
  );
}

/**
 * Runs the planned work (lifecycle steps, recovery runs; not upkeep such as token sweeps) one step at a
 * time, each at its due time, until nothing is left; 408 when the next step is due past `within` (the clock
 * stays where the last step left it). Work that plans more work (a recovery's next task) is run too.
 */
function advanceUntilIdle(c: Ctx, kernel: Kernel, within: number): Response {
  const { clock } = kernel;
  const start = clock.now();
  for (let steps = 0; steps < IDLE_MAX_STEPS; steps++) {
    const due = clock.nextWork();
    if (due === undefined) return c.json(clock.state());
    if (due > start + within) {
      throw new ApiError(408, "Timeout", `Not idle: the next planned step is due ${Math.round(due - clock.now())} ms on, past the ${within} ms bound (within).`);
    }
    clock.advance(Math.max(0, due - clock.now()));
  }
  throw new ApiError(409, "Stuck", `Not idle after ${IDLE_MAX_STEPS} steps: the work keeps planning more.`);
}
