// A service's own control operations (a compute host failing, the recovery engine's configuration), declared
// as data: the control API (src/control/) mounts them under /_emulator/<service>, reads and validates their
// bodies, renders their errors in its own shape and documents them in /_emulator/openapi.json.

import type { z } from "zod";
import type { Ctx } from "./http/context.js";

type Json = Record<string, unknown>;

export interface ControlRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** below the service's control mount, Hono style: `/hosts/:name/fail` for /_emulator/compute/hosts/:name/fail */
  path: string;
  summary: string;
  description?: string;
  /** path parameters' meanings, by name, for the document */
  params?: Record<string, string>;
  /** the JSON body's schema: the control API validates the body with it (an empty body is `{}`) and documents it */
  body?: z.ZodType;
  /** reshapes the parsed JSON before it is validated (instance HA ignores GET's read-only part sent back) */
  prepareBody?(raw: unknown): unknown;
  /**
   * the answers, by status: a description, or a description and the JSON Schema of the body (`$ref`s name
   * the module's `schemas` or the control API's own: Error, ClockState); 4xx bodies are the control API's Error
   */
  responses: Record<string, string | { description: string; schema: Json }>;
  /** throws an ApiError for a refusal; `body` is the validated body (undefined without a `body` schema) */
  handler(c: Ctx, body: any): Response | Promise<Response>;
}

/** A service's control operations and the JSON Schemas their documents reference. */
export interface ServiceControl {
  routes: ControlRoute[];
  /** component schemas, by name, built when the document is first asked for */
  schemas?(): Record<string, Json>;
}
