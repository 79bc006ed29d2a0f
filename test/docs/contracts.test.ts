// The rule of STYLE.md's "Between services": a service imports another only through its `index.ts` or the
// contract file written for it (`for-<consumer>.ts`), never its state, operations or routes; and it calls
// only services listed before it in services.ts (a type-only import may point either way).

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVICES as SERVICE_LIST } from "../../src/services.js";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../../src");
const SERVICES = join(SRC, "services");

/** Service names (each its folder's) in the order services.ts lists them. */
function serviceOrder(): string[] {
  return SERVICE_LIST.map((s) => s.name);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** Every `import`/`export ... from` and dynamic import of a relative module, with whether it is type-only. */
function importsOf(text: string): Array<{ spec: string; typeOnly: boolean }> {
  const found: Array<{ spec: string; typeOnly: boolean }> = [];
  for (const m of text.matchAll(/^\s*(import|export)(\s+type\b)?[^;]*?\sfrom\s+"(\.[^"]+)"/gms)) found.push({ spec: m[3], typeOnly: !!m[2] });
  for (const m of text.matchAll(/^\s*import\s+"(\.[^"]+)"/gm)) found.push({ spec: m[1], typeOnly: false });
  for (const m of text.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g)) found.push({ spec: m[1], typeOnly: false });
  return found;
}



/** What is wrong with `file` (in service `from`) importing `spec`, or null. */
export function violation(file: string, spec: string, typeOnly: boolean, order: string[]): string | null {
  const [from] = relative(SERVICES, file).split(sep);
  const target = relative(SERVICES, resolve(dirname(file), spec));
  if (target.startsWith("..")) return null; // the kernel and other shared code
  const [owner, ...rest] = target.split(sep);
  if (owner === from) return null;
  const path = rest.join("/").replace(/\.js$/, ".ts");
  if (path !== "index.ts" && path !== `for-${from}.ts`) return `${from} imports ${owner}'s ${path}: only index.ts or for-${from}.ts`;
  if (!typeOnly && order.indexOf(owner) > order.indexOf(from)) return `${from} calls ${owner}, listed after it in services.ts: use an event`;
  return null;
}

describe("contracts between services", () => {
  const order = serviceOrder();

  it("reads the service order from services.ts", () => {
    expect(order).toContain("identity");
    expect(new Set(order)).toEqual(new Set(readdirSync(SERVICES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)));
  });

  it("no service reaches into another's internals, or calls one listed after it", () => {
    const problems: string[] = [];
    for (const file of filesUnder(SERVICES)) {
      for (const { spec, typeOnly } of importsOf(readFileSync(file, "utf8"))) {
        const v = violation(file, spec, typeOnly, order);
        if (v) problems.push(`${relative(SRC, file)}: ${v}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("would catch an import of another service's state, operations or routes", () => {
    const at = join(SERVICES, "compute", "operations", "x.ts");
    const order = ["identity", "networking", "compute"];
    expect(violation(at, "../../networking/state.js", true, order)).toMatch(/only index.ts or for-compute.ts/);
    expect(violation(at, "../../networking/operations/ports.js", false, order)).toMatch(/networking's operations\/ports.ts/);
    expect(violation(at, "../../networking/for-control.js", false, order)).not.toBeNull();
    expect(violation(at, "../../networking/for-compute.js", false, order)).toBeNull();
    expect(violation(at, "../../identity/index.js", false, order)).toBeNull();
    expect(violation(at, "../state.js", false, order)).toBeNull();
    expect(violation(join(SERVICES, "networking", "seed.ts"), "../compute/index.js", false, order)).toMatch(/listed after it/);
    expect(importsOf('import { a } from "../x.js";\nimport type { B } from "../y.js";\nexport * as c from "./z.js";')).toEqual([
      { spec: "../x.js", typeOnly: false },
      { spec: "../y.js", typeOnly: true },
      { spec: "./z.js", typeOnly: false },
    ]);
  });
});
