// The control API's paths for the world: the index, health, reset, seed, scenarios, state snapshots, tenants
// and logins (clouds.yaml, OS_* variables).

import { bad, body, fail, list, ok, op, query, ref, schemaOf, str, type Json } from "./openapi-parts.js";
import { resetSchema } from "./world.js";
import { tenantSchema } from "./tenants.js";

const blobSection: Json = { type: "object", description: "Each blob's bytes, base64, by blob id.", additionalProperties: { type: "string", contentEncoding: "base64" } };
const userQuery = query("user", "A user of the seed world or a tenant (default `admin`).");

export const worldPaths = (): Record<string, Json> => ({
  "/_emulator": {
    get: op("health", "This index of control operations", { "200": ok("Every operation, from this document.", ref("ControlIndex")) }),
  },
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
          "Without a project: the state returns to the seed world; runtime fault rules, transition overrides, lifecycle steps under way, rate-limit windows and the events, requests and fired-fault journals are dropped; fault rules from the configuration come back. The clock and the rate-limit budget are kept. With a project (id): only that project's resources go back to how the seed world has them; everything else is kept. A project the seed world lacks (a tenant from POST /tenants, or one made through the identity API) goes entirely: its resources, the project, and the users made for it (their tokens and key pairs too).",
        parameters: [query("project", "Reset only this project (id).")],
        requestBody: body(schemaOf(resetSchema), false),
      },
    ),
  },
  "/_emulator/scenarios": {
    get: op("world", "Named seed worlds, and the one in use", {
      "200": ok("Scenario names (fixtures/scenarios), and the seed world in use: `ref` is what it was loaded from (a scenario name or a file given to --seed, `body` for a seed POSTed as the body, `(inline)` for one given in code), `merged` the worlds merged into the running state since the last reset (a reset drops them).", {
        type: "object",
        properties: { scenarios: { type: "array", items: str }, seed: { type: "object", properties: { ref: str, merged: { type: "array", items: str } }, required: ["ref", "merged"] } },
        required: ["scenarios", "seed"],
      }),
    }),
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
    get: op(
      "world",
      "Export the state",
      {
        "200": ok("A snapshot; PUT it back to return to this exact state.", {
          allOf: [ref("Snapshot"), { type: "object", properties: { blobs: blobSection, blobOwners: { type: "object", additionalProperties: str } } }],
        }),
        ...bad,
      },
      {
        description:
          "The state holds uploaded bytes (images, objects) only as refs: id, size, md5 (and sha256 where an S3 upload was signed with its digest). With ?blobs=include the snapshot also carries the bytes, `blobs` (base64 by blob id), and `blobOwners` (the project of each blob that has one); the answer is streamed, one blob after another.",
        parameters: [query("blobs", "`include`: add every blob's bytes.", { enum: ["include"] })],
      },
    ),
    put: op(
      "world",
      "Import a snapshot",
      { "200": ok("Imported.", { type: "object", properties: { imported: { const: true } } }), "400": fail("Not a snapshot of this emulator's services, or its blobs do not match its state; nothing changed."), "413": fail("The snapshot is larger than maxSnapshotBytes (by default the longest string Node holds); nothing changed.") },
      {
        description:
          "Replaces the state with a snapshot from GET /state, sets the clock to its time and restores lifecycle steps under way. Faults, overrides and journals are kept. With a `blobs` section (GET /state?blobs=include) the stored blobs become exactly the section's; every blob ref in the state must name one of them, with the same size and checksums. Without one the stored blobs stay, and every ref must name one of those. A bad section (not base64, a missing or different blob) is a 400 and changes nothing.",
        requestBody: body(ref("Snapshot")),
      },
    ),
  },
  "/_emulator/tenants": {
    post: op(
      "world",
      "Make a tenant: project, member user, network, router",
      {
        "201": ok("The tenant, with the credentials to log in as its user.", ref("Tenant")),
        ...bad,
        "409": fail("The project or user name is taken; nothing changed."),
      },
      {
        description:
          "In one update: a project (domain `default`) with a user whose default project it is and who holds `role` on it, the project's `default` security group, a private network and subnet (a 10.x.y.0/24 that overlaps no other subnet, unless `cidr` is given) with a router gatewayed to the external network, and quota limits of the project's own. So parallel test workers share one emulator without seeing each other. POST /reset?project=<id> tears it down again. Answers with `osEnvironment` and `cloudsYaml` pointing at the address the request used.",
        requestBody: body(schemaOf(tenantSchema), false),
      },
    ),
  },
  "/_emulator/clouds.yaml": {
    get: op(
      "logins",
      "clouds.yaml for a user",
      { "200": { description: "One cloud (`skymock`, or ?cloud=) pointing at the address the request used.", content: { "text/yaml": { schema: str } } }, "404": fail("No such user with a known password; the message names the known ones.") },
      { parameters: [userQuery, query("cloud", "The cloud's name in the document (default `skymock`).")] },
    ),
  },
  "/_emulator/os-environment": {
    get: op("logins", "OS_* variables for a user", { "200": ok("OS_AUTH_URL, OS_USERNAME, ... as a JSON object.", { type: "object", additionalProperties: str }), "404": fail("No such user with a known password.") }, {
      parameters: [userQuery],
    }),
  },
  "/_emulator/logins": {
    get: op("logins", "Every user a client can log in as", { "200": ok("The seed world's users with passwords, then tenants made since the last reset.", list("logins", "CloudCredentials")) }),
  },
});
