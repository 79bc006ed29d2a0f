// The image as users run it: built from the repository's Dockerfile, started through testcontainers with
// the package's own module (skymock/testcontainers), answering clients and the control API; its
// HEALTHCHECK follows the port it is given; the banner tells where to reach it; it stops at once.
// Skipped with the reason printed where no Docker engine answers; in CI that is an error.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { GenericContainer, Wait, type StartedTestContainer } from "testcontainers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SkymockContainer, type StartedSkymockContainer } from "../../src/testcontainers/index.js";
import { buildImage, containerSkipReason, inspect } from "../helpers/docker.js";
import { hasOpenstackCli, loginWithEnvironment, openstack } from "../helpers/openstack-cli.js";

// no Ryuk: its image would come from a public registry; every container here is stopped by its test
process.env.TESTCONTAINERS_RYUK_DISABLED = "true";

const skip = containerSkipReason("container.test.ts");

describe.skipIf(skip !== undefined)(skip ? `container image (skipped: ${skip})` : "container image", () => {
  let image: string;
  beforeAll(() => {
    image = buildImage();
  }, 600_000);

  describe("started with skymock/testcontainers", () => {
    let started: StartedSkymockContainer;
    beforeAll(async () => {
      started = await new SkymockContainer(image).withScenario("two-tenants").withFrozenClock().withRandomSeed(7).start();
    }, 120_000);
    afterAll(async () => {
      await started?.stop();
    });

    it("serves the seed world to a client: a token for a scenario's user", async () => {
      const env = started.osEnvironment("alt");
      expect(env.OS_AUTH_URL).toBe(`${started.url}/identity`);
      const res = await loginWithEnvironment(env);
      expect(res.status).toBe(201);
      expect((await res.json()).token.project.name).toBe("alt");
    });

    it("takes the options the module set: a frozen clock only moves when advanced", async () => {
      const before = await started.control.getClock();
      expect(before.frozen).toBe(true);
      const after = await started.control.advanceClock("90s");
      expect(after.epochMs - before.epochMs).toBe(90_000);
    });

    it.skipIf(!hasOpenstackCli())("lets the unmodified openstack CLI log in with osEnvironment()", async () => {
      const result = await openstack(["token", "issue", "-f", "json"], started.osEnvironment("demo"));
      expect(result.code).toBe(0);
      expect(result.json.project_id).toMatch(/^[0-9a-f]{32}$/);
    });
  });

  it("is about as much larger than its Node base as the README says", () => {
    const size = (ref: string) => Number(execFileSync("docker", ["image", "inspect", "--format", "{{.Size}}", ref], { encoding: "utf8" }).trim());
    const base = process.env.SKYMOCK_TEST_NODE_IMAGE ?? "node:24-slim";
    const added = size(image) - size(base);
    const stated = /about ([\d.]+) MiB above the Node base/.exec(readFileSync(new URL("../../README.md", import.meta.url), "utf8"));
    expect(stated, "the README states the image's size").not.toBeNull();
    console.log(`image: ${(added / 2 ** 20).toFixed(1)} MiB above ${base}`);
    expect(Math.abs(Number(stated![1]) * 2 ** 20 - added) / added).toBeLessThan(0.25);
  });

  describe("when it cannot start", () => {
    it("fails with the emulator's own reason as soon as the container exits (a misspelled scenario), not after the startup timeout", async () => {
      const start = new SkymockContainer(image).withScenario("two-tenantz").start();
      await expect(start).rejects.toThrow(/exited before it was ready[\s\S]*two-tenantz/);
    }, 60_000);

    it("says how to build the image when it is not on this machine", async () => {
      const start = new SkymockContainer("skymock-not-built:nowhere").start();
      await expect(start).rejects.toThrow(/docker build -t skymock-not-built:nowhere \./);
    }, 60_000);
  });

  describe("its HEALTHCHECK and banner", () => {
    const containers: StartedTestContainer[] = [];
    afterAll(async () => {
      await Promise.all(containers.map((c) => c.stop()));
    });

    it("becomes healthy on the port SKYMOCK_PORT gives it", async () => {
      const container = await new GenericContainer(image).withEnvironment({ SKYMOCK_PORT: "9000" }).withExposedPorts(9000).withWaitStrategy(Wait.forHealthCheck()).withStartupTimeout(60_000).start();
      containers.push(container);
      expect(inspect(container.getId(), "{{.State.Health.Status}}")).toBe("healthy");
      const res = await fetch(`http://${container.getHost()}:${container.getMappedPort(9000)}/_emulator/health`);
      expect(res.status).toBe(200);
    }, 90_000);

    it("becomes healthy on the port a --port argument gives it, and its banner says how to reach it", async () => {
      const container = await new GenericContainer(image).withCommand(["--port", "9100"]).withExposedPorts(9100).withWaitStrategy(Wait.forHealthCheck()).withStartupTimeout(60_000).start();
      containers.push(container);
      expect(inspect(container.getId(), "{{.State.Health.Status}}")).toBe("healthy");
      const logs = await new Promise<string>((resolve) => {
        let text = "";
        container.logs().then((stream) => {
          stream.on("data", (line: string) => (text += line));
          setTimeout(() => resolve(text), 500);
        });
      });
      // bound to every interface inside the container: it says so, and how to reach it from outside
      expect(logs).toContain("listening on all interfaces (0.0.0.0), port 9100");
      expect(logs).toContain("use the host port mapped to 9100");
      expect(logs).not.toContain("127.0.0.1");
    }, 90_000);

    it("ends cleanly on docker stop: SIGTERM, exit code 0 (a process that ignored it would be killed: 137)", async () => {
      const container = await new GenericContainer(image).withExposedPorts(8480).withWaitStrategy(Wait.forHttp("/_emulator/health", 8480)).start();
      const stopped = await container.stop({ remove: false, timeout: 20_000 });
      try {
        expect(inspect(stopped.getId(), "{{.State.ExitCode}}")).toBe("0");
      } finally {
        execFileSync("docker", ["rm", "-f", stopped.getId()]);
      }
    }, 90_000);
  });
});
