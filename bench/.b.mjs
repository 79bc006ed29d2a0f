import { build } from "esbuild";
const stub = process.argv[2] === "stub";
await build({
  entryPoints: { cli: "/work/main/src/cli.ts", index: "/work/main/src/index.ts" }, outdir: "/tmp/lb/" + (stub ? "stub" : "base"), bundle: true, splitting: true, platform: "node", format: "esm", target: "node20", logLevel: "warning",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: stub ? [{ name: "zod-locales", setup(b) { b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (a) => a.importer.includes("node_modules/zod/") ? { path: "zod-locales-stub", namespace: "stub" } : undefined); b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "export {};", loader: "js" })); } }] : [],
});
