// The README's quickstart, run as written: `npm start` (the default clock, the default world), then the
// command block of "Quickstart with the openstack CLI" line by line through bash with `set -e`, so the
// first command that fails fails the test (test/helpers/readme-run.ts; the one change is the port). Needs
// the openstack CLI and curl (CI installs both).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clientSkipReason } from "../helpers/openstack-cli.js";
import { runWalkthrough, type Walkthrough } from "../helpers/readme-run.js";

const skip = clientSkipReason("readme-quickstart.test.ts", "openstack");

let run: Walkthrough | undefined;
afterAll(() => run?.close());

describe.skipIf(skip)(skip ? `README quickstart (skipped: ${skip})` : "README quickstart", () => {
  it("runs as written against npm start at the default clock", async () => {
    run = await runWalkthrough("## Quickstart with the openstack CLI");
    if (run.code !== 0) console.error(run.output);
    expect(run.code).toBe(0);
    expect(readFileSync(join(run.work, "mykey.pem"), "utf8")).toContain("PRIVATE KEY");
  }, 240_000);
});
