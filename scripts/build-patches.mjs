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

/** @hono/node-server as esbuild loads it for the bundle (its ES module build) */
const NODE_SERVER = /[/\\]node_modules[/\\]@hono[/\\]node-server[/\\]dist[/\\]index\.mjs$/;
/** Hono's app class as esbuild loads it for the bundle */
const HONO_BASE = /[/\\]node_modules[/\\]hono[/\\]dist[/\\]hono-base\.js$/;

// Node makes fetch, Headers, Request, Response, CloseEvent (and from Node 26 ErrorEvent) on their first
// use: reading any of them loads the whole of undici, about 45 ms and 13 MiB of RSS (measured on Node 24).
// The published node server reads them as its module loads, so a process that only ever serves HTTP paid
// for them at startup. Here each one is read where it is first needed (a request body read as a web stream,
// a response a caller reads as a web Response, a Headers object someone passed), and an object that cannot
// be one of them (a plain header record, a plain init) is told apart without reading the global. Every
// answer stays the published one: the classes are linked to Node's as before, only on their first use. With
// overrideGlobalObjects (the default), the globals are replaced as before, which reads them then; skymock
// passes false in the bundle and builds its responses with the lightweight class this build exports
// (kernel/http/light-response.ts).
const LAZY_WEB_GLOBALS = [
  {
    file: NODE_SERVER,
    find: "const GlobalHeaders = globalThis.Headers;\nconst materializeHeaders = (rawHeaders, HeadersCtor = GlobalHeaders) => {",
    replace:
      "let GlobalHeaders;\nconst globalHeaders = () => GlobalHeaders ??= globalThis.Headers;\nconst materializeHeaders = (rawHeaders, HeadersCtor = globalHeaders()) => {",
  },
  {
    file: NODE_SERVER,
    find:
      "Object.setPrototypeOf(RequestHeaders.prototype, GlobalHeaders.prototype);\nconst newHeadersFromIncoming = (incoming) => globalThis.Headers === GlobalHeaders ? new RequestHeaders(incoming) : materializeHeaders(incoming.rawHeaders, globalThis.Headers);",
    replace:
      "let requestHeadersLinked = false;\nconst newHeadersFromIncoming = (incoming) => {\n\tconst GlobalHeaders = globalHeaders();\n\tif (!requestHeadersLinked) {\n\t\trequestHeadersLinked = true;\n\t\tObject.setPrototypeOf(RequestHeaders.prototype, GlobalHeaders.prototype);\n\t}\n\treturn globalThis.Headers === GlobalHeaders ? new RequestHeaders(incoming) : materializeHeaders(incoming.rawHeaders, globalThis.Headers);\n};",
  },
  {
    // before the class is wrapped below: this line moves into the function that makes the class
    file: NODE_SERVER,
    find: "} });\nObject.setPrototypeOf(requestPrototype, Request$1.prototype);\n",
    replace: "} });\n",
  },
  {
    file: NODE_SERVER,
    find: "const GlobalRequest = global.Request;\nvar Request$1 = class extends GlobalRequest {",
    replace:
      "let LightRequest;\nconst lightRequest = () => LightRequest ??= makeLightRequest();\nfunction makeLightRequest() {\nconst GlobalRequest = global.Request;\nconst Request$1 = class extends GlobalRequest {",
  },
  {
    file: NODE_SERVER,
    find: "\t\tsuper(input, options);\n\t}\n};\nconst wrapBodyStream = Symbol(\"wrapBodyStream\");",
    replace:
      "\t\tsuper(input, options);\n\t}\n};\nObject.setPrototypeOf(requestPrototype, Request$1.prototype);\nreturn Request$1;\n}\nconst wrapBodyStream = Symbol(\"wrapBodyStream\");",
  },
  { file: NODE_SERVER, find: "\t\tconst req = new Request$1(url, init);", replace: "\t\tconst req = new (lightRequest())(url, init);" },
  { file: NODE_SERVER, find: "\treturn new Request$1(url, init);", replace: "\treturn new (lightRequest())(url, init);" },
  { file: NODE_SERVER, find: "\t\t\tconst req = new Request$1(this[urlKey], init);", replace: "\t\t\tconst req = new (lightRequest())(this[urlKey], init);" },
  {
    // before the linking below moves into globalResponse()
    file: NODE_SERVER,
    find: "\nObject.setPrototypeOf(Response$1, GlobalResponse);\nObject.setPrototypeOf(Response$1.prototype, GlobalResponse.prototype);\n",
    replace: "\n",
  },
  {
    file: NODE_SERVER,
    find: "const GlobalResponse = global.Response;\n",
    replace:
      "let GlobalResponse;\nconst globalResponse = () => {\n\tif (GlobalResponse === void 0) {\n\t\tGlobalResponse = global.Response;\n\t\tObject.setPrototypeOf(Response$1, GlobalResponse);\n\t\tObject.setPrototypeOf(Response$1.prototype, GlobalResponse.prototype);\n\t}\n\treturn GlobalResponse;\n};\n",
  },
  {
    file: NODE_SERVER,
    find: "return this[responseCache] ||= new GlobalResponse(this.#body,",
    replace: "return this[responseCache] ||= new (globalResponse())(this.#body,",
  },
  {
    // a lightweight response as the init (Hono's answer to HEAD: the GET answer without its body) gives its
    // header record, copied, as the published code gives a copy of its headers; a plain init (an object
    // literal, what every other caller passes) is never a Response
    file: NODE_SERVER,
    find: "\t\tif (init instanceof GlobalResponse) {",
    replace: [
      "\t\tif (init instanceof Response$1 && init[cacheKey] !== void 0 && init[responseCache] === void 0) {",
      "\t\t\tconst [, initBody, initHeaders] = init[cacheKey];",
      "\t\t\tthis.#init = init.#init;",
      "\t\t\theaders = initHeaders === void 0 ? initBody === null ? {} : { \"content-type\": defaultContentType } : Array.isArray(initHeaders) ? [...initHeaders] : Object.getPrototypeOf(initHeaders) === Object.prototype ? { ...initHeaders } : new Headers(initHeaders);",
      "\t\t} else if (init !== null && typeof init === \"object\" && Object.getPrototypeOf(init) !== Object.prototype && init instanceof globalResponse()) {",
    ].join("\n"),
  },
  {
    // how Hono's HEAD answer knows the class (the patch to hono-base.js below)
    file: NODE_SERVER,
    find: "var Response$1 = class Response$1 {\n\t#body;",
    replace: "var Response$1 = class Response$1 {\n\tstatic [Symbol.for(\"@hono/node-server lightweight response\")] = true;\n\t#body;",
  },
  {
    // Hono answers HEAD with new Response(null, <the GET answer>): a web Response. For the node server's
    // lightweight answer it is made with that class, so a HEAD request makes no web Response either
    file: HONO_BASE,
    find: "var Hono = class Hono {",
    replace:
      'const lightweightResponse = Symbol.for("@hono/node-server lightweight response");\nconst headResponse = (res) => res?.constructor?.[lightweightResponse] === true ? new res.constructor(null, res) : new Response(null, res);\nvar Hono = class Hono {',
  },
  {
    file: HONO_BASE,
    find: 'if (method === "HEAD") return (async () => new Response(null, await this.#dispatch(request, executionCtx, env, "GET")))();',
    replace: 'if (method === "HEAD") return (async () => headResponse(await this.#dispatch(request, executionCtx, env, "GET")))();',
  },
  {
    // a plain header record (what the lightweight response holds) is never a Headers object
    file: NODE_SERVER,
    find: "\tif (header instanceof Headers) {",
    replace: "\tif (header !== null && typeof header === \"object\" && !Array.isArray(header) && Object.getPrototypeOf(header) !== Object.prototype && header instanceof Headers) {",
  },
  {
    file: NODE_SERVER,
    find: "\tif (options.overrideGlobalObjects !== false && global.Request !== Request$1) {\n\t\tObject.defineProperty(global, \"Request\", { value: Request$1 });",
    replace:
      "\tif (options.overrideGlobalObjects !== false && global.Request !== lightRequest()) {\n\t\tglobalResponse();\n\t\tObject.defineProperty(global, \"Request\", { value: lightRequest() });",
  },
  { file: NODE_SERVER, find: "const CloseEvent = globalThis.CloseEvent ?? class extends Event {", replace: "const CloseEventShim = class extends Event {" },
  { file: NODE_SERVER, find: "new CloseEvent(\"close\", {", replace: "new (globalThis.CloseEvent ?? CloseEventShim)(\"close\", {" },
  // Node 26 has a global ErrorEvent too (undici's)
  { file: NODE_SERVER, find: "const ErrorEvent = globalThis.ErrorEvent ?? class extends Event {", replace: "const ErrorEventShim = class extends Event {" },
  { file: NODE_SERVER, find: "new ErrorEvent(\"error\", { error })", replace: "new (globalThis.ErrorEvent ?? ErrorEventShim)(\"error\", { error })" },
  {
    file: NODE_SERVER,
    find: "export { RequestError, createAdaptorServer, getRequestListener, serve, upgradeWebSocket };",
    replace: "export { RequestError, createAdaptorServer, getRequestListener, serve, upgradeWebSocket, Response$1 as LightweightResponse };",
  },
];
PATCHES.push(...LAZY_WEB_GLOBALS);

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
