// SkymockContainer's builders, without Docker: the SKYMOCK_* environment and the files start() gives the
// container, and that the config they write is one the emulator accepts (parsed as the CLI parses it).

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SkymockContainer } from "../../src/testcontainers/index.js";
import { optionsFromFile } from "../../src/config.js";
import { createEmulator } from "../../src/app.js";

const error = { type: "error", status: 503 } as const;

describe("SkymockContainer builders", () => {
  it("listen on 0.0.0.0:8480 with nothing else set", () => {
    expect(new SkymockContainer().setup()).toEqual({ environment: { SKYMOCK_HOST: "0.0.0.0", SKYMOCK_PORT: "8480" }, files: [] });
  });

  it("name a scenario, the clock and the random seed in the environment", () => {
    const setup = new SkymockContainer("skymock:test").withScenario("two-tenants").withFrozenClock().withTimeFactor(60).withRandomSeed(7).setup();
    expect(setup.environment).toEqual({
      SKYMOCK_HOST: "0.0.0.0",
      SKYMOCK_PORT: "8480",
      SKYMOCK_SEED: "two-tenants",
      SKYMOCK_FROZEN_CLOCK: "true",
      SKYMOCK_TIME_FACTOR: "60",
      SKYMOCK_RANDOM_SEED: "7",
    });
    expect(setup.files).toEqual([]);
  });

  it("copy a seed world in and point SKYMOCK_SEED at it; the last of withSeed and withScenario wins", () => {
    const world = { extends: "default", identity: { projects: [{ name: "p" }] } };
    const fromObject = new SkymockContainer().withScenario("two-tenants").withSeed(world).setup();
    expect(fromObject.environment.SKYMOCK_SEED).toBe("/tmp/skymock/seed.json");
    expect(fromObject.files).toEqual([{ target: "/tmp/skymock/seed.json", content: JSON.stringify(world, null, 2) }]);
    const fromText = new SkymockContainer().withSeed("extends: default\n").setup();
    expect(fromText.files).toEqual([{ target: "/tmp/skymock/seed.yaml", content: "extends: default\n" }]);
    expect(new SkymockContainer().withSeed(world).withScenario("default").setup()).toMatchObject({ environment: { SKYMOCK_SEED: "default" }, files: [] });
  });

  it("write faults and config into one config file, which the emulator starts with", () => {
    const setup = new SkymockContainer()
      .withConfig({ buildSeconds: 1, faults: [{ service: "identity", effect: error }] })
      .withFaults([{ service: "compute", method: "POST", effect: error }])
      .setup();
    expect(setup.environment.SKYMOCK_CONFIG).toBe("/tmp/skymock/config.json");
    const dir = mkdtempSync(join(tmpdir(), "skymock-tc-"));
    writeFileSync(join(dir, "config.json"), setup.files[0].content);
    const options = optionsFromFile(join(dir, "config.json"));
    expect(options).toEqual({ buildSeconds: 1, faults: [{ service: "identity", effect: error }, { service: "compute", method: "POST", effect: error }] });
    expect(createEmulator(options).faults.list().map((r) => r.service)).toEqual(["identity", "compute"]);
  });

  it("copy a YAML config as it is, and refuse to merge faults into YAML text", () => {
    expect(new SkymockContainer().withConfig("buildSeconds: 2\n").setup().files).toEqual([{ target: "/tmp/skymock/config.yaml", content: "buildSeconds: 2\n" }]);
    const json = new SkymockContainer().withConfig('{"buildSeconds": 2}').withFaults([{ service: "compute", effect: error }]).setup();
    expect(JSON.parse(json.files[0].content)).toEqual({ buildSeconds: 2, faults: [{ service: "compute", effect: error }] });
    expect(() => new SkymockContainer().withConfig("buildSeconds: 2\n").withFaults([{ effect: error }]).setup()).toThrow(/put the rules under `faults:`/);
  });
});
