// The control API's paths for chaos experiments (src/experiments/), with the experiment document's JSON
// Schema rendered from the zod schema the route validates with.

import { bad, body, fail, ok, op, pathId, ref, schemaOf, type Json } from "./openapi-parts.js";
import { experimentSchema, runRequestSchema } from "../experiments/schema.js";

const run: Json = {
  type: "object",
  properties: {
    id: { type: "string" },
    title: { type: "string" },
    status: { enum: ["running", "completed", "failed", "aborted", "error"] },
    journal: { type: "array", items: ref("ExperimentTimelineEntry"), description: "the timeline so far (the report's, once done)" },
    report: {
      description: "null while running",
      anyOf: [{ type: "null" }, { type: "object", description: "title, status, summary (plain words), seed, world, durationSeconds (virtual), hypothesis {before, after}, method, rollbacks, recovery {seconds, withinSeconds, met}, timeline" }],
    },
  },
  required: ["id", "title", "status", "journal", "report"],
};

export const experimentSchemas = (): Record<string, Json> => ({
  Experiment: { ...schemaOf(experimentSchema), description: "An experiment document: Chaos Toolkit's field names, the emulator's providers." },
  ExperimentRun: run,
  ExperimentTimelineEntry: {
    type: "object",
    properties: { t: { type: "number", description: "virtual seconds since the run started" }, kind: { enum: ["probe", "action", "rollback", "fault", "event", "request", "state"], description: "state: a resource a probe saw changed status (detail: id, name, from, to)" }, name: { type: "string" }, detail: { type: "object" } },
    required: ["t", "kind", "name"],
  },
});

const runDescription =
  "Loads `world` (a scenario) or resets the world to its seed, restarts the fault draws from `seed`, sets the clock to `startAt` when given, freezes the clock and runs: the steady-state hypothesis's probes; the method's activities in order (pauses, `at` times from the method's start and waits move the virtual clock; a `background` activity starts at its time while the method goes on; `save` keeps a value of a reply for `${name}` in later steps, as `configuration` gives fixed ones; a `steady-state` wait polls the hypothesis until it holds again or `within` after the method's first action has passed); the hypothesis again; the rollbacks. Fault rules the experiment added are removed at the end, and a clock that was running runs again. One experiment runs at a time (409). The report's timeline holds the runner's steps, the requests answered, the faults that fired, the domain events and the state changes of the resources the probes saw, in virtual seconds. The same document, seed and starting state give the same report byte for byte. A document with `amqp-publish` is refused (400) when the emulator has no AMQP bridge.";

export const experimentPaths = (): Record<string, Json> => ({
  "/_emulator/experiments": {
    get: op("experiments", "The experiments run (the last 50): id, title, status, summary (the verdict in plain words; null while running)", { "200": ok("Experiments.", { type: "object", properties: { experiments: { type: "array" } } }) }),
    post: op("experiments", "Run a chaos experiment on the virtual clock", {
      "201": ok("Done: the run with its report.", ref("ExperimentRun")),
      "202": ok("With `wait: false`: running; GET it, DELETE aborts it.", ref("ExperimentRun")),
      ...bad,
      "404": fail("No scenario of that name."),
      "409": fail("Another experiment is running."),
    }, { description: runDescription, requestBody: body({ ...schemaOf(runRequestSchema), properties: { ...(schemaOf(runRequestSchema).properties as Json), experiment: ref("Experiment") } }) }),
  },
  "/_emulator/experiments/{id}/timeline": {
    get: op(
      "experiments",
      "An experiment's timeline as an HTML picture",
      { "200": { description: "A self-contained page (no script, no external asset): the verdict in plain words, then an SVG time axis in virtual seconds with a lane per host and per service.", content: { "text/html": { schema: { type: "string" } } } }, "404": fail("No such experiment.") },
      { parameters: [pathId("experiment-N")] },
    ),
  },
  "/_emulator/experiments/{id}": {
    get: op("experiments", "An experiment: status, journal, report", { "200": ok("The run.", ref("ExperimentRun")), "404": fail("No such experiment.") }, { parameters: [pathId("experiment-N")] }),
    delete: op("experiments", "Abort a running experiment (its rollbacks run); a finished one is returned as it is", { "200": ok("The run, once stopped.", ref("ExperimentRun")), "404": fail("No such experiment.") }, { parameters: [pathId("experiment-N")] }),
  },
});
