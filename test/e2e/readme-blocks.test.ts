// Every shell block of the README runs as written in a test, or says here why it cannot: a new block
// without either fails. The blocks no other test runs are run here: the images, objects and S3 block
// (after the quickstart's exports, with the openstack, swift and aws CLIs) and the fault rule example.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { clientSkipReason } from "../helpers/openstack-cli.js";
import { runSectionBlock, shellBlocks, type Walkthrough } from "../helpers/readme-run.js";

const QUICKSTART = "## Quickstart with the openstack CLI";
const IMAGES = "## Images, objects and S3";
const CONTROL = "## The control API (`/_emulator`)";

/** Who runs each block, by section and first line; or why nothing does. */
const RUN_BY: Record<string, string> = {
  "## The two commands|npm ci && npm start": "not run: .ci/run runs `npm ci` and `npm test` on a clean clone, and the quickstart test `npm start`",
  [`${QUICKSTART}|npm start`]: "test/e2e/readme-quickstart.test.ts",
  [`${QUICKSTART}|export OS_AUTH_URL=http://127.0.0.1:8480/identity OS_IDENTITY_API_VERSION=3`]: "test/e2e/readme-quickstart.test.ts",
  [`${IMAGES}|head -c 1048576 /dev/urandom > disk.qcow2`]: "this file",
  ["## Chaos testing: a host fails, instance HA recovers it|npm start -- --seed ha-cluster --frozen-clock"]: "test/e2e/readme-chaos.test.ts",
  ["## Chaos testing: a host fails, instance HA recovers it|export OS_AUTH_URL=http://127.0.0.1:8480/identity OS_IDENTITY_API_VERSION=3"]: "test/e2e/readme-chaos.test.ts",
  ["## The compute message bus (AMQP)|npm start -- --seed ha-cluster --frozen-clock --amqp-url amqp://guest:guest@127.0.0.1:5672"]: "test/e2e/readme-amqp.test.ts",
  ["## The compute message bus (AMQP)|export OS_AUTH_URL=http://127.0.0.1:8480/identity OS_IDENTITY_API_VERSION=3"]: "test/e2e/readme-amqp.test.ts",
  [`${CONTROL}|curl -X POST localhost:8480/_emulator/faults -H 'Content-Type: application/json' -d \\`]: "this file",
  ["## Container|docker build -t skymock . && docker run -p 8480:8480 skymock"]:
    "not run as written: without a public registry the build needs --build-arg NODE_IMAGE (the container test builds this Dockerfile that way and runs the image), and docker run does not end",
};

describe("the README's shell blocks", () => {
  it("are each run by a test, or say why not", () => {
    const unaccounted = shellBlocks()
      .map((b) => `${b.heading}|${b.text.split("\n", 1)[0]!.replace(/\s+#.*$/, "")}`)
      .filter((key) => !(key in RUN_BY));
    expect(unaccounted).toEqual([]);
  });
});

let run: Walkthrough | undefined;
afterEach(() => {
  run?.close();
  run = undefined;
});

const skip = clientSkipReason("readme-blocks.test.ts", "openstack", "swift", "aws");

describe.skipIf(skip)(skip ? `README images, objects and S3 (skipped: ${skip})` : "README images, objects and S3", () => {
  it("runs as written after the quickstart's exports, against npm start", async () => {
    const quickstart = shellBlocks().filter((b) => b.heading === QUICKSTART)[1]!.text;
    const exports = quickstart.split("\n").filter((line) => line.startsWith("export OS_")).join("\n");
    run = await runSectionBlock(IMAGES, 0, exports);
    if (run.code !== 0) console.error(run.output);
    expect(run.code).toBe(0);
    expect(readFileSync(join(run.work, "fetched.tar.gz"))).toEqual(readFileSync(join(run.work, "build.tar.gz")));
  }, 240_000);
});

describe("README fault rule example", () => {
  it("adds the rule it shows, and the rule fails token requests twice", async () => {
    run = await runSectionBlock(CONTROL, 0, "");
    expect(run.code, run.output).toBe(0);
    const faults = (await (await fetch(`${run.url}/_emulator/faults`)).json()) as { faults?: Array<{ operation?: string; times?: number }> } | Array<{ operation?: string }>;
    const rules = Array.isArray(faults) ? faults : (faults.faults ?? []);
    expect(rules.map((r) => r.operation)).toEqual(["identity.token.create"]);
    const login = () =>
      fetch(`${run!.url}/identity/v3/auth/tokens`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ auth: { identity: { methods: ["password"], password: { user: { name: "admin", domain: { id: "default" }, password: "admin" } } }, scope: { project: { name: "admin", domain: { id: "default" } } } } }),
      });
    expect([(await login()).status, (await login()).status, (await login()).status]).toEqual([503, 503, 201]);
  }, 120_000);
});
