// The mistakes the package's types catch, as a user sees them: a small project that imports skymock,
// skymock/client and skymock/testcontainers through the built declarations (dist/, as installed) is
// compiled once with both files below. Every line of the misspelt one marked `// error: <name>` gets
// exactly one error naming it, and no other line errs; the correctly spelt one compiles clean.
// Needs the build (npm test runs it first).

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

const MISSPELT = `
import { createEmulator } from "skymock";
import { SkymockClient } from "skymock/client";
import { SkymockContainer } from "skymock/testcontainers";

const client = new SkymockClient("http://127.0.0.1:8480");
const emulator = createEmulator({ frozenClock: true });

export async function mistakes(serverId: string, volumeId: string): Promise<void> {
  new SkymockContainer().withConfig({ timeFactr: 60 }); // error: timeFactr
  new SkymockContainer().withConfig({ instanceHa: { taskAtempts: 2 } }); // error: taskAtempts
  createEmulator({ tokenTtl: 60 }); // error: tokenTtl
  createEmulator({ seed: { computee: {} } }); // error: computee
  await client.seed({ compute: { flavour: [] } }); // error: flavour
  await client.seed({ compute: { flavors: [{ name: "m1", vcpu: 1, ram: 512, disk: 1 }] } }); // error: vcpu
  new SkymockContainer().withSeed({ identity: { users: [{ name: "ann", pasword: "x" }] } }); // error: pasword
  await client.advanceClock("5 minutes"); // error: "5 minutes"
  await client.addOverride({ type: "compute.server", mode: "delay", after: "2 hours" }); // error: "2 hours"
  await client.waitForServerStatus(serverId, "ACTIV"); // error: "ACTIV"
  await client.waitForNotificationStatus(serverId, "done"); // error: "done"
  await client.advanceUntil({ type: "block-storage.volume", id: volumeId, status: "avaliable" }); // error: "avaliable"
  await client.waitForEvent("compute.host.erorr"); // error: "compute.host.erorr"
  const failed = await client.waitForEvent("compute.host.error");
  console.log(failed.payload.serverIdz); // error: serverIdz
  emulator.events.subscribe("compute.server.created", (e) => console.log(e.payload.flavour)); // error: flavour
  for (const e of await client.events({ type: "compute.*" })) if (e.type === "compute.server.deleted") console.log(e.payload.from); // error: from
}
`;

const CORRECT = `
import { createEmulator, type DomainEvent } from "skymock";
import { SkymockClient, type WorldDocument } from "skymock/client";
import { SkymockContainer } from "skymock/testcontainers";

const world: WorldDocument = {
  extends: "default",
  compute: { flavors: [{ name: "m1", vcpus: 1, ram: 512, disk: 1 }], servers: [{ name: "web", project: "demo", flavor: "m1", image: "cirros", count: 2 }] },
  identity: { users: [{ name: "ann", password: "x" }], assignments: [{ user: "ann", role: "member", project: "demo" }] },
  "block-storage": { quotas: [{ project: "demo", volumes: 5 }] },
};
const client = new SkymockClient("http://127.0.0.1:8480");
const emulator = createEmulator({ frozenClock: true, seed: { compute: { flavors: [{ name: "m1", vcpus: 1, ram: 512, disk: 1 }] } } });

export async function rightly(serverId: string, volumeId: string): Promise<void> {
  new SkymockContainer()
    .withConfig({ timeFactor: 60, instanceHa: { taskAttempts: 2, notification_drivers: "taskflow" }, faults: [{ service: "compute", effect: { type: "error", status: 503 } }] })
    .withSeed(world);
  await client.seed(world, { mode: "merge" });
  await client.advanceClock("5m");
  await client.advanceClock(300_000);
  await client.advanceClock("1.5h");
  await client.addOverride({ type: "compute.server", mode: "delay", after: "90s" });
  const done = await client.waitForServerStatus(serverId, "ACTIVE", { within: "1h" });
  const status: "ACTIVE" | "SHUTOFF" | string = done.status;
  await client.waitForServerStatus(serverId, "shutoff");
  await client.waitForNotificationStatus(serverId, "finished");
  await client.advanceUntil({ type: "block-storage.volume", id: volumeId, status: "available" });
  await client.advanceUntil({ id: serverId, status: "DELETED" });
  const failed = await client.waitForEvent("compute.host.error");
  const ids: string[] = failed.payload.serverIds;
  emulator.events.subscribe("compute.server.created", (e) => console.log(e.payload.flavorId));
  emulator.events.subscribe("compute.*", (e) => {
    if (e.type === "compute.server.state_changed") console.log(e.payload.to);
  });
  const any: DomainEvent[] = await client.events({ after: 3 });
  for (const e of await client.events({ type: "compute.*.error" })) if (e.type === "compute.instance.error") console.log(e.payload.cause);
  console.log(status, ids, any.length);
}
`;

let work: string;

beforeAll(() => {
  if (!existsSync(join(ROOT, "dist/index.d.ts")) || !existsSync(join(ROOT, "dist/client.d.ts"))) {
    throw new Error("dist/ is not built: run `npm run build` (npm test does) before this test");
  }
  // a project with skymock installed: its package.json's exports lead to dist/'s declarations
  work = mkdtempSync(join(tmpdir(), "skymock-types-"));
  mkdirSync(join(work, "node_modules"));
  symlinkSync(ROOT, join(work, "node_modules/skymock"));
  writeFileSync(
    join(work, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, noEmit: true, skipLibCheck: true,
        typeRoots: [join(ROOT, "node_modules/@types")], types: ["node"],
      },
      files: ["misspelt.ts", "correct.ts"],
    }),
  );
  writeFileSync(join(work, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  writeFileSync(join(work, "misspelt.ts"), MISSPELT);
  writeFileSync(join(work, "correct.ts"), CORRECT);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** file -> line -> the compiler's messages on it (first lines only) */
function compile(): Map<string, Map<number, string[]>> {
  let output = "";
  try {
    output = execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", ".", "--pretty", "false"], { cwd: work, encoding: "utf8" });
  } catch (error) {
    output = `${(error as { stdout?: string }).stdout ?? ""}${(error as { stderr?: string }).stderr ?? ""}`;
  }
  const errors = new Map<string, Map<number, string[]>>();
  for (const m of output.matchAll(/^(\S+\.ts)\((\d+),\d+\): error TS\d+: (.*)$/gm)) {
    const lines = errors.get(m[1]) ?? new Map<number, string[]>();
    lines.set(Number(m[2]), [...(lines.get(Number(m[2])) ?? []), m[3]]);
    errors.set(m[1], lines);
  }
  if (errors.size === 0 && output.trim() !== "") throw new Error(`tsc said something else:\n${output}`);
  return errors;
}

describe("the package's types, in a user's project", () => {
  it("catch each mistake, naming it, and pass the same code spelt right", () => {
    const errors = compile();
    expect(errors.get("correct.ts"), "the correctly spelt file compiles clean").toBeUndefined();

    const expected = new Map<number, string>();
    MISSPELT.split("\n").forEach((line, i) => {
      const marker = /\/\/ error: (.+)$/.exec(line);
      if (marker) expected.set(i + 1, marker[1]);
    });
    expect(expected.size).toBe(16);
    const found = errors.get("misspelt.ts") ?? new Map<number, string[]>();
    const unexpected = [...found].filter(([line]) => !expected.has(line));
    expect(unexpected, "errors on lines that should compile").toEqual([]);
    for (const [line, name] of expected) {
      const messages = found.get(line) ?? [];
      expect(messages, `line ${line} (${name}): one error`).toHaveLength(1);
      // the compiler quotes what it names: 'timeFactr', '"5 minutes"'
      expect(messages[0], `line ${line}`).toContain(`'${name}'`);
    }
  }, 60_000);
});
