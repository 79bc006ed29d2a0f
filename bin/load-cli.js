// Loads the CLI bundle (dist/skymock.cjs, made by `npm run build`) compiled with the V8 code cache the
// build saved beside it (dist/skymock.cjs.cache): a start then skips parsing and compiling most of the
// bundle, about a quarter of the time to the first answer. A cache this Node cannot use (another V8
// version or flags) is rejected by V8, and the bundle compiles as usual.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";

const BUNDLE = fileURLToPath(new URL("../dist/skymock.cjs", import.meta.url));
const CACHE = `${BUNDLE}.cache`;

/** The bundle's exports, and a way to save the code cache of everything compiled so far (the build's). */
export function loadCli({ useCache = true } = {}) {
  const source = readFileSync(BUNDLE, "utf8");
  const cachedData = useCache && existsSync(CACHE) ? readFileSync(CACHE) : undefined;
  // the same wrapper node's own CommonJS loader puts around a module
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: BUNDLE,
    cachedData,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(BUNDLE), module, BUNDLE, dirname(BUNDLE));
  return {
    exports: module.exports,
    cacheUsed: cachedData !== undefined && !script.cachedDataRejected,
    saveCodeCache: () => writeFileSync(CACHE, script.createCachedData()),
  };
}
