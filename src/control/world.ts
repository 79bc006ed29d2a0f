// Control: reset (all, or one project), seed (a JSON/YAML body or a named scenario), scenarios, and the
// state snapshot (export, with the blobs' bytes on request; import).

import type { Hono } from "hono";
import * as z from "zod";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv } from "../kernel/http/context.js";
import { ApiError } from "../kernel/errors.js";
import { jsonDepth, MAX_JSON_DEPTH, MAX_TEXT_BYTES, readText, validate } from "../kernel/http/body.js";
import type { Snapshot, World } from "../world-state.js";
import type { Assert, Equals } from "../kernel/type-equals.js";
import type { ResetInput, Snapshot as ClientSnapshot } from "../client/types.js";
import { loadScenario, parseWorld, resolveExtends, scenarioNames } from "../world.js";
import { snapshotWithBlobs } from "../kernel/blobs/snapshot.js";
import { handle, optionalJson } from "./http.js";

export const resetSchema = z.object({ project: z.string().min(1).optional() }).strict();

type _Reset = Assert<Equals<z.input<typeof resetSchema>, ResetInput>>;
type _Snapshot = Assert<Equals<Snapshot, ClientSnapshot>>;

export function worldRoutes(app: Hono<AppEnv>, kernel: Kernel, world: World): void {
  const max = kernel.options.maxBodyBytes;

  app.post(
    "/reset",
    handle(async (c) => {
      const body = validate(resetSchema, await optionalJson(c, max));
      const project = c.req.query("project") ?? body.project;
      if (project) world.resetProject(project);
      else world.reset();
      return c.json({ reset: project ? { project } : "all" });
    }),
  );

  app.get("/scenarios", (c) => c.json({ scenarios: scenarioNames(), seed: world.seed }));

  app.post(
    "/seed",
    handle(async (c) => {
      const mode = c.req.query("mode") ?? "replace";
      if (mode !== "replace" && mode !== "merge") throw new ApiError(400, undefined, "mode is `replace` or `merge`.");
      const scenario = c.req.query("scenario");
      let doc;
      if (scenario) doc = loadScenario(scenario);
      else {
        const text = await readText(c, max);
        if (text.trim() === "") throw new ApiError(400, undefined, "Send a seed world (JSON or YAML) as the body, or ?scenario=<name>.");
        doc = resolveExtends(parseWorld(text, "body"));
      }
      if (mode === "merge") world.merge(doc, scenario ?? "body");
      else world.load(doc, scenario ?? "body");
      return c.json({ seeded: scenario ?? "body", mode });
    }),
  );

  app.get(
    "/state",
    handle((c) => {
      const blobs = c.req.query("blobs");
      if (blobs === undefined) return c.json(world.export());
      if (blobs !== "include") throw new ApiError(400, undefined, `blobs is \`include\` (the bytes of every blob) or absent, not ${JSON.stringify(blobs)}.`);
      return c.body(snapshotWithBlobs(world.export(), kernel.blobs), 200, { "content-type": "application/json" });
    }),
  );

  app.put(
    "/state",
    handle(async (c) => {
      const text = await readText(c, kernel.options.maxSnapshotBytes ?? MAX_TEXT_BYTES);
      // rows sit some levels down the tables' tries: room for them above what a request body may nest
      if (jsonDepth(text) > 2 * MAX_JSON_DEPTH) throw new ApiError(400, undefined, `A snapshot nests at most ${2 * MAX_JSON_DEPTH} levels deep.`);
      let snapshot: unknown;
      try {
        snapshot = JSON.parse(text);
      } catch {
        throw new ApiError(400, undefined, "A snapshot is the JSON document GET /_emulator/state returns.");
      }
      world.import(snapshot);
      return c.json({ imported: true });
    }),
  );
}
