// Bodies at the edge of a JSON route's limit, on every JSON route of every service: a body of exactly the
// limit is read (answered as its content deserves: never a 413, never a 5xx), one byte more is a 413 in the
// service's own error shape, declared (Content-Length) or not (a body of unknown length, as chunked); a
// refusal changes no state. The judging is the fuzzer's (fuzz-check.ts: 5xx, envelope, state).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/emulator.js";
import { exchange } from "./fuzz-check.js";
import type { FuzzRequest } from "./fuzz-request.js";
import { createFuzzWorld, type FuzzRoute, type FuzzWorld } from "./fuzz-world.js";

/** the services with JSON bodies (Swift's are bytes and headers) */
const SERVICES = ["identity", "networking", "image", "block-storage", "compute", "instance-ha"];

/** each service's newest microversion, so that no route is missing for want of one */
const LATEST: Record<string, Record<string, string>> = {
  "block-storage": { "OpenStack-API-Version": "volume latest" },
  compute: { "OpenStack-API-Version": "compute latest", "X-OpenStack-Nova-API-Version": "latest" },
  "instance-ha": { "OpenStack-API-Version": "instance-ha latest" },
};

/** A JSON object of exactly `bytes` bytes: one string member padded to size. */
const paddedJson = (bytes: number) => `{"pad":"${"x".repeat(bytes - '{"pad":""}'.length)}"}`;

/** The route's path with the token's project and the first real value of each other parameter (or a made-up one). */
function pathOf(world: FuzzWorld, route: FuzzRoute, project: string): string {
  const values = world.paramValues(route);
  let i = 0;
  return route.path.replace(/:[A-Za-z_]+/g, (name) => {
    const value = values[i++]?.[0];
    return encodeURIComponent(name === ":project_id" ? project : value ?? "x");
  });
}

/** What refuses a request before its body is read: its answer does not depend on the body. */
const BEFORE_BODY = new Set([401, 403, 404, 405, 406, 415]);

describe("bodies at the limit of every JSON route", () => {
  let world: FuzzWorld;
  let project: string;
  beforeAll(async () => {
    world = await createFuzzWorld();
    const { admin } = world.tokens;
    project = (await call(world.emulator, "GET", "/identity/v3/auth/tokens", { token: admin, headers: { "X-Subject-Token": admin } })).body.token.project.id;
  });
  afterAll(() => world.emulator.close());

  it.each(SERVICES)("%s: the limit is read, one byte past it is a 413 in the service's shape, declared or not; nothing changes", async (service) => {
    const limit = world.emulator.options.maxBodyBytes;
    const routes = world.routes.filter((r) => r.service === service && r.def.schema && r.def.body !== "stream");
    expect(routes.length).toBeGreaterThan(0);
    const problems: string[] = [];
    let refused = 0;
    for (const route of routes) {
      const max = route.def.maxBytes ?? limit;
      const send = async (body: string, declared: boolean) => {
        const headers: Record<string, string> = { "X-Auth-Token": world.tokens.admin, "Content-Type": "application/json", ...LATEST[service] };
        if (declared) headers["Content-Length"] = String(Buffer.byteLength(body));
        const request: FuzzRequest = { method: route.def.method, path: pathOf(world, route, project), headers, body };
        const { status, problem } = await exchange(world, request);
        if (problem) problems.push(`${route.def.method} ${route.path} (${body.length} bytes${declared ? ", declared" : ""}): ${problem}`);
        return status;
      };
      const atLimit = await send(paddedJson(max), false);
      if (atLimit === 413) problems.push(`${route.def.method} ${route.path}: a body of exactly its limit (${max} bytes) was refused`);
      for (const declared of [false, true]) {
        const past = await send(paddedJson(max + 1), declared);
        if (past === 413) refused++;
        else if (!(BEFORE_BODY.has(past) && past === atLimit)) problems.push(`${route.def.method} ${route.path}: ${max + 1} bytes${declared ? " (declared)" : ""} answered ${past}, not 413`);
      }
    }
    expect(problems.join("\n")).toBe("");
    // most routes read the body of an admin's request: the check above is not vacuous
    expect(refused).toBeGreaterThan(routes.length);
  }, 120_000);
});
