// What keeps dist/skymock.cjs small at startup (scripts/build.mjs applies both). deferServiceRoutes: what a
// service's index.ts imports from its routes (`./routes.js`, `./routes/<x>.js`) runs on first use, with the
// schemas and views only those import (TC39 `import defer` semantics, which esbuild cannot bundle yet); the
// kernel mounts a service's routes on its first request (src/kernel/http/mounts.ts), so none of its zod
// schemas is built before. In source (vitest, tsx) the imports stay eager. asciiOnly: V8 keeps the bundle's
// source for the process's lifetime, and one non-ASCII character makes all of it a two-byte string.
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { build } from "esbuild";

const ROUTE_IMPORT = /^\.\/routes(\/[^/]+)?\.js$/;
const SERVICE_INDEX = /[/\\]src[/\\]services[/\\][^/\\]+[/\\]index\.ts$/;

export function deferServiceRoutes() {
  return {
    name: "defer-service-routes",
    setup(b) {
      b.onResolve({ filter: ROUTE_IMPORT }, async (args) => {
        if (!SERVICE_INDEX.test(args.importer)) return undefined;
        const path = resolve(dirname(args.importer), args.path.replace(/\.js$/, ".ts"));
        return { path, namespace: "deferred", pluginData: { exports: await exportNames(path) } };
      });
      // a CommonJS stand-in whose exports are getters: the first read of any of them requires the module,
      // which esbuild then wraps to run on that first require (and its imports with it, if not run already)
      b.onLoad({ filter: /.*/, namespace: "deferred" }, (args) => ({
        loader: "js",
        resolveDir: dirname(args.path),
        contents: [
          "let module_;",
          `const load = () => (module_ ??= require(${JSON.stringify(args.path)}));`,
          ...args.pluginData.exports.map(
            (name) => `Object.defineProperty(exports, ${JSON.stringify(name)}, { enumerable: true, get: () => load()[${JSON.stringify(name)}] });`,
          ),
        ].join("\n"),
      }));
    },
  };
}

/** The names a module exports (types are erased), as esbuild reads them. */
async function exportNames(path) {
  const source = await readFile(path, "utf8");
  if (/^\s*export\s*\*\s*from/m.test(source)) throw new Error(`${path}: a deferred route module cannot re-export with export *`);
  const result = await build({ entryPoints: [path], bundle: false, write: false, metafile: true, format: "esm", logLevel: "silent" });
  return Object.values(result.metafile.outputs)[0].exports;
}

/** The text with every non-ASCII character as a \u{...} escape: esbuild escapes them in code, so only comments it keeps hold any. */
export function asciiOnly(text) {
  return text.replace(/[^\x00-\x7f]/gu, (ch) => `\\u{${ch.codePointAt(0).toString(16)}}`);
}
