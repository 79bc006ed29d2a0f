// Bundles the emulator into dist/ with esbuild: one file per entry starts faster than hundreds of modules.
import { build } from "esbuild";

await build({
  // bench-store: table functions for `npm run bench` (bench/store.mjs); not part of the public API
  entryPoints: { cli: "src/cli.ts", index: "src/index.ts", "bench-store": "bench/entry.ts" },
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
