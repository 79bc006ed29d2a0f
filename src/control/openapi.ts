// The OpenAPI 3.1 document of the control API, served at /_emulator/openapi.json, and the index GET /_emulator
// answers with. Request bodies are rendered from the zod schemas the routes validate with, so the document
// and the checks cannot drift. Paths live in openapi-world.ts, openapi-time.ts and openapi-faults.ts.

import type { ControlIndex } from "../client/types.js";
import type { Json } from "./openapi-parts.js";
import { worldPaths } from "./openapi-world.js";
import { timePaths } from "./openapi-time.js";
import { faultPaths } from "./openapi-faults.js";
import { buildSchemas } from "./openapi-schemas.js";

const INFO = {
  title: "skymock control API",
  version: "1",
  description: "The test harness's back door: no token, no faults, not journaled. Errors are {\"error\": {status, code, message}}; a wrong method is a 405 with Allow.",
};

// built on first request, not at import: converting the zod schemas costs startup time
let cached: Json | undefined;
let index: ControlIndex | undefined;

export function openApiDocument(): Json {
  cached ??= {
    openapi: "3.1.0",
    info: INFO,
    paths: { ...worldPaths(), ...timePaths(), ...faultPaths() },
    components: { schemas: buildSchemas() },
  };
  return cached;
}

/** GET /_emulator: every operation the document describes, in its order. */
export function controlIndex(): ControlIndex {
  index ??= {
    name: INFO.title,
    version: INFO.version,
    operations: Object.entries(openApiDocument().paths as Record<string, Record<string, { summary: string }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, summary: op.summary })),
    ),
    openapi: "/_emulator/openapi.json",
  };
  return index;
}
