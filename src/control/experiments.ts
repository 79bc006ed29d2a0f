// Control: chaos experiments as data (src/experiments/): run one (POST, waiting for its report or not),
// read one (status, journal, report), its timeline as an HTML picture, list them, abort one (DELETE: its
// rollbacks run).

import type { Hono } from "hono";
import type { AppEnv } from "../kernel/http/context.js";
import { ApiError } from "../kernel/errors.js";
import { validate } from "../kernel/http/body.js";
import type { Experiments } from "../experiments/index.js";
import { runRequestSchema } from "../experiments/schema.js";
import { timelineHtml } from "../experiments/timeline-html.js";
import { handle, optionalJson } from "./http.js";

/** the timeline page runs nothing and loads nothing; its one style element is its own */
const TIMELINE_HEADERS = {
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  "x-content-type-options": "nosniff",
  "cache-control": "no-cache",
};

export function experimentRoutes(app: Hono<AppEnv>, experiments: Experiments, maxBodyBytes: number): void {
  app.get("/experiments", (c) => c.json({ experiments: experiments.list() }));
  app.post(
    "/experiments",
    handle(async (c) => {
      const request = validate(runRequestSchema, await optionalJson(c, maxBodyBytes));
      const { run, done } = experiments.start(request);
      if (!request.wait) return c.json(run, 202);
      await done;
      return c.json(experiments.get(run.id), 201);
    }),
  );
  app.get(
    "/experiments/:id",
    handle((c) => {
      const run = experiments.get(c.req.param("id") ?? "");
      if (!run) throw new ApiError(404, undefined, `No experiment ${c.req.param("id")}.`);
      return c.json(run);
    }),
  );
  app.get(
    "/experiments/:id/timeline",
    handle((c) => {
      const run = experiments.get(c.req.param("id") ?? "");
      if (!run) throw new ApiError(404, undefined, `No experiment ${c.req.param("id")}.`);
      return c.html(timelineHtml(run), 200, TIMELINE_HEADERS);
    }),
  );
  app.delete(
    "/experiments/:id",
    handle(async (c) => {
      const run = await experiments.abort(c.req.param("id") ?? "");
      if (!run) throw new ApiError(404, undefined, `No experiment ${c.req.param("id")}.`);
      return c.json(run);
    }),
  );
}
