// ApiError: a client's error (4xx) carries no stack (it is an answer, and capturing one cost more than
// rendering it); a 5xx keeps its stack for the log; the process's stack limit is left as it was.

import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/kernel/errors.js";

const frames = (error: Error) => (error.stack ?? "").split("\n").filter((line) => line.trim().startsWith("at ")).length;

describe("ApiError", () => {
  it("captures no stack for a 4xx and a full one for a 5xx, leaving Error.stackTraceLimit as it was", () => {
    const before = Error.stackTraceLimit;
    const notFound = new ApiError(404, "itemNotFound", "no such server", { "x-a": "1" }, { Key: "k" });
    expect(Error.stackTraceLimit).toBe(before);
    expect(frames(notFound)).toBe(0);
    expect(notFound.stack).toContain("no such server");
    expect([notFound.status, notFound.code, notFound.message, notFound.headers, notFound.fields]).toEqual([404, "itemNotFound", "no such server", { "x-a": "1" }, { Key: "k" }]);
    expect(notFound).toBeInstanceOf(Error);

    const internal = new ApiError(500, undefined, "broken");
    expect(frames(internal)).toBeGreaterThan(0);
    expect(Error.stackTraceLimit).toBe(before);
    expect(frames(new Error("plain"))).toBeGreaterThan(0);
  });
});
