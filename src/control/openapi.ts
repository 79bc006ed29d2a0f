// The OpenAPI 3.1 document of the control API, served at /_emulator/openapi.json, and the index GET /_emulator
// answers with. Request bodies are rendered from the zod schemas the routes validate with, so the document
// and the checks cannot drift. Paths live in openapi-world.ts, openapi-time.ts, openapi-faults.ts and openapi-experiments.ts; a
// service's own control operations are documented from their declarations (service-control.ts).

import type { ControlIndex } from "../client/types.js";
import type { Kernel } from "../kernel/kernel.js";
import type { ServiceModule } from "../kernel/service.js";
import { serviceControlDocument } from "./service-control.js";
import type { Json } from "./openapi-parts.js";
import { worldPaths } from "./openapi-world.js";
import { timePaths } from "./openapi-time.js";
import { faultPaths } from "./openapi-faults.js";
import { buildSchemas } from "./openapi-schemas.js";
import { experimentPaths, experimentSchemas } from "./openapi-experiments.js";

const INFO = {
  title: "skymock control API",
  version: "1",
  description:
    "The test harness's back door: no OpenStack token, no faults, not journaled. Started with --control-token, every " +
    "operation but health asks for that token (Authorization: Bearer, or X-Skymock-Control-Token) and answers 401 without it. " +
    "Errors are {\"error\": {status, code, message}}; a wrong method is a 405 with Allow.",
};

/** The control token, when the emulator was started with one (src/control/guard.ts); `{}`: none asked for. */
const SECURITY = {
  schemes: {
    controlToken: { type: "http", scheme: "bearer", description: "the --control-token (SKYMOCK_CONTROL_TOKEN)" },
    controlTokenHeader: { type: "apiKey", in: "header", name: "X-Skymock-Control-Token", description: "the same token, in its own header" },
  },
  requirement: [{}, { controlToken: [] }, { controlTokenHeader: [] }],
};

// built on first request, not at import: converting the zod schemas costs startup time. The kernel's part is
// the same for every emulator in the process; the services' fragments are per service list.
let common: { paths: Record<string, Json>; schemas: Record<string, Json> } | undefined;
const documents = new WeakMap<readonly ServiceModule[], Json>();
const indexes = new WeakMap<readonly ServiceModule[], ControlIndex>();

export function openApiDocument(kernel: Kernel, services: readonly ServiceModule[]): Json {
  let doc = documents.get(services);
  if (doc) return doc;
  common ??= { paths: { ...worldPaths(), ...timePaths(), ...faultPaths(), ...experimentPaths() }, schemas: { ...buildSchemas(), ...experimentSchemas() } };
  const paths = { ...common.paths };
  const schemas = { ...common.schemas };
  for (const service of services) {
    const own = service.control?.(kernel);
    if (!own) continue;
    const document = serviceControlDocument(service.name, own);
    Object.assign(paths, document.paths);
    Object.assign(schemas, document.schemas);
  }
  const health = paths["/_emulator/health"] as Record<string, Json> | undefined;
  if (health?.get) paths["/_emulator/health"] = { ...health, get: { ...(health.get as object), security: [{}] } };
  doc = { openapi: "3.1.0", info: INFO, security: SECURITY.requirement, paths, components: { schemas, securitySchemes: SECURITY.schemes } };
  documents.set(services, doc);
  return doc;
}

/** GET /_emulator: every operation the document describes, in its order. */
export function controlIndex(kernel: Kernel, services: readonly ServiceModule[]): ControlIndex {
  let index = indexes.get(services);
  if (index) return index;
  index = {
    name: INFO.title,
    version: INFO.version,
    operations: Object.entries(openApiDocument(kernel, services).paths as Record<string, Record<string, { summary: string }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, summary: op.summary })),
    ),
    openapi: "/_emulator/openapi.json",
  };
  indexes.set(services, index);
  return index;
}
