// The image with a control token, as documented for the container: SKYMOCK_CONTROL_TOKEN guards the control
// API, its HEALTHCHECK and the testcontainers wait strategy still pass (health stays open), the module's
// client sends the token; and without one the container warns at start that its control API is open.
// Skipped with the reason printed where no Docker engine answers; in CI that is an error.

import { GenericContainer, Wait, type StartedTestContainer } from "testcontainers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SkymockContainer, type StartedSkymockContainer } from "../../src/testcontainers/index.js";
import { buildImage, containerSkipReason, inspect } from "../helpers/docker.js";

process.env.TESTCONTAINERS_RYUK_DISABLED = "true";

const skip = containerSkipReason("container-control-token.test.ts");
const TOKEN = "container-s3cret";

async function logsOf(container: StartedTestContainer): Promise<string> {
  const stream = await container.logs();
  return new Promise((resolve) => {
    let text = "";
    stream.on("data", (line: string) => (text += line));
    setTimeout(() => resolve(text), 500);
  });
}

describe.skipIf(skip !== undefined)(skip ? `container control token (skipped: ${skip})` : "container control token", () => {
  let image: string;
  beforeAll(() => {
    image = buildImage("skymock:test-control-token");
  }, 600_000);

  describe("withControlToken()", () => {
    let started: StartedSkymockContainer;
    beforeAll(async () => {
      started = await new SkymockContainer(image).withControlToken(TOKEN).withFrozenClock().start();
    }, 120_000);
    afterAll(async () => {
      await started?.stop();
    });

    it("guards the control API; the module's client sends the token; health stays open", async () => {
      expect((await started.control.advanceClock("1m")).frozen).toBe(true);
      expect((await fetch(`${started.url}/_emulator/clock`)).status).toBe(401);
      expect((await fetch(`${started.url}/_emulator/clock`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
      expect((await fetch(`${started.url}/_emulator/health`)).status).toBe(200);
      expect(await logsOf(started)).not.toContain("control API (/_emulator) open");
    });
  });

  it("becomes healthy with SKYMOCK_CONTROL_TOKEN set (the HEALTHCHECK needs no token)", async () => {
    const container = await new GenericContainer(image)
      .withEnvironment({ SKYMOCK_CONTROL_TOKEN: TOKEN })
      .withExposedPorts(8480)
      .withWaitStrategy(Wait.forHealthCheck())
      .withStartupTimeout(60_000)
      .start();
    try {
      expect(inspect(container.getId(), "{{.State.Health.Status}}")).toBe("healthy");
    } finally {
      await container.stop();
    }
  }, 90_000);

  it("warns at start without a token: it listens on 0.0.0.0", async () => {
    const container = await new GenericContainer(image).withExposedPorts(8480).withWaitStrategy(Wait.forHttp("/_emulator/health", 8480)).start();
    try {
      const logs = await logsOf(container);
      expect(logs).toContain("skymock warn: listening on 0.0.0.0 with the control API (/_emulator) open");
      expect(logs).toContain("Set --control-token (SKYMOCK_CONTROL_TOKEN)");
    } finally {
      await container.stop();
    }
  }, 90_000);
});
