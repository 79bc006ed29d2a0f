// `skymock experiment run FILE` against a listening emulator (a socket, as in CI against a container): the
// summary printed, the JSON report, JUnit XML and the HTML timeline written, exit 0 when the hypothesis held and 1 when not.

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import yaml from "js-yaml";
import { experimentCommand } from "../../src/cli/experiment.js";
import { UsageError } from "../../src/cli/args.js";
import { testEmulator } from "../helpers/emulator.js";
import { shipped } from "./helpers.js";

describe("skymock experiment run", () => {
  const emu = testEmulator();
  const dir = mkdtempSync(join(tmpdir(), "skymock-experiment-"));
  afterAll(() => emu.close());

  it("exits 0 when the hypothesis held, writing the report and JUnit XML", async () => {
    const url = await emu.listen(0, "127.0.0.1");
    const out: string[] = [];
    const file = join(__dirname, "../../fixtures/experiments/host-failure-ha.yaml");
    const code = await experimentCommand(["run", file, "--url", url, "--seed", "7", "--world", "ha-cluster", "--report", join(dir, "r.json"), "--junit", join(dir, "r.xml"), "--html", join(dir, "r.html")], (t) => out.push(t));
    expect(code).toBe(0);
    expect(out).toEqual(["experiment-1 completed: The steady state held before and after the method. It held again 190s (virtual) after the first action (objective 300s)."]);
    const report = JSON.parse(readFileSync(join(dir, "r.json"), "utf8"));
    expect(report).toMatchObject({ status: "completed", seed: 7, world: "ha-cluster", recovery: { seconds: 190, met: true } });
    expect(readFileSync(join(dir, "r.html"), "utf8")).toContain('<p class="verdict" role="status">The steady state held before and after the method.');
    expect(readFileSync(join(dir, "r.xml"), "utf8")).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuite name="A compute host fails[^"]*" tests="8" failures="0" errors="0" time="190">/);
  });

  it("exits 1 when it did not; a bad document is the control API's 400; usage errors name what is wrong", async () => {
    const doc = shipped("host-failure-ha");
    doc.method[1].provider.within = "1m";
    const file = join(dir, "slow.yaml");
    writeFileSync(file, yaml.dump(doc));
    const out: string[] = [];
    expect(await experimentCommand(["run", file, "--url", emu.url!, "--world", "ha-cluster"], (t) => out.push(t))).toBe(1);
    expect(out[0]).toMatch(/^experiment-2 failed: Recovery missed its objective: probe "no-server-on-a-down-host" still saw/);
    writeFileSync(file, "title: no method\n");
    await expect(experimentCommand(["run", file, "--url", emu.url!], () => {})).rejects.toThrow("Invalid input for field 'experiment.method': Invalid input: expected array, received undefined");
    await expect(experimentCommand(["run"], () => {})).rejects.toThrow(new UsageError("skymock experiment run needs the experiment file: skymock experiment run FILE"));
    await expect(experimentCommand(["run", file, "--seed", "x"], () => {})).rejects.toThrow(UsageError);
  });
});
