import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { coverageTable } from "../../scripts/coverage-table.js";

describe("COVERAGE.md", () => {
  it("lists exactly the operations the services implement (regenerate with npm run coverage:update)", () => {
    const onDisk = readFileSync(new URL("../../COVERAGE.md", import.meta.url), "utf8");
    expect(onDisk).toBe(coverageTable());
  });
});
