// The control token set as a user sets it (flag, environment, config file) on the built command, and the
// warning at start when the emulator listens beyond this machine with its control API open.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startRaw, type RawProcess } from "../helpers/raw-process.js";

const WARNING = "with the control API (/_emulator) open: anyone who reaches this port can read and replace the whole state.";
const running: RawProcess[] = [];
const start = async (...args: Parameters<typeof startRaw>) => {
  const p = await startRaw(...args);
  running.push(p);
  return p;
};
afterEach(() => running.splice(0).forEach((p) => p.kill()));
const dir = mkdtempSync(join(tmpdir(), "skymock-control-token-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const status = async (url: string, headers: Record<string, string> = {}) => (await fetch(`${url}/_emulator/faults`, { headers })).status;
/** stderr may arrive after the banner: give the warning a moment */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe("skymock start --control-token", () => {
  it.each([
    ["the flag", ["--control-token", "flag-token"], {}, "flag-token"],
    ["SKYMOCK_CONTROL_TOKEN", [], { SKYMOCK_CONTROL_TOKEN: "env-token" }, "env-token"],
    ["the config file's controlToken", ["--config", join(dir, "config.yaml")], {}, "file-token"],
  ])("from %s: the control API asks for it, health stays open", async (_, args, env, token) => {
    writeFileSync(join(dir, "config.yaml"), "controlToken: file-token\n");
    const server = await start(args, env);
    expect(await status(server.url)).toBe(401);
    expect(await status(server.url, { Authorization: `Bearer ${token}` })).toBe(200);
    expect(await status(server.url, { "X-Skymock-Control-Token": token })).toBe(200);
    expect((await fetch(`${server.url}/_emulator/health`)).status).toBe(200);
    expect(server.output()).toContain("it requires the control token)");
  });

  it("warns at start on a non-loopback address (0.0.0.0, the container's) without a token", async () => {
    const server = await start(["--host", "0.0.0.0"]);
    await settle();
    expect(server.output()).toContain(`skymock warn: listening on 0.0.0.0 ${WARNING}`);
    expect(server.output()).toContain("Set --control-token (SKYMOCK_CONTROL_TOKEN) to require a secret.");
    expect(await status(server.url)).toBe(200);
  });

  it("as a JSON line too", async () => {
    const server = await start(["--host", "0.0.0.0", "--log-format", "json"]);
    await settle();
    const line = server.output().split("\n").find((l) => l.includes(WARNING));
    expect(JSON.parse(line!)).toMatchObject({ level: "warn", host: "0.0.0.0", controlToken: false });
  });

  it("does not warn with a token, nor on the loopback address (the default)", async () => {
    const guarded = await start(["--host", "0.0.0.0"], { SKYMOCK_CONTROL_TOKEN: "t" });
    const local = await start();
    await settle();
    expect(guarded.output()).not.toContain(WARNING);
    expect(local.output()).not.toContain(WARNING);
  });
});
