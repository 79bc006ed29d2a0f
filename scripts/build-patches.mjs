// Changes the bundle makes to a dependency's code (scripts/build.mjs applies them to dist/skymock.cjs only;
// vitest and tsx run the packages as published). Each one keeps the function's answers exactly and only
// changes the order or the cost of its checks; each must match the package's text once, so an upgrade that
// changes that text fails the build instead of quietly dropping the patch.
import { readFile } from "node:fs/promises";

/** immer as esbuild loads it for the bundle (its ES module build) */
const IMMER = /[/\\]node_modules[/\\]immer[/\\]dist[/\\]immer\.mjs$/;

const PATCHES = [
  {
    // Immer reads every property of a draft through its get trap, which asks isDraftable(value) of the
    // value it found. For a string, number or boolean (most of a row's fields) the published test runs to
    // the end: a symbol lookup on the boxed primitive, one on its constructor, then `instanceof Map` and
    // `instanceof Set`. For an array (every node of the tables' tries) it asks isPlainObject first, which
    // looks the Array constructor up in a WeakMap of constructor strings. Here a primitive is answered at
    // once (false: nothing of a primitive is draftable) and Array.isArray is asked first (an OR of
    // side-effect-free tests in any order gives the same answer). Measured in one process, both builds'
    // emulators interleaved: server creates, lifecycles and port creates about 8-11% less time each.
    file: IMMER,
    find: "function isDraftable(value) {\n  if (!value)\n    return false;\n  return isPlainObject(value) || isArray(value) ||",
    replace:
      'function isDraftable(value) {\n  if (!value || typeof value !== "object" && typeof value !== "function")\n    return false;\n  return isArray(value) || isPlainObject(value) ||',
  },
  {
    // The same for isDraft: a primitive is never a draft (drafts are proxies of objects and arrays, or
    // immer's own Map and Set classes), so it is answered without boxing it to look a symbol up.
    file: IMMER,
    find: "var isDraft = (value) => !!value && !!value[DRAFT_STATE];",
    replace: 'var isDraft = (value) => !!value && typeof value === "object" && !!value[DRAFT_STATE];',
  },
  {
    // Immer copies a draft's base on its first write (and on the first read of a child it drafts): an
    // array (every trie node) is only recognised after two instanceof tests. Asked first here; an array is
    // never a Map or a Set, so each value is copied as before.
    file: IMMER,
    find: "function shallowCopy(base, strict) {\n  if (isMap(base)) {",
    replace: "function shallowCopy(base, strict) {\n  if (isArray(base))\n    return Array[PROTOTYPE].slice.call(base);\n  if (isMap(base)) {",
  },
  {
    // Every write to an element of a draft array (a trie node's slot) read process.env.NODE_ENV, a call
    // into the runtime each time, for a development-only check. The variable is read once, when the module
    // loads; the check is the same.
    file: IMMER,
    find: 'if (process.env.NODE_ENV !== "production" && prop !== "length" && isNaN(parseInt(prop)))',
    replace: 'if (immerDevChecks && prop !== "length" && isNaN(parseInt(prop)))',
  },
  {
    file: IMMER,
    find: 'if (process.env.NODE_ENV !== "production" && isNaN(parseInt(prop)))',
    replace: 'if (immerDevChecks && isNaN(parseInt(prop)))',
  },
  {
    file: IMMER,
    find: "// src/utils/env.ts\n",
    replace: '// src/utils/env.ts\nvar immerDevChecks = process.env.NODE_ENV !== "production";\n',
  },
];

export function patchDependencies() {
  return {
    name: "patch-dependencies",
    setup(b) {
      // one hook per file: esbuild takes the first onLoad that answers a path
      const files = [...new Set(PATCHES.map((p) => p.file.source))];
      for (const source of files) {
        b.onLoad({ filter: new RegExp(source) }, async (args) => {
          let text = await readFile(args.path, "utf8");
          for (const patch of PATCHES.filter((p) => p.file.source === source)) {
            const at = text.indexOf(patch.find);
            if (at < 0 || text.indexOf(patch.find, at + 1) >= 0) {
              throw new Error(`${args.path}: a bundle patch (scripts/build-patches.mjs) no longer matches once: ${JSON.stringify(patch.find.slice(0, 60))}`);
            }
            text = text.slice(0, at) + patch.replace + text.slice(at + patch.find.length);
          }
          return { contents: text, loader: "js" };
        });
      }
    },
  };
}
