// Declarations for the package's three entries (skymock, skymock/client, skymock/testcontainers): tsc
// emits declarations for the program into a scratch folder, and only the files those entries reach are
// copied to dist/, twice: as .d.ts (for import) and as .d.cts (for require), imports renamed to match.
// The public entries are written so that what they reach imports nothing but node builtins, their own
// files and `testcontainers`: the package has no runtime dependencies for users to install, so a
// declaration that imported hono or zod would not resolve for them (test/e2e/package.test.ts checks it
// with a fresh TypeScript project, skipLibCheck off).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";

const SCRATCH = "dist/.types";
const ENTRIES = { index: "index.d.ts", client: "client/index.d.ts", testcontainers: "testcontainers/index.d.ts" };

export async function buildTypes() {
  rmSync(SCRATCH, { recursive: true, force: true });
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.types.json"], { stdio: "inherit" });

  // every declaration file the entries reach through relative imports
  const reached = new Map();
  const visit = (file) => {
    if (reached.has(file)) return;
    const text = readFileSync(join(SCRATCH, file), "utf8");
    reached.set(file, text);
    for (const spec of relativeImports(text)) visit(posix.normalize(posix.join(posix.dirname(file), spec.replace(/\.js$/, ".d.ts"))));
  };
  for (const file of Object.values(ENTRIES)) visit(file);

  // entries become dist/<name>.d.ts; the files they reach keep their layout under dist/types/
  const target = (file) => {
    const entry = Object.entries(ENTRIES).find(([, f]) => f === file);
    return entry ? `${entry[0]}.d.ts` : `types/${file}`;
  };
  const written = new Set();
  for (const [file, text] of reached) {
    for (const [extension, js] of [[".d.ts", ".js"], [".d.cts", ".cjs"]]) {
      const out = join("dist", target(file).replace(/\.d\.ts$/, extension));
      const rewritten = text.replace(/(from\s+|import\()(["'])(\.{1,2}\/[^"']+)\.js\2/g, (_, lead, quote, spec) => {
        const goal = target(posix.normalize(posix.join(posix.dirname(file), `${spec}.d.ts`))).replace(/\.d\.ts$/, js);
        let path = relative(dirname(target(file)), goal).split("\\").join("/");
        if (!path.startsWith(".")) path = `./${path}`;
        return `${lead}${quote}${path}${quote}`;
      });
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, rewritten);
      written.add(out.split("\\").join("/"));
    }
  }
  rmSync(SCRATCH, { recursive: true, force: true });
  // declarations of files the entries no longer reach
  for (const entry of readdirSync("dist", { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name).split("\\").join("/");
    if (entry.isFile() && /\.d\.c?ts$/.test(path) && !written.has(path)) rmSync(path);
  }
}

function relativeImports(text) {
  return [...text.matchAll(/(?:from\s+|import\()["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]);
}
