// The import graph of src/ and the architecture rules checked against it (issue 21): no import cycles,
// one way into a service, the kernel and the client depend on nothing above them. Pure functions over a
// plain graph, so test/architecture/imports.test.ts can run them on the real tree and on a planted one.
//
// Imports are read with a small lexer, not the compiler: TypeScript 7's package exposes its parser only
// through a separate process. Comments and template-literal text are blanked first, so an import-shaped
// line inside a comment or a template does not count; `import type`, `export ... from`, side-effect
// imports and `import("...")` (dynamic or in a type position) all do.
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** file (posix path relative to the repository root) -> the files it imports, resolved the same way */
export type ImportGraph = Map<string, Set<string>>;

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** One known violation the test tolerates until its owner removes it. */
export interface Allowed {
  rule: string;
  from: string;
  to: string;
  /** who removes it, and in which change */
  owner: string;
}

export const RULES = {
  cycle: "no import cycles (this import closes one)",
  serviceFace: "code outside a service imports only the service's index.ts, or (from a top-level src/<x>.ts) its for-<x>.ts",
  serviceContract: "a service imports another only through its index.ts or a for-<consumer>.ts made for it",
  servicesAboveControl: "nothing under src/services/ imports src/control/",
  kernelSelfContained: "src/kernel/ imports nothing outside src/kernel/",
  clientSelfContained: "src/client/ imports nothing outside src/client/",
  routeDeps: "nothing outside a service's routes/ imports its routes/deps.ts",
} as const;

// --- reading the sources --------------------------------------------------------------------------

/** The source with comments and template-literal text replaced by spaces (string literals kept). */
export function blankCommentsAndTemplates(src: string): string {
  const out = src.split("");
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  // a stack of open template literals: each entry is the brace depth of the `${` that left it
  const templates: number[] = [];
  let braces = 0;
  let lastSignificant = "";
  let i = 0;
  const n = src.length;
  const scanTemplateText = () => {
    // at the character after ` or after the } that closes a ${ ... }
    const start = i;
    while (i < n) {
      const ch = src[i];
      if (ch === "\\") {
        i += 2;
        continue;
      }
      if (ch === "`") {
        blank(start, i);
        i++;
        lastSignificant = "`";
        return;
      }
      if (ch === "$" && src[i + 1] === "{") {
        blank(start, i);
        i += 2;
        templates.push(braces);
        braces++;
        lastSignificant = "{";
        return;
      }
      i++;
    }
    blank(start, n);
  };
  while (i < n) {
    const ch = src[i];
    const next = src[i + 1];
    if (ch === "/" && next === "/") {
      const end = src.indexOf("\n", i);
      const stop = end === -1 ? n : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (ch === "/" && next === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end === -1 ? n : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (ch === "'" || ch === '"') {
      i++;
      while (i < n && src[i] !== ch && src[i] !== "\n") i += src[i] === "\\" ? 2 : 1;
      i++;
      lastSignificant = ch;
      continue;
    }
    if (ch === "`") {
      i++;
      scanTemplateText();
      continue;
    }
    if (ch === "/" && regexCanStart(lastSignificant, src, i)) {
      // a regular-expression literal: skip it whole, so a quote or a slash pair inside it is not read
      i++;
      let inClass = false;
      while (i < n && src[i] !== "\n") {
        const c = src[i];
        if (c === "\\") {
          i += 2;
          continue;
        }
        if (c === "[") inClass = true;
        else if (c === "]") inClass = false;
        else if (c === "/" && !inClass) break;
        i++;
      }
      i++;
      lastSignificant = "/";
      continue;
    }
    if (ch === "{") braces++;
    if (ch === "}") {
      braces--;
      if (templates.length > 0 && templates[templates.length - 1] === braces) {
        templates.pop();
        i++;
        scanTemplateText();
        continue;
      }
    }
    if (!/\s/.test(ch)) lastSignificant = /[\w$]/.test(ch) ? precedingWord(src, i + 1) : ch;
    i++;
  }
  return out.join("");
}

function precedingWord(src: string, end: number): string {
  let start = end;
  while (start > 0 && /[\w$]/.test(src[start - 1])) start--;
  return src.slice(start, end);
}

const KEYWORDS_BEFORE_EXPRESSION = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "void", "yield", "await", "delete", "throw"]);

function regexCanStart(lastSignificant: string, src: string, i: number): boolean {
  if (src[i + 1] === "/" || src[i + 1] === "*") return false;
  if (lastSignificant === "") return true;
  if (/^[\w$]+$/.test(lastSignificant)) return KEYWORDS_BEFORE_EXPRESSION.has(lastSignificant);
  return !/[)\]}'"`]/.test(lastSignificant);
}

const IMPORT_PATTERNS = [
  // import x from "m"; import type { A } from "m"; export { a } from "m"; export * as ns from "m"
  /(?<![\w$.])(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\bfrom\s*(["'])([^"'\n]+)\1/g,
  // import "m" (for its side effects)
  /(?<![\w$.])import\s*(["'])([^"'\n]+)\1/g,
  // import("m"), at run time or in a type
  /(?<![\w$.])import\s*\(\s*(["'])([^"'\n]+)\1/g,
];

/** The module specifiers a TypeScript source names, in any import or re-export form. */
export function importSpecifiers(source: string): string[] {
  const code = blankCommentsAndTemplates(source);
  const found = new Set<string>();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) found.add(match[2]);
  }
  return [...found];
}

/** Resolves a relative specifier ("./x.js", "../y") of `from` to a file that exists, else undefined. */
export function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const stem = base.replace(/\.(?:js|mjs|cjs|ts|mts|cts|tsx)$/, "");
  // .tsx: the dashboard's page (Hono JSX)
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, `${stem}/index.ts`]) {
    if (files.has(candidate)) return candidate;
  }
  return undefined;
}

function listTypeScriptFiles(root: string, dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listTypeScriptFiles(root, path));
    else if (/\.(?:ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(path);
  }
  return found;
}

export interface ReadGraph {
  graph: ImportGraph;
  /** relative imports that name no file (the test reports them: a typo would hide an edge) */
  unresolved: Violation[];
}

/** Reads every TypeScript file under `dir` (relative to `root`) and the relative imports between them. */
export function readImportGraph(root: string, dir = "src"): ReadGraph {
  const files = listTypeScriptFiles(root, dir).map((f) => f.split(sep).join("/"));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  const unresolved: Violation[] = [];
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of importSpecifiers(readFileSync(join(root, file), "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      const target = resolveSpecifier(file, specifier, known);
      if (target) targets.add(target);
      else unresolved.push({ rule: "a relative import names a file that exists", from: file, to: specifier });
    }
    graph.set(file, targets);
  }
  return { graph, unresolved };
}

/** The repository this file stands in (two folders up). */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../..", import.meta.url));

// --- cycles ---------------------------------------------------------------------------------------

/** Strongly connected components with more than one file (or a file that imports itself), sorted. */
export function findCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (root: string) => {
    // iterative Tarjan: a deep import chain must not overflow the call stack
    const work: Array<{ node: string; edges: string[]; next: number }> = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: [...(graph.get(node) ?? [])], next: 0 });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.next < frame.edges.length) {
        const to = frame.edges[frame.next++];
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) components.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The imports that run inside one cycle, so a report names the files that tie it. */
export function cycleEdges(graph: ImportGraph, cycle: readonly string[]): Violation[] {
  const members = new Set(cycle);
  const edges: Violation[] = [];
  for (const from of cycle) {
    for (const to of graph.get(from) ?? []) if (members.has(to)) edges.push({ rule: RULES.cycle, from, to });
  }
  return edges;
}

// --- the layering rules ---------------------------------------------------------------------------

const SERVICE = /^src\/services\/([^/]+)\/(.*)$/;

function serviceOf(file: string): { name: string; inner: string } | undefined {
  const match = SERVICE.exec(file);
  return match ? { name: match[1], inner: match[2] } : undefined;
}

/** Every import that breaks a layering rule, one entry per (rule, import). */
export function findRuleViolations(graph: ImportGraph): Violation[] {
  const violations: Violation[] = [];
  for (const [from, targets] of graph) {
    const fromService = serviceOf(from);
    for (const to of targets) {
      const add = (rule: string) => violations.push({ rule, from, to });
      const toService = serviceOf(to);
      if (toService && fromService?.name !== toService.name) {
        if (!fromService) {
          // a top-level src/<x>.ts may import the contract a service made for it (plain types, say)
          const consumer = /^src\/([^/]+)\.ts$/.exec(from)?.[1];
          const contract = consumer !== undefined && toService.inner === `for-${consumer}.ts`;
          if (toService.inner !== "index.ts" && !contract) add(RULES.serviceFace);
        } else {
          const contract = toService.inner === `for-${fromService.name}.ts` || toService.inner.startsWith(`for-${fromService.name}-`);
          if (toService.inner !== "index.ts" && !contract) add(RULES.serviceContract);
        }
      }
      if (fromService && to.startsWith("src/control/")) add(RULES.servicesAboveControl);
      if (from.startsWith("src/kernel/") && !to.startsWith("src/kernel/")) add(RULES.kernelSelfContained);
      if (from.startsWith("src/client/") && !to.startsWith("src/client/")) add(RULES.clientSelfContained);
      if (toService?.inner === "routes/deps.ts") {
        const ownRoutes = fromService?.name === toService.name && fromService.inner.startsWith("routes/");
        if (!ownRoutes) add(RULES.routeDeps);
      }
    }
  }
  return violations;
}

// --- both, against an allow-list ------------------------------------------------------------------

export interface Check {
  /** violations the allow-list does not cover */
  violations: Violation[];
  /** allow-list entries that no longer occur: delete them (the list only shrinks) */
  stale: Allowed[];
  /** the cycles left once the allow-listed imports are set aside */
  cycles: string[][];
}

const key = (v: { rule: string; from: string; to: string }) => `${v.rule}\u0000${v.from}\u0000${v.to}`;

/**
 * Checks the graph. An allow-listed cycle entry is an import set aside before cycles are looked for; it is
 * stale once it no longer closes a cycle. An allow-listed rule entry is stale once that import is gone.
 */
export function checkArchitecture(graph: ImportGraph, allowed: readonly Allowed[]): Check {
  const allowedCycleEdges = allowed.filter((a) => a.rule === RULES.cycle);
  const stale: Allowed[] = [];
  for (const entry of allowedCycleEdges) {
    const closesCycle = graph.get(entry.from)?.has(entry.to) && reaches(graph, entry.to, entry.from);
    if (!closesCycle) stale.push(entry);
  }
  const pruned: ImportGraph = new Map();
  for (const [from, targets] of graph) {
    pruned.set(from, new Set([...targets].filter((to) => !allowedCycleEdges.some((a) => a.from === from && a.to === to))));
  }
  const cycles = findCycles(pruned);
  const violations = cycles.flatMap((cycle) => cycleEdges(pruned, cycle));

  const rules = findRuleViolations(graph);
  const found = new Set(rules.map(key));
  const allowedRules = new Set(allowed.filter((a) => a.rule !== RULES.cycle).map(key));
  violations.push(...rules.filter((v) => !allowedRules.has(key(v))));
  stale.push(...allowed.filter((a) => a.rule !== RULES.cycle && !found.has(key(a))));
  return { violations, stale, cycles };
}

function reaches(graph: ImportGraph, from: string, to: string): boolean {
  const seen = new Set<string>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (node === to) return true;
    for (const next of graph.get(node) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

export function formatViolations(violations: readonly { rule: string; from: string; to: string }[]): string {
  return violations.map((v) => `  ${v.from} -> ${v.to}\n      ${v.rule}`).join("\n");
}
