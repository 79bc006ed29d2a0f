// What the directory route tables share: request bodies, ids and salts for new rows, Keystone's collection
// body, and the query-string booleans Keystone accepts.

import type { z } from "zod";
import { readBody } from "../../../kernel/http/body.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { collectionLinks } from "../views.js";
import type { IdentityDeps } from "./deps.js";

export interface DirectoryKit {
  body<T extends z.ZodType>(c: Ctx, schema: T): Promise<z.output<T>>;
  /** a Keystone-style id: 32 hex */
  newId(): string;
  salt(): string;
}

export function directoryKit(deps: IdentityDeps): DirectoryKit {
  return {
    body: (c, schema) => readBody(c, schema, deps.kernel.options.maxBodyBytes),
    newId: () => deps.kernel.ids.hexId(),
    salt: () => deps.kernel.ids.hexId().slice(0, 16),
  };
}

/** A path parameter the route pattern guarantees. */
export function param(c: Ctx, name: string): string {
  return c.req.param(name) ?? "";
}

/** `{"<plural>": [...], "links": {self, previous, next}}`, self as the client addressed it. */
export function listResponse(c: Ctx, plural: string, items: unknown[]): Response {
  const url = new URL(c.req.url);
  return c.json({ [plural]: items, links: collectionLinks(`${baseUrl(c)}${url.pathname}${url.search}`) });
}

const FALSE_WORDS = ["0", "f", "false", "off", "n", "no"];

/** A boolean filter as Keystone reads it (oslo's bool_from_string, default true): only false words are false. */
export function boolQuery(c: Ctx, key: string): boolean | undefined {
  const value = c.req.query(key);
  return value === undefined ? undefined : !FALSE_WORDS.includes(value.trim().toLowerCase());
}

/** A flag such as include_names: on when present, unless it says 0 or false. */
export function flagQuery(c: Ctx, key: string): boolean {
  const value = c.req.query(key);
  return value !== undefined && !["0", "false"].includes(value.trim().toLowerCase());
}
