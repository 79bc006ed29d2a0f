// Seed worlds: a JSON or YAML document with one section per service (`identity:`, later `compute:` ...).
// A world may name another to start from (`extends: default`); its lists are appended to that one's.
// Named scenarios live in fixtures/scenarios/<name>.yaml; the default world is fixtures/default.yaml.

import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, extname } from "node:path";
import { fileURLToPath } from "node:url";
import { CORE_SCHEMA, load } from "js-yaml";
import { ApiError } from "./kernel/errors.js";
import { jsonDepth, MAX_JSON_DEPTH } from "./kernel/http/body.js";

/** Values a YAML document may hold once its aliases are followed (a plain document counts its own). */
const MAX_YAML_VALUES = 1_000_000;

/**
 * YAML 1.2 core types only: a date-like scalar stays a string, as JSON would have it. Aliases are shared
 * references, so a few nested ones can stand for billions of values ("billion laughs"); a document that
 * expands past MAX_YAML_VALUES is refused before anything walks it.
 */
export function parseYaml(text: string): unknown {
  const doc = load(text, { schema: CORE_SCHEMA });
  let budget = MAX_YAML_VALUES;
  const stack: unknown[] = [doc];
  while (stack.length) {
    const value = stack.pop();
    if (--budget < 0) throw new Error(`the document expands to more than ${MAX_YAML_VALUES} values (YAML aliases)`);
    if (value && typeof value === "object") for (const child of Object.values(value)) stack.push(child);
  }
  return doc;
}

/** A seed-world document as parsed (the running world is world-state.ts's World). */
export type WorldDocument = Record<string, unknown>;

/** fixtures/ beside src/ (development) or beside dist/ (the built bundle): both are one level down. */
export const FIXTURES_DIR = fileURLToPath(new URL("../fixtures/", import.meta.url));

export function parseWorld(text: string, origin: string): WorldDocument {
  // a value thousands of levels deep would overflow a recursive walk later (kernel/http/body.ts)
  if (jsonDepth(text) > 2 * MAX_JSON_DEPTH) throw new ApiError(400, undefined, `Seed ${origin} nests deeper than ${2 * MAX_JSON_DEPTH} levels.`);
  let doc: unknown;
  try {
    // JSON first: it is YAML too, but the native parser reads it far faster
    doc = looksLikeJson(text) ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new ApiError(400, undefined, `Seed ${origin} is neither valid JSON nor valid YAML: ${(error as Error).message}`);
  }
  if (doc === null || doc === undefined) return {};
  if (typeof doc !== "object" || Array.isArray(doc)) throw new ApiError(400, undefined, `Seed ${origin} must be an object of service sections.`);
  return doc as WorldDocument;
}

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === "{" || first === "[";
}

export function scenarioNames(): string[] {
  const dir = join(FIXTURES_DIR, "scenarios");
  const names = ["default"];
  if (existsSync(dir)) for (const f of readdirSync(dir)) if (/\.(ya?ml|json)$/.test(f)) names.push(f.replace(/\.(ya?ml|json)$/, ""));
  return names;
}

function scenarioPath(name: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return undefined;
  if (name === "default") return join(FIXTURES_DIR, "default.yaml");
  for (const ext of [".yaml", ".yml", ".json"]) {
    const p = join(FIXTURES_DIR, "scenarios", name + ext);
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** A named scenario from fixtures/ (and nothing else: the control API must not read arbitrary files). */
export function loadScenario(name: string): WorldDocument {
  const path = scenarioPath(name);
  if (!path) throw new ApiError(404, undefined, `No scenario named ${name}. Scenarios: ${scenarioNames().join(", ")}.`);
  return resolveExtends(parseWorld(readFileSync(path, "utf8"), name));
}

/** A scenario name, a file, or a directory of files (merged in name order). */
export function loadWorldFrom(ref: string): WorldDocument {
  if (scenarioPath(ref)) return loadScenario(ref);
  if (!existsSync(ref)) throw new ApiError(404, undefined, `No scenario or file named ${ref}. Scenarios: ${scenarioNames().join(", ")}.`);
  if (statSync(ref).isDirectory()) {
    const files = readdirSync(ref).filter((f) => [".yaml", ".yml", ".json"].includes(extname(f))).sort();
    return resolveExtends(files.reduce<WorldDocument>((acc, f) => mergeWorlds(acc, parseWorld(readFileSync(join(ref, f), "utf8"), f)), {}));
  }
  return resolveExtends(parseWorld(readFileSync(ref, "utf8"), ref));
}

export function resolveExtends(world: WorldDocument, depth = 0): WorldDocument {
  const { extends: base, ...rest } = world;
  if (base === undefined) return rest;
  if (typeof base !== "string") throw new ApiError(400, undefined, "`extends` names a scenario.");
  if (depth > 8) throw new ApiError(400, undefined, "`extends` chain is too deep.");
  const path = scenarioPath(base);
  if (!path) throw new ApiError(400, undefined, `\`extends\` names an unknown scenario: ${base}.`);
  return mergeWorlds(resolveExtends(parseWorld(readFileSync(path, "utf8"), base), depth + 1), rest);
}

/** Section by section, list by list: b's entries after a's. */
export function mergeWorlds(a: WorldDocument, b: WorldDocument): WorldDocument {
  // Maps, then objects of own keys: a document's `__proto__` or `constructor` key stays an ordinary key
  const out = new Map(Object.entries(a));
  for (const [service, section] of Object.entries(b)) {
    const prev = out.get(service);
    if (!isObject(prev) || !isObject(section)) {
      out.set(service, section);
      continue;
    }
    const merged = new Map(Object.entries(prev));
    for (const [key, value] of Object.entries(section)) {
      const before = merged.get(key);
      merged.set(key, Array.isArray(before) && Array.isArray(value) ? [...before, ...value] : value);
    }
    out.set(service, Object.fromEntries(merged));
  }
  return Object.fromEntries(out) as WorldDocument;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}
