// Bodies nested thousands of levels deep: a 400 in the owning service's envelope before anything walks
// them (a free-form value such as a port's binding:profile was stored, then overflowed immer's recursive
// walk: a 500, found by the long fuzz run).

import { describe, expect, it } from "vitest";
import { jsonDepth, MAX_JSON_DEPTH } from "../../src/kernel/http/body.js";
import { call, login, testEmulator } from "../helpers/emulator.js";

const nested = (levels: number, leaf = "1") => '{"k":'.repeat(levels) + leaf + "}".repeat(levels);

describe("JSON nesting depth", () => {
  it("is measured with strings skipped, escapes included", () => {
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{\\"[[["}')).toBe(1);
    expect(jsonDepth("1")).toBe(0);
  });

  it("a port update nesting past the limit is a NeutronError 400 and changes nothing; at the limit it is stored", async () => {
    const emu = testEmulator();
    const token = await login(emu);
    const net = await call(emu, "POST", "/networking/v2.0/networks", { token, body: { network: { name: "deep" } } });
    const port = await call(emu, "POST", "/networking/v2.0/ports", { token, body: { port: { network_id: net.body.network.id } } });
    const path = `/networking/v2.0/ports/${port.body.port.id}`;
    const before = (await call(emu, "GET", "/_emulator/state")).text;
    const deep = await call(emu, "PUT", path, { token, raw: `{"port":{"binding:profile":${nested(5000)}}}` });
    expect(deep.status).toBe(400);
    expect(deep.body.NeutronError).toMatchObject({ type: "BadRequest" });
    expect(deep.body.NeutronError.message).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
    expect((await call(emu, "GET", "/_emulator/state")).text).toBe(before);
    // the deepest body allowed: the envelope, the port and the profile take three of the levels
    const ok = await call(emu, "PUT", path, { token, raw: `{"port":{"binding:profile":${nested(MAX_JSON_DEPTH - 2)}}}` });
    expect(ok.status).toBe(200);
    expect((await call(emu, "GET", path, { token })).status).toBe(200);
  });

  it("every service answers in its own envelope", async () => {
    const emu = testEmulator();
    const token = await login(emu);
    const body = `{"x":${nested(1000)}}`;
    const compute = await call(emu, "POST", "/compute/v2.1/servers", { token, raw: body });
    expect(compute.status).toBe(400);
    expect(compute.body.badRequest.code).toBe(400);
    const identity = await call(emu, "POST", "/identity/v3/auth/tokens", { raw: body });
    expect(identity.status).toBe(400);
    expect(identity.body.error.code).toBe(400);
  });

  it("a seed or a snapshot nesting thousands of levels deep is a 400 of the control API", async () => {
    const emu = testEmulator();
    const before = (await call(emu, "GET", "/_emulator/state")).text;
    const seed = await call(emu, "POST", "/_emulator/seed", { raw: `{"compute":${nested(20_000)}}` });
    expect(seed.status).toBe(400);
    const yaml = await call(emu, "POST", "/_emulator/seed", { raw: `compute: ${"[".repeat(20_000)}${"]".repeat(20_000)}`, headers: { "Content-Type": "application/yaml" } });
    expect(yaml.status).toBe(400);
    const state = await call(emu, "PUT", "/_emulator/state", { raw: `{"identity":${nested(20_000)}}` });
    expect(state.status).toBe(400);
    expect((await call(emu, "GET", "/_emulator/state")).text).toBe(before);
  });
});
