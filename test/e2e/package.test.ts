// The package as users get it: `npm pack`, installed from the tarball into a fresh TypeScript project that
// type-checks (strict, skipLibCheck off, nodenext) and runs a small test through each entry, once as an
// ES module and once through `require`. Also what the tarball holds, and what it must not.
// Needs the build (npm test runs it first).

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const run = (cmd: string, args: string[], cwd: string) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const npm = (args: string[], cwd: string) => run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], cwd);

interface PackedFile {
  path: string;
  size: number;
}

let work: string;
let consumer: string;
let packed: { filename: string; size: number; unpackedSize: number; files: PackedFile[] };

beforeAll(() => {
  if (!existsSync(join(ROOT, "dist/skymock.cjs")) || !existsSync(join(ROOT, "dist/index.d.ts"))) {
    throw new Error("dist/ is not built: run `npm run build` (npm test does) before this test");
  }
  work = mkdtempSync(join(tmpdir(), "skymock-pack-"));
  // the build npm test made (its prepare script would only build the same again: the fresh-clone test below
  // checks that `npm pack` builds by itself)
  [packed] = JSON.parse(npm(["pack", "--json", "--ignore-scripts", "--pack-destination", work], ROOT));

  consumer = join(work, "consumer");
  mkdirSync(join(consumer, "src"), { recursive: true });
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  npm(["install", "--offline", "--ignore-scripts", join(work, packed.filename)], consumer);
  // what a user's project would have installed itself: Node's types and, for skymock/testcontainers,
  // the testcontainers peer (linked from this repository rather than downloaded again)
  mkdirSync(join(consumer, "node_modules/@types"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules/@types/node"), join(consumer, "node_modules/@types/node"));
  symlinkSync(join(ROOT, "node_modules/testcontainers"), join(consumer, "node_modules/testcontainers"));
  writeFileSync(
    join(consumer, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, skipLibCheck: false, types: ["node"], rootDir: "src", outDir: "out" },
      include: ["src"],
    }),
  );
  writeFileSync(join(consumer, "src/esm.ts"), ESM_TEST);
  writeFileSync(join(consumer, "src/cjs.cts"), CJS_TEST);
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("holds what a user needs and nothing else", () => {
    const paths = packed.files.map((f) => f.path).sort();
    for (const needed of ["LICENSE", "README.md", "package.json", "bin/skymock.js", "dist/skymock.cjs", "dist/index.js", "dist/index.d.ts", "dist/index.d.cts", "dist/client.js", "dist/client.cjs", "dist/client.d.ts", "dist/testcontainers.js", "dist/testcontainers.d.cts", "dist/THIRD-PARTY-LICENSES.md", "fixtures/default.yaml"]) {
      expect(paths).toContain(needed);
    }
    expect(paths.filter((p) => /\.map$|\.cache$|bench|\/src\/|^src\/|^test\/|^scripts\//.test(p))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(consumer, "node_modules/skymock/package.json"), "utf8"));
    // everything the emulator runs is inside dist/skymock.cjs: installing skymock installs nothing else
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.repository).toBeDefined();
    expect(manifest.peerDependenciesMeta.testcontainers.optional).toBe(true);
    console.log(`package: ${(packed.size / 1024).toFixed(0)} KiB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KiB installed, ${packed.files.length} files`);
    // the README's figures stay within a quarter of the truth
    const stated = /One self-contained package \(about ([\d.]+) MiB packed, ([\d.]+) MiB installed/.exec(readFileSync(join(ROOT, "README.md"), "utf8"));
    expect(stated, "the README states the package's sizes").not.toBeNull();
    expect(Math.abs(Number(stated![1]) * 2 ** 20 - packed.size) / packed.size).toBeLessThan(0.25);
    expect(Math.abs(Number(stated![2]) * 2 ** 20 - packed.unpackedSize) / packed.unpackedSize).toBeLessThan(0.25);
  });

  it("type-checks in a fresh strict TypeScript project through import and require", () => {
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    let output = "";
    try {
      output = run(process.execPath, [tsc, "-p", "."], consumer);
    } catch (error) {
      output = `${(error as { stdout?: string }).stdout ?? ""}${(error as { stderr?: string }).stderr ?? ""}`;
    }
    expect(output).toBe("");
  }, 600_000);

  it("runs as an ES module: an emulator in-process, the control client, a token", () => {
    const out = JSON.parse(run(process.execPath, ["out/esm.js"], consumer));
    expect(out).toEqual({ health: "ok", token: 201, frozen: true, containerModule: "function" });
  }, 60_000);

  it("runs through require, with the same entries", () => {
    const out = JSON.parse(run(process.execPath, ["out/cjs.cjs"], consumer));
    expect(out).toEqual({ health: "ok", token: 201, frozen: true, containerModule: "function" });
  }, 60_000);

  it("is built by npm pack itself in a fresh clone (prepare), with its declarations", () => {
    const clone = join(work, "clone");
    run("git", ["clone", "--quiet", "--no-hardlinks", ROOT, clone], work);
    symlinkSync(join(ROOT, "node_modules"), join(clone, "node_modules"));
    const [fromClone] = JSON.parse(npm(["pack", "--json", "--pack-destination", work], clone)) as (typeof packed)[];
    const paths = fromClone!.files.map((f) => f.path);
    for (const built of ["dist/skymock.cjs", "dist/index.js", "dist/index.d.ts", "dist/client.d.cts", "dist/testcontainers.d.ts"]) expect(paths).toContain(built);
  }, 600_000);

  it("runs its command: skymock --version", () => {
    const version = run(process.execPath, ["node_modules/skymock/bin/skymock.js", "--version"], consumer).trim();
    expect(version).toContain(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version);
  });
});

const AUTH = `{
  auth: {
    identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } },
    scope: { project: { name: "admin", domain: { name: "Default" } } },
  },
}`;

const ESM_TEST = `
import { createEmulator, type Emulator } from "skymock";
import { SkymockClient } from "skymock/client";
import { SkymockContainer } from "skymock/testcontainers";

const emulator: Emulator = createEmulator({ frozenClock: true, randomSeed: 1 });
const url: string = await emulator.listen(0, "127.0.0.1");
const client = new SkymockClient(url);
const health = await client.health();
const res = await fetch(url + "/identity/v3/auth/tokens", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(${AUTH}) });
await client.reset();
const clock = await client.getClock();
console.log(JSON.stringify({ health: health.status, token: res.status, frozen: clock.frozen, containerModule: typeof SkymockContainer }));
await emulator.close();
`;

const CJS_TEST = `
import skymock = require("skymock");
import control = require("skymock/client");
import containers = require("skymock/testcontainers");

async function main(): Promise<void> {
  const emulator: skymock.Emulator = skymock.createEmulator({ frozenClock: true, randomSeed: 1 });
  const url = await emulator.listen(0, "127.0.0.1");
  const client = new control.SkymockClient(url);
  const health = await client.health();
  const res = await fetch(url + "/identity/v3/auth/tokens", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(${AUTH}) });
  await client.reset();
  const clock = await client.getClock();
  console.log(JSON.stringify({ health: health.status, token: res.status, frozen: clock.frozen, containerModule: typeof containers.SkymockContainer }));
  await emulator.close();
}
main();
`;
