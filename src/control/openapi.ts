// The OpenAPI 3.1 document of the control API, served at /_emulator/openapi.json. Request bodies are
// rendered from the zod schemas the routes validate with, so the document and the checks cannot drift.

import * as z from "zod";
import { faultRuleSchema } from "../kernel/faults.js";
import { advanceSchema, clockSchema, overrideSchema, rateLimitSchema, stepSchema } from "./time.js";
import { resetSchema } from "./world.js";

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: "input" | "output" = "input"): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
};
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ "application/json": { schema } });
const body = (schema: Json, required = true) => ({ required, content: json(schema) });
const ok = (description: string, schema?: Json) => (schema ? { description, content: json(schema) } : { description });
const fail = (description: string) => ({ description, content: json(ref("Error")) });
const list = (key: string, item: string): Json => ({ type: "object", properties: { [key]: { type: "array", items: ref(item) } }, required: [key] });
const int: Json = { type: "integer", minimum: 0 };
const str: Json = { type: "string" };
const query = (name: string, description: string, schema: Json = str) => ({ name, in: "query", required: false, description, schema });
const pathId = (description: string) => ({ name: "id", in: "path", required: true, description, schema: str });
const journalQuery = [
  query("after", "Only entries whose `seq` is greater: poll with the last `seq` you saw.", int),
  query("limit", "At most this many entries (the oldest first).", int),
];
const done = { "204": { description: "Done." } };
const bad = { "400": fail("The input is not valid; nothing changed.") };

function op(tag: string, summary: string, responses: Json, extra: Json = {}): Json {
  return { tags: [tag], summary, ...extra, responses };
}

const clock = ok("The clock after the change.", ref("ClockState"));

// built on first request, not at import: converting the zod schemas costs startup time
const buildPaths = (): Record<string, Json> => ({
  "/_emulator/health": {
    get: op("health", "Readiness of every service", {
      "200": ok("Every service is ready (use as a container healthcheck or wait strategy).", ref("Health")),
      "503": ok("At least one service is not ready yet.", ref("Health")),
    }),
  },
  "/_emulator/openapi.json": {
    get: op("health", "This document", { "200": ok("OpenAPI 3.1 document.", { type: "object" }) }),
  },
  "/_emulator/reset": {
    post: op(
      "world",
      "Back to the seed world, or put one project back",
      { "200": ok("Reset.", { type: "object", properties: { reset: { oneOf: [{ const: "all" }, { type: "object", properties: { project: str } }] } } }), ...bad },
      {
        description:
          "Without a project: the state returns to the seed world; runtime fault rules, transition overrides, lifecycle steps under way, rate-limit windows and the events, requests and fired-fault journals are dropped; fault rules from the configuration come back. The clock and the rate-limit budget are kept. With a project (id): only that project's resources go back to how the seed world has them; everything else is kept.",
        parameters: [query("project", "Reset only this project (id).")],
        requestBody: body(schemaOf(resetSchema), false),
      },
    ),
  },
  "/_emulator/scenarios": {
    get: op("world", "Named seed worlds", { "200": ok("Scenario names (fixtures/scenarios).", { type: "object", properties: { scenarios: { type: "array", items: str } } }) }),
  },
  "/_emulator/seed": {
    post: op(
      "world",
      "Load a seed world",
      {
        "200": ok("Seeded.", { type: "object", properties: { seeded: str, mode: { enum: ["replace", "merge"] } } }),
        "400": fail("Not JSON or YAML, a section for a service this emulator does not run, or a section its service rejects; nothing changed."),
        "404": fail("No scenario by that name."),
        "413": fail("The body is larger than the configured limit."),
      },
      {
        description:
          "The body is a world document (JSON or YAML) with one section per service, optionally `extends: <scenario>`; or name a scenario with ?scenario=. `replace` (the default) makes it the seed world and resets to it, as POST /reset does; `merge` adds its resources to the running state and leaves the reset target alone.",
        parameters: [
          query("scenario", "A named scenario instead of a body (`default`, or a file in fixtures/scenarios)."),
          query("mode", "`replace` (default) or `merge`.", { enum: ["replace", "merge"] }),
        ],
        requestBody: { required: false, content: { "application/json": { schema: ref("World") }, "application/yaml": { schema: ref("World") } } },
      },
    ),
  },
  "/_emulator/state": {
    get: op("world", "Export the state", { "200": ok("A snapshot; PUT it back to return to this exact state.", ref("Snapshot")) }),
    put: op(
      "world",
      "Import a snapshot",
      { "200": ok("Imported.", { type: "object", properties: { imported: { const: true } } }), "400": fail("Not a snapshot of this emulator's services; nothing changed.") },
      {
        description: "Replaces the state with a snapshot from GET /state, sets the clock to its time and restores lifecycle steps under way. Faults, overrides and journals are kept.",
        requestBody: body(ref("Snapshot")),
      },
    ),
  },
  "/_emulator/clock": {
    get: op("clock", "Read the virtual clock", { "200": ok("The clock.", ref("ClockState")) }),
    patch: op("clock", "Change the clock's mode or time", { "200": clock, ...bad }, {
      description: "Applied in order: factor, frozen, now. Moving `now` forward runs every lifecycle step that falls due on the way; moving it back runs nothing.",
      requestBody: body(schemaOf(clockSchema)),
    }),
  },
  "/_emulator/clock/advance": {
    post: op("clock", "Move time forward", { "200": clock, ...bad }, {
      description: "Runs every step that falls due, in time order, each at its own due time, before it answers. `by` is ms, or a string such as `250ms`, `90s`, `5m`, `2h`, `1d`; in the body or as ?by=.",
      parameters: [query("by", "How far, when there is no body.")],
      requestBody: body(schemaOf(advanceSchema), false),
    }),
  },
  "/_emulator/transitions": {
    get: op("transitions", "Lifecycle definitions, overrides and steps under way", {
      "200": ok("Everything the lifecycle engine knows.", {
        type: "object",
        properties: { definitions: { type: "array", items: ref("TransitionDef") }, overrides: { type: "array", items: ref("TransitionOverride") }, pending: { type: "array", items: ref("PendingStep") } },
      }),
    }),
  },
  "/_emulator/transitions/overrides": {
    post: op("transitions", "Override a lifecycle, for a type or one resource", { "201": ok("The override.", ref("TransitionOverride")), ...bad }, {
      description:
        "Modes: `immediate`; `delay` (`after`); `manual` (moves only on POST /transitions/step); `stick` (never moves on its own); `redirect` (`to`, and optionally `after`). `from` limits it to one step, `resourceId` to one resource. The most specific override wins (resource and state, resource, state, type), the newest on a tie. Steps already under way are re-planned at once, timed from when the resource entered the state.",
      requestBody: body(schemaOf(overrideSchema)),
    }),
    delete: op("transitions", "Remove every override", done),
  },
  "/_emulator/transitions/overrides/{id}": {
    delete: op("transitions", "Remove one override", { ...done, "404": fail("No such override.") }, { parameters: [pathId("Override id (`ovr-N`).")] }),
  },
  "/_emulator/transitions/step": {
    post: op("transitions", "Run a pending step now", { "200": ok("The step that ran.", { type: "object", properties: { stepped: ref("PendingStep") } }), ...bad, "404": fail("No step is pending for that resource.") }, {
      description: "For manual and stuck steps, or to hurry a scheduled one; `to` sends the resource somewhere else.",
      requestBody: body(schemaOf(stepSchema)),
    }),
  },
  "/_emulator/rate-limit": {
    get: op("rate limit", "Read the per-project request budget", { "200": ok("The budget; `requests: 0` is off.", ref("RateLimit")) }),
    put: op("rate limit", "Set the per-project request budget", { "200": ok("The new budget.", ref("RateLimit")), ...bad }, {
      description: "Fixed windows on the virtual clock. Beyond the budget a service answers 429 in its own envelope with Retry-After. Setting it starts new windows; `requests: 0` turns it off.",
      requestBody: body(schemaOf(rateLimitSchema)),
    }),
  },
  "/_emulator/faults": {
    get: op("faults", "Live fault rules, in match order", { "200": ok("Rules.", list("faults", "FaultRule")) }),
    post: op("faults", "Add a fault rule", { "201": ok("The rule.", ref("FaultRule")), ...bad }, {
      description:
        "Rules match in the order they were added on every field they give: service, method, path glob (below the mount or in full; `*` one segment, `**` any depth), operation (glob), project (id or name) and resourceName (glob on a create or update body's `name`). The first rule that matches and wins its `probability` draw (a generator seeded by the emulator's random seed) fires. A rule with `times` is dropped after that many fires; one with `expiresAt` (virtual time) after it.",
      requestBody: body(schemaOf(faultRuleSchema)),
    }),
    delete: op("faults", "Remove every rule (configured ones come back on reset)", done),
  },
  "/_emulator/faults/{id}": {
    delete: op("faults", "Remove one rule", { ...done, "404": fail("No such rule.") }, { parameters: [pathId("Rule id (`fault-N`).")] }),
  },
  "/_emulator/faults/fired": {
    get: op("faults", "Journal of faults that fired", { "200": ok("Oldest first.", list("fired", "FiredFault")), ...bad }, { parameters: journalQuery }),
    delete: op("faults", "Empty the fired-fault journal", done),
  },
  "/_emulator/events": {
    get: op("journals", "Domain events, published after each commit", { "200": ok("Oldest first.", list("events", "DomainEvent")), ...bad }, {
      parameters: [query("type", "An event type, or a prefix ending in `*` (e.g. `identity.*`)."), ...journalQuery],
    }),
    delete: op("journals", "Empty the events journal", done),
  },
  "/_emulator/requests": {
    get: op("journals", "Requests the services answered (control calls are not journaled)", { "200": ok("Oldest first.", list("requests", "RequestRecord")), ...bad }, {
      parameters: [query("service", "Only this service's requests."), ...journalQuery],
    }),
    delete: op("journals", "Empty the requests journal", done),
  },
  "/_emulator/compute/hosts": {
    get: op("compute", "Compute hosts and their nova-compute service", { "200": ok("Every host, in hypervisor id order.", list("hosts", "ComputeHost")) }),
  },
  "/_emulator/compute/hosts/{name}/fail": {
    post: op(
      "compute",
      "Fail a compute host",
      { "200": ok("The host after the change; `changed` is false when it was already down.", ref("HostChange")), "404": fail("No compute host by that name.") },
      {
        description:
          "The host's nova-compute service goes down (state `down`, `updated_at` now): the scheduler skips it, its hypervisor and service show `down`, its servers show host_status DOWN (2.16+). Publishes `compute.host.error` {host, serverIds, at} and `compute.instance.error` {host, serverId, projectId} for each server on it, in one commit. Failing a host that is already down publishes nothing.",
        parameters: [{ name: "name", in: "path", required: true, description: "Host name (e.g. `compute-1`).", schema: str }],
      },
    ),
  },
  "/_emulator/compute/hosts/{name}/recover": {
    post: op(
      "compute",
      "Recover a compute host",
      { "200": ok("The host after the change; `changed` is false when it was already up.", ref("HostChange")), "404": fail("No compute host by that name.") },
      {
        description: "The service comes back (state `up`) and `compute.host.recovered` {host, at} is published. An admin's disable or forced-down (os-services) stays as it was.",
        parameters: [{ name: "name", in: "path", required: true, description: "Host name (e.g. `compute-1`).", schema: str }],
      },
    ),
  },
});

const buildSchemas = (): Record<string, Json> => ({
  Error: {
    type: "object",
    properties: { error: { type: "object", properties: { status: { type: "integer" }, code: str, message: str }, required: ["status", "code", "message"] } },
  },
  Health: {
    type: "object",
    properties: {
      status: { enum: ["ok", "starting"] },
      services: { type: "object", additionalProperties: { type: "object", properties: { ready: { type: "boolean" }, detail: str }, required: ["ready"] } },
    },
  },
  World: { type: "object", description: "One section per service (e.g. `identity:`), and optionally `extends: <scenario>`.", additionalProperties: true },
  ClockState: {
    type: "object",
    properties: { now: { type: "string", format: "date-time" }, epochMs: { type: "integer" }, factor: { type: "number" }, frozen: { type: "boolean" }, pending: { type: "integer", description: "scheduled jobs" } },
  },
  Snapshot: {
    type: "object",
    properties: {
      format: { const: "skymock-snapshot/1" },
      clock: { type: "object", properties: { epochMs: { type: "integer" } }, required: ["epochMs"] },
      state: { type: "object", description: "One slice per service, as the store holds it." },
      transitions: { type: "array", items: ref("PendingStep") },
    },
    required: ["format", "clock", "state"],
  },
  TransitionDef: { type: "object", properties: { type: str, from: str, to: str, afterMs: { type: "number" } } },
  TransitionOverride: {
    type: "object",
    properties: { id: str, type: str, resourceId: str, from: str, mode: { enum: ["immediate", "delay", "manual", "stick", "redirect"] }, ms: { type: "number" }, to: str },
  },
  PendingStep: {
    type: "object",
    properties: {
      type: str,
      resourceId: str,
      from: str,
      to: str,
      enteredAt: { type: "number", description: "virtual epoch ms" },
      dueAt: { type: ["number", "null"], description: "virtual epoch ms; null when manual or stuck" },
      mode: { enum: ["scheduled", "manual", "stuck"] },
    },
  },
  RateLimit: schemaOf(rateLimitSchema, "output"),
  FaultRule: {
    allOf: [
      schemaOf(faultRuleSchema, "output"),
      { type: "object", properties: { id: str, fired: { type: "integer" }, expiresAt: { type: "number", description: "virtual epoch ms" } } },
    ],
  },
  FiredFault: {
    type: "object",
    properties: { seq: { type: "integer" }, at: { type: "string", format: "date-time" }, ruleId: str, service: str, method: str, path: str, operation: str, effect: str },
  },
  ComputeHost: {
    type: "object",
    properties: {
      name: str,
      zone: str,
      hostIp: str,
      state: { enum: ["up", "down"] },
      status: { enum: ["enabled", "disabled"] },
      disabledReason: { type: ["string", "null"] },
      forcedDown: { type: "boolean" },
      updatedAt: { type: "string", format: "date-time" },
      vcpus: { type: "integer" },
      vcpusUsed: { type: "integer" },
      memoryMb: { type: "integer" },
      memoryMbUsed: { type: "integer" },
      localGb: { type: "integer" },
      localGbUsed: { type: "integer" },
      runningVms: { type: "integer" },
      serverIds: { type: "array", items: str },
    },
  },
  HostChange: {
    type: "object",
    properties: { changed: { type: "boolean" }, serverIds: { type: "array", items: str, description: "fail only: the servers on the host" }, host: ref("ComputeHost") },
    required: ["changed", "host"],
  },
  DomainEvent: {
    type: "object",
    properties: { seq: { type: "integer" }, type: str, at: { type: "string", format: "date-time" }, payload: { type: "object" } },
  },
  RequestRecord: {
    type: "object",
    properties: {
      seq: { type: "integer" },
      requestId: str,
      at: { type: "string", format: "date-time" },
      method: str,
      path: str,
      service: { type: ["string", "null"] },
      operation: { type: ["string", "null"] },
      project: { type: ["string", "null"] },
      status: { type: "integer", description: "499 when a fault dropped the connection" },
      durationMs: { type: "number" },
    },
  },
});

let cached: Json | undefined;

export function openApiDocument(): Json {
  cached ??= {
    openapi: "3.1.0",
    info: {
      title: "skymock control API",
      version: "1",
      description: "The test harness's back door: no token, no faults, not journaled. Errors are {\"error\": {status, code, message}}; a wrong method is a 405 with Allow.",
    },
    paths: buildPaths(),
    components: { schemas: buildSchemas() },
  };
  return cached;
}
