import { describe, expect, it } from "vitest";
import { startFailure } from "../../src/testcontainers/start-failure.js";

describe("why a SkymockContainer did not start", () => {
  it("gives the container's output when it exited during the wait", () => {
    const error = startFailure(new Error("Container exited during HTTP healthCheck, last 50 logs: skymock: unknown scenario two-tenantz"), "skymock:test");
    expect(error.message).toBe("skymock: the container (skymock:test) exited before it was ready. Its output:\nskymock: unknown scenario two-tenantz");
  });

  it("tells how to build a missing image, and about Ryuk", () => {
    const error = startFailure(new Error('(HTTP code 404) unexpected - pull access denied for skymock, repository does not exist'), "skymock:latest");
    expect(error.message).toContain("docker build -t skymock:latest .");
    expect(error.message).toContain("TESTCONTAINERS_RYUK_DISABLED=true");
  });

  it("names Ryuk alone when only Ryuk's image could not be pulled", () => {
    const error = startFailure(new Error('Get "https://registry-1.docker.io/v2/": dial tcp: lookup registry-1.docker.io: no such host (testcontainers/ryuk:0.11.0)'), "skymock:test");
    expect(error.message).toMatch(/^skymock: testcontainers' Ryuk/);
    expect(error.message).not.toContain("docker build");
  });

  it("passes any other error on as it is", () => {
    const original = new Error("port already allocated");
    expect(startFailure(original, "skymock:test")).toBe(original);
  });
});
