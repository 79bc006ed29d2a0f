// Bundles the emulator into dist/ with esbuild: one file per entry starts faster than hundreds of modules.
//   dist/index.js       the library (createEmulator), ESM
//   dist/skymock.cjs    the CLI, one CommonJS file, so that bin/load-cli.js can compile it with a V8 code
//                       cache; dist/skymock.cjs.cache is that cache, saved by scripts/code-cache.mjs
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { build } from "esbuild";

const entryPoints = { index: "src/index.ts" };
// bench-store: table functions for `npm run bench` (bench/store.mjs); not part of the public API, and
// absent from the container build (the Dockerfile copies no bench/)
if (existsSync("bench/entry.ts")) entryPoints["bench-store"] = "bench/entry.ts";

// chunk names change with the code: start clean so dist/ holds only this build
rmSync("dist", { recursive: true, force: true });

const common = { bundle: true, platform: "node", target: "node20", sourcemap: true, logLevel: "warning" };

await build({
  ...common,
  entryPoints,
  outdir: "dist",
  splitting: true,
  format: "esm",
  // esbuild's ESM output has no `require`; some dependencies still call it
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

await build({
  ...common,
  entryPoints: ["src/cli.ts"],
  outfile: "dist/skymock.cjs",
  format: "cjs",
  // the one use of import.meta in src (where fixtures/ is) gets the bundle's own URL
  define: { "import.meta.url": "__bundleUrl" },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
});

execFileSync(process.execPath, ["scripts/code-cache.mjs"], { stdio: "inherit" });
