// Control: a resource's status and planned lifecycle step, and "advance until": move the virtual clock from
// one planned step to the next until the resource shows a status (a test's wait on a frozen clock), bounded
// in virtual time; 408 past the bound, 409 when time alone will not get it there, each naming its status.

import type { Hono } from "hono";
import * as z from "zod";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv } from "../kernel/http/context.js";
import type { ServiceModule } from "../kernel/service.js";
import { ApiError, plainEnvelope } from "../kernel/errors.js";
import { findResource } from "../kernel/resources.js";
import { validate } from "../kernel/http/body.js";
import type { Assert, Equals } from "../kernel/type-equals.js";
import type { AdvanceUntilInput, AdvanceUntilResult, ResourceStatus } from "../client/types.js";
import { resourceKinds } from "./resources.js";
import { detailHandler } from "./resource-detail.js";
import { handle, optionalJson } from "./http.js";
import { durationSchema, parseDuration } from "../kernel/time.js";

export const advanceUntilSchema = z
  .object({
    type: z.string().min(1).optional().describe("lifecycle type; `compute.server` when absent"),
    id: z.string().min(1),
    status: z.string().min(1).describe("e.g. ACTIVE, SHUTOFF, ERROR; DELETED is reached when the resource is gone"),
    within: durationSchema().optional().describe('the most virtual time to move: ms, or "90s", "5m", "2h" (default 1h)'),
  })
  .strict();

type _Input = Assert<Equals<z.input<typeof advanceUntilSchema>, AdvanceUntilInput>>;

type Reader = (root: Readonly<Record<string, unknown>>, id: string) => string | undefined;

/** advance-until's type when the body names none: the spec's servers */
const SERVER_TYPE = "compute.server";
const GONE = "DELETED";
const DEFAULT_WITHIN = 3_600_000;
/** more steps than any lifecycle takes; a loop of immediate overrides ends here */
const MAX_STEPS = 1000;

export function lifecycleRoutes(app: Hono<AppEnv>, kernel: Kernel, services: ServiceModule[]): void {
  // the kinds whose status moves on the clock (ServiceModule.resources), the default type first
  const readers = new Map<string, Reader>();
  const kinds = [...resourceKinds(services).values()].filter(({ kind }) => kind.lifecycle && kind.statusOf);
  for (const { kind, slice } of kinds.sort((a, b) => Number(b.kind.type === SERVER_TYPE) - Number(a.kind.type === SERVER_TYPE))) {
    const statusOf = kind.statusOf!;
    readers.set(kind.type, (root, id) => {
      const row = findResource(kind, root, slice, id);
      return row && statusOf(row);
    });
  }
  const readerOf = (type: string): Reader => {
    const reader = readers.get(type);
    if (!reader) throw new ApiError(400, undefined, `No status to read for type ${type}. Types: ${[...readers.keys()].join(", ") || "none"}.`);
    return reader;
  };
  const pendingOf = (type: string, id: string) => kernel.transitions.pending().find((p) => p.type === type && p.resourceId === id) ?? null;
  const missing = (type: string, id: string) => new ApiError(404, undefined, `No ${type} ${id} (deleted, or never made).`);

  const detail = detailHandler(kernel, services);
  app.get(
    "/resources/:type/:id",
    handle((c) => {
      // ?detail=1: the resource's card (control/resource-detail.ts), for any kind
      if (c.req.query("detail") !== undefined) return detail(c);
      const type = c.req.param("type") ?? "";
      const id = c.req.param("id") ?? "";
      const status = readerOf(type)(kernel.store.state, id);
      if (status === undefined) throw missing(type, id);
      const body: ResourceStatus = { type, id, status, pending: pendingOf(type, id) };
      return c.json(body);
    }),
  );

  app.post(
    "/clock/advance-until",
    handle(async (c) => {
      const body = validate(advanceUntilSchema, await optionalJson(c, kernel.options.maxBodyBytes));
      const type = body.type ?? SERVER_TYPE;
      const read = readerOf(type);
      const within = body.within === undefined ? DEFAULT_WITHIN : parseDuration(body.within);
      const target = body.status.toUpperCase();
      const { clock } = kernel;
      const start = clock.now();
      const stop = (http: 408 | 409, code: string, status: string, why: string) => {
        const message = `${type} ${body.id} is ${status}, not ${target}: ${why}`;
        const error = plainEnvelope(new ApiError(http, code, message)) as { error: object };
        return c.json({ error: { ...error.error, resourceStatus: status } }, http);
      };
      for (let i = 0; i < MAX_STEPS; i++) {
        const status = read(kernel.store.state, body.id);
        if ((status ?? GONE).toUpperCase() === target) {
          const done: AdvanceUntilResult = { status: status ?? GONE, advancedMs: Math.round(clock.now() - start), clock: clock.state() };
          return c.json(done);
        }
        if (status === undefined) throw missing(type, body.id);
        const step = pendingOf(type, body.id);
        if (!step) return stop(409, "Stuck", status, "no lifecycle step is planned, so time alone will not change it.");
        if (step.mode !== "scheduled" || step.dueAt === null) {
          return stop(409, "Stuck", status, `its step from ${step.from} is ${step.mode}; POST /_emulator/transitions/step moves it.`);
        }
        if (step.dueAt > start + within) {
          return stop(408, "Timeout", status, `its next step is due ${Math.round(step.dueAt - clock.now())} ms on, past the ${within} ms bound.`);
        }
        clock.advance(Math.max(0, step.dueAt - clock.now()));
      }
      return stop(409, "Stuck", read(kernel.store.state, body.id) ?? GONE, `${MAX_STEPS} steps ran without reaching it.`);
    }),
  );
}
