// Building blocks of the control API's OpenAPI document (openapi.ts assembles it): references, bodies,
// responses, parameters, and zod schemas rendered as JSON Schema.

import * as z from "zod";

export type Json = Record<string, unknown>;

export const schemaOf = (schema: z.ZodType, io: "input" | "output" = "input"): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
};
export const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: Json) => ({ "application/json": { schema } });
export const body = (schema: Json, required = true) => ({ required, content: json(schema) });
export const ok = (description: string, schema?: Json) => (schema ? { description, content: json(schema) } : { description });
export const fail = (description: string) => ({ description, content: json(ref("Error")) });
export const list = (key: string, item: string): Json => ({ type: "object", properties: { [key]: { type: "array", items: ref(item) } }, required: [key] });
export const int: Json = { type: "integer", minimum: 0 };
export const str: Json = { type: "string" };
export const query = (name: string, description: string, schema: Json = str) => ({ name, in: "query", required: false, description, schema });
export const pathId = (description: string) => ({ name: "id", in: "path", required: true, description, schema: str });
export const journalQuery = [
  query("after", "Only entries whose `seq` is greater: poll with the last `seq` you saw.", int),
  query("limit", "At most this many entries (the oldest first).", int),
];
export const done = { "204": { description: "Done." } };
export const bad = { "400": fail("The input is not valid; nothing changed.") };

export function op(tag: string, summary: string, responses: Json, extra: Json = {}): Json {
  return { tags: [tag], summary, ...extra, responses };
}
