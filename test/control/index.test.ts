// GET /_emulator: the index of control operations the start banner points at, taken from the OpenAPI document.

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";

describe("GET /_emulator", () => {
  const emu = testEmulator();

  it.each(["/_emulator", "/_emulator/"])("%s lists every documented operation with its summary", async (path) => {
    const res = await call(emu, "GET", path);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "skymock control API", version: "1", openapi: "/_emulator/openapi.json" });
    const doc = (await call(emu, "GET", res.body.openapi)).body;
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops as Record<string, { summary: string }>).map(([method, op]) => ({ method: method.toUpperCase(), path: p, summary: op.summary })),
    );
    expect(res.body.operations).toEqual(documented);
    expect(res.body.operations).toContainEqual({ method: "POST", path: "/_emulator/tenants", summary: expect.any(String) });
    expect(res.body.operations).toContainEqual({ method: "GET", path: "/_emulator", summary: "This index of control operations" });
  });

  it("answers another method with a 405 naming GET", async () => {
    const res = await call(emu, "POST", "/_emulator");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(res.body.error.status).toBe(405);
  });
});
