// The README's control API section names every control path the OpenAPI document describes, so a new
// control operation cannot land undocumented.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createEmulator } from "../../src/app.js";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const section = README.slice(README.indexOf("## The control API"), README.indexOf("\n## ", README.indexOf("## The control API") + 5));

describe("README's control API section", () => {
  it("names every path of /_emulator/openapi.json", async () => {
    const doc = (await (await createEmulator({}).app.request("/_emulator/openapi.json")).json()) as { paths: Record<string, unknown> };
    const missing = Object.keys(doc.paths).filter((path) => {
      const pattern = new RegExp(`${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/\\s`?]+")}(?=[\\s\`?]|$)`);
      return !pattern.test(section);
    });
    expect(missing).toEqual([]);
  });
});
