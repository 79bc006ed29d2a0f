// Builds dist/, what the package ships (package.json "exports" and "files" name the same files):
//   skymock.cjs         the emulator and the CLI in one CommonJS bundle with every runtime dependency
//                       inside (the package lists none): one file starts faster than hundreds of modules;
//                       a service's route modules in it run on first use (build-defer.mjs), and it is ASCII
//   index.js            `skymock` for import: an ES module wrapper around skymock.cjs, so a process that
//                       both imports and requires the package still runs one emulator code base
//   client.{js,cjs}     `skymock/client`, the typed control client (fetch only, no dependencies)
//   testcontainers.{js,cjs}  `skymock/testcontainers` (testcontainers is the user's, a peer dependency)
//   *.d.ts, *.d.cts     declarations for the three entries (scripts/build-types.mjs)
//   THIRD-PARTY-LICENSES.md  the licenses of the packages bundled inside skymock.cjs
// and, only where bench/ exists (not in the container build), dist/bench-store.js for `npm run bench`.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { buildTypes } from "./build-types.mjs";
import { asciiOnly, deferServiceRoutes } from "./build-defer.mjs";
import { patchDependencies } from "./build-patches.mjs";

// `--if-stale` (npm start's prestart, npm test's): nothing to do when the last build is newer than every
// input, so a start or a test run does not pay for a bundle it already has. Every build ends by touching
// STAMP, and one that made the declarations (all but `--no-types`, npm start's) TYPES_STAMP too: a build
// without them leaves a later one that needs them stale.
const STAMP = "dist/.built";
const TYPES_STAMP = "dist/.built-types";
const withTypes = !process.argv.includes("--no-types");
const INPUTS = ["src", "scripts", "package.json", "package-lock.json", "tsconfig.json"];
function newestInput(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestInput(join(path, name))));
}
if (process.argv.includes("--if-stale") && existsSync("dist/skymock.cjs")) {
  const stamps = withTypes ? [STAMP, TYPES_STAMP] : [STAMP];
  const newest = Math.max(...INPUTS.filter((p) => existsSync(p)).map(newestInput));
  if (stamps.every((stamp) => existsSync(stamp) && statSync(stamp).mtimeMs >= newest)) process.exit(0);
}

// A file is written only when its content changes: `npm start` rebuilds (prestart) while other processes,
// the test suite's among them, may be reading dist/, and an unchanged tree must leave it untouched.
function writeIfChanged(path, content) {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  if (existsSync(path) && readFileSync(path).equals(bytes)) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
}
async function bundle(options, transform) {
  const result = await build({ ...options, write: false });
  for (const file of result.outputFiles) writeIfChanged(file.path, transform ? transform(file.text) : file.contents);
  return result;
}

// what earlier layouts of dist/ held and this build no longer makes: source maps, V8 code caches, chunks
if (existsSync("dist")) for (const f of readdirSync("dist")) if (/\.map$|\.cache$|^chunk-/.test(f)) rmSync(join("dist", f));

const common = { bundle: true, platform: "node", target: "node22", logLevel: "warning", legalComments: "none" };

const core = await bundle({
  ...common,
  metafile: true,
  entryPoints: ["src/bundle.ts"],
  outfile: "dist/skymock.cjs",
  format: "cjs",
  // the one use of import.meta in src (where fixtures/ is) gets the bundle's own URL
  define: { "import.meta.url": "__bundleUrl" },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // a service's route modules run on its first request, not at startup (scripts/build-defer.mjs)
  plugins: [deferServiceRoutes(), patchDependencies()],
}, asciiOnly);
writeIfChanged("dist/THIRD-PARTY-LICENSES.md", thirdPartyLicenses(Object.keys(core.metafile.inputs)));
writeIfChanged(
  "dist/index.js",
  '// `import { createEmulator } from "skymock"`: the emulator is the CommonJS bundle beside this file\nimport skymock from "./skymock.cjs";\n\nexport const { createEmulator } = skymock;\n',
);

// the testcontainers module uses the client as published (dist/client.*), not a copy of its own, so that
// `started.control instanceof SkymockClient` holds for users of either entry
const clientAsSibling = (extension) => ({
  name: "client-as-sibling",
  setup(b) {
    b.onResolve({ filter: /\/client\/index\.js$/ }, () => ({ path: `./client${extension}`, external: true }));
  },
});
for (const [format, extension] of [["esm", ".js"], ["cjs", ".cjs"]]) {
  await bundle({ ...common, entryPoints: ["src/client/index.ts"], outfile: `dist/client${extension}`, format });
  await bundle({
    ...common,
    entryPoints: ["src/testcontainers/index.ts"],
    outfile: `dist/testcontainers${extension}`,
    format,
    external: ["testcontainers"],
    plugins: [clientAsSibling(extension)],
  });
}

// bench-store: table functions for `npm run bench` (bench/store.mjs); not part of the package
if (existsSync("bench/entry.ts")) await bundle({ ...common, entryPoints: ["bench/entry.ts"], outfile: "dist/bench-store.js", format: "esm" });

if (withTypes) {
  await buildTypes();
  writeFileSync(TYPES_STAMP, "");
}
writeFileSync(STAMP, "");

/** Name, version, license and license text of every package a bundle took code from. */
function thirdPartyLicenses(inputs) {
  const dirs = [...new Set(inputs.map((input) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]).filter(Boolean))].sort();
  const sections = dirs.map((dir) => {
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    const text = file ? readFileSync(join(dir, file), "utf8").trim() : `(no license file; package.json says ${pkg.license})`;
    return `## ${pkg.name} ${pkg.version} (${pkg.license})\n\n\`\`\`\n${text}\n\`\`\`\n`;
  });
  return `# Third-party licenses\n\ndist/skymock.cjs bundles code from these packages.\n\n${sections.join("\n")}`;
}
