#!/usr/bin/env node
// The `skymock` command. Node's compile cache keeps V8's compiled code of the bundle on disk between
// starts (in NODE_COMPILE_CACHE, else the system's temporary folder), so every start after the first
// skips most of parsing and compiling it.
import module from "node:module";

module.enableCompileCache?.();
const { main } = module.createRequire(import.meta.url)("../dist/skymock.cjs");
await main(process.argv.slice(2));
