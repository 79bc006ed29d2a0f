// The Dockerfile, built and run through testcontainers, answering the health check and a token request.
// Needs a Docker engine that can pull node:20-slim; skipped (with the reason printed) where there is none.

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const dockerSocket = process.env.DOCKER_HOST !== undefined || existsSync("/var/run/docker.sock");
const reason = "no Docker engine on this machine (no /var/run/docker.sock, no DOCKER_HOST): the container test needs one";
if (!dockerSocket) console.warn(`container.test.ts skipped: ${reason}`);

describe.skipIf(!dockerSocket)(dockerSocket ? "container image" : `container image (skipped: ${reason})`, () => {
  it("builds, becomes healthy and issues a token", async () => {
    const { GenericContainer, Wait } = await import("testcontainers");
    const image = await GenericContainer.fromDockerfile(ROOT).build("skymock-test", { deleteOnExit: true });
    const container = await image
      .withExposedPorts(8480)
      .withWaitStrategy(Wait.forHttp("/_emulator/health", 8480).forStatusCode(200))
      .start();
    try {
      const base = `http://${container.getHost()}:${container.getMappedPort(8480)}`;
      const res = await fetch(`${base}/identity/v3/auth/tokens`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          auth: {
            identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } },
            scope: { project: { name: "admin", domain: { name: "Default" } } },
          },
        }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get("x-subject-token")).toBeTruthy();
    } finally {
      await container.stop();
    }
  }, 300_000);
});
