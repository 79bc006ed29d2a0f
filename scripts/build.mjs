// Bundles the emulator into dist/ with esbuild: one file per entry starts faster than hundreds of modules.
import { existsSync, rmSync } from "node:fs";
import { build } from "esbuild";

const entryPoints = { cli: "src/cli.ts", index: "src/index.ts" };
// bench-store: table functions for `npm run bench` (bench/store.mjs); not part of the public API, and
// absent from the container build (the Dockerfile copies no bench/)
if (existsSync("bench/entry.ts")) entryPoints["bench-store"] = "bench/entry.ts";

// chunk names change with the code: start clean so dist/ holds only this build
rmSync("dist", { recursive: true, force: true });

await build({
  entryPoints,
  outdir: "dist",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  // esbuild's ESM output has no `require`; some dependencies still call it
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
