// The control API's paths for time: the clock (advance, advance-until), lifecycle transitions and overrides,
// resource status, and the rate limit.

import { bad, body, done, fail, int, json, ok, op, pathId, query, ref, schemaOf, str, type Json } from "./openapi-parts.js";
import { advanceSchema, clockSchema, overrideSchema, rateLimitSchema, stepSchema } from "./time.js";
import { advanceUntilSchema } from "./lifecycle.js";

const clock = ok("The clock after the change.", ref("ClockState"));
const stuck = (description: string) => ({ description, content: json(ref("StuckError")) });

export const timePaths = (): Record<string, Json> => ({
  "/_emulator/clock": {
    get: op("clock", "Read the virtual clock", { "200": ok("The clock.", ref("ClockState")) }),
    patch: op("clock", "Change the clock's mode or time", { "200": clock, ...bad }, {
      description: "Applied in order: factor, frozen, now. Moving `now` forward runs every lifecycle step that falls due on the way; moving it back runs nothing.",
      requestBody: body(schemaOf(clockSchema)),
    }),
  },
  "/_emulator/clock/advance": {
    post: op("clock", "Move time forward", { "200": clock, ...bad, "408": fail("until idle: the next planned step is due past `within`; the clock stays where the last step left it."), "409": fail("until idle: 10,000 steps ran and the work keeps planning more.") }, {
      description:
        "Runs every step that falls due, in time order, each at its own due time, before it answers. `by` is ms, or a string such as `250ms`, `90s`, `5m`, `2h`, `1d`; in the body or as ?by=. `{\"until\": \"idle\"}` instead moves from one planned step to the next (lifecycle steps, recovery runs; not upkeep such as token sweeps) until none is left, at most `within` (default 1h): 408 when the next is due past it.",
      parameters: [query("by", "How far, when there is no body.")],
      requestBody: body(schemaOf(advanceSchema), false),
    }),
  },
  "/_emulator/clock/advance-until": {
    post: op(
      "clock",
      "Move time forward until a resource shows a status",
      {
        "200": ok("Reached; the clock after the moves.", ref("AdvanceUntil")),
        ...bad,
        "404": fail("No such resource (and the status asked for is not DELETED)."),
        "408": stuck("Its next step is due past `within`: the clock stays where the last step left it."),
        "409": stuck("Time alone will not get it there: no step is planned (e.g. ERROR), or the step is manual or stuck."),
      },
      {
        description:
          "Moves the virtual clock from one planned lifecycle step of the resource to the next (each time running all work due on the way, as POST /clock/advance does) until it shows `status` (compared in any case; DELETED when it is gone). The wait of a test on a frozen clock; works on a running clock too.",
        requestBody: body(schemaOf(advanceUntilSchema)),
      },
    ),
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
    get: op("rate limit", "Read the request budget (per project; per client address without a token)", { "200": ok("The budget; `requests: 0` is off.", ref("RateLimit")) }),
    put: op("rate limit", "Set the request budget (per project; per client address without a token)", { "200": ok("The new budget.", ref("RateLimit")), ...bad }, {
      description: "Fixed windows on the virtual clock, one per project (a caller without a project: its user) and one per client address for requests without a token (issuing tokens, discovery; the socket's peer address, X-Forwarded-For is not read). Beyond the budget a service answers 429 in its own envelope with Retry-After. Setting it starts new windows; `requests: 0` turns it off.",
      requestBody: body(schemaOf(rateLimitSchema)),
    }),
  },
  "/_emulator/resources": {
    get: op("resources", "The kinds of resource the services hold", {
      "200": ok("Each kind (`compute.server`, `block-storage.volume`, ...): its service, how many there are, and the filters its list takes.", {
        type: "object",
        properties: {
          kinds: {
            type: "array",
            items: { type: "object", properties: { type: str, service: str, count: int, filters: { type: "array", items: { enum: ["project", "status"] } } } },
          },
        },
        required: ["kinds"],
      }),
    }),
  },
  "/_emulator/resources/{type}": {
    get: op("resources", "One kind's resources, as short summaries", {
      "200": ok("A page of summaries (id, name, status, project, ...), oldest first; `next` is the marker of the next page, null on the last.", {
        type: "object",
        properties: { type: str, resources: { type: "array", items: { type: "object" } }, next: { type: ["string", "null"] } },
        required: ["type", "resources", "next"],
      }),
      ...bad,
      "404": fail("No kind of that name; the message lists the kinds."),
    }, {
      parameters: [
        { name: "type", in: "path", required: true, description: "Kind, e.g. `compute.server` (GET /_emulator/resources lists them).", schema: str },
        query("project", "Only the resources of this project id (kinds that belong to projects)."),
        query("status", "Only the resources in this status, any case (kinds with a status)."),
        query("limit", "At most this many (default 100; the emulator's maxPageSize at most).", int),
        query("marker", "Start after the resource with this id (the previous page's `next`)."),
      ],
    }),
  },
  "/_emulator/resources/{type}/{id}": {
    get: op(
      "transitions",
      "A resource's status and planned step, or its detail",
      { "200": ok("Status as the service shows it; with ?detail=1 the resource's detail.", { oneOf: [ref("ResourceStatus"), ref("ResourceDetail")] }), ...bad, "404": fail("No such resource.") },
      {
        description:
          "For kinds with a status (`compute.server`, `block-storage.volume`, ...: GET /_emulator/resources lists them). A poll of this is how a client waits on a running clock. With ?detail=1, any kind: what the service declares for one resource (a server's addresses, flavor and action history; a subnet's allocation use; a container's objects), never a secret.",
        parameters: [
          { name: "type", in: "path", required: true, description: "Kind, e.g. `compute.server`.", schema: str },
          { name: "id", in: "path", required: true, description: "Resource id (URL-encoded: an object's is `<project>/<container>/<name>`).", schema: str },
          query("detail", "1 or true: the resource's detail (ResourceDetail) instead of its status."),
        ],
      },
    ),
  },
  "/_emulator/resources/{type}/{id}/content": {
    get: op(
      "transitions",
      "Download a resource's bytes",
      { "200": { description: "The bytes, as an attachment (Content-Disposition), streamed.", content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } }, ...bad, "404": fail("No such resource, or it has no bytes.") },
      {
        description: "For kinds with content (`object-storage.object`): the object's bytes as a download, whoever's project it is in.",
        parameters: [
          { name: "type", in: "path", required: true, description: "Kind, e.g. `object-storage.object`.", schema: str },
          { name: "id", in: "path", required: true, description: "Resource id, URL-encoded.", schema: str },
        ],
      },
    ),
  },
});
