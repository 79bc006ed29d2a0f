// Maps keyed by what a user typed (metadata, extra specs, sort keys, filters, field names): every key is an
// ordinary string. `key in obj` and `obj[key]` also see Object.prototype (`valueOf`, `constructor`,
// `__proto__`), `obj[key] = v` cannot make a `__proto__` key, and zod's z.record drops one. Check keys with
// Object.hasOwn, read with own(), build with spreads or Object.fromEntries (they define, never assign).

import * as z from "zod";

/** The record's own value at `key`; undefined for a key it lacks, inherited names included. */
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A copy of the record without `key`. */
export function withoutEntry<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}

const PROTO = "__proto__";

/**
 * z.record(key, value) for a map keyed by user input: the same checks and messages, but an own
 * `__proto__` key (JSON.parse makes one) is validated and kept instead of silently dropped.
 */
export function ownRecord<K extends z.ZodType<string, string>, V extends z.ZodType>(key: K, value: V) {
  const record = z.record(key, value);
  // documented (OpenAPI, z.toJSONSchema) as the record it checks
  const { $schema: _, ...documented } = z.toJSONSchema(record, { io: "input", unrepresentable: "any" });
  const schema = z.unknown().transform((input, ctx): Record<z.output<K>, z.output<V>> => {
    const parsed = record.safeParse(input);
    const issues: z.core.$ZodIssue[] = parsed.success ? [] : [...parsed.error.issues];
    let kept: { value: z.output<V> } | undefined;
    if (typeof input === "object" && input !== null && Object.hasOwn(input, PROTO)) {
      const k = key.safeParse(PROTO);
      const v = value.safeParse((input as Record<string, unknown>)[PROTO]);
      if (!k.success) issues.push({ code: "invalid_key", origin: "record", issues: k.error.issues, path: [PROTO], message: "Invalid key in record" });
      if (!v.success) issues.push(...v.error.issues.map((i) => ({ ...i, path: [PROTO, ...i.path] })));
      if (k.success && v.success) kept = { value: v.data };
    }
    if (!parsed.success || issues.length > 0) {
      for (const issue of issues) ctx.issues.push({ ...issue, input } as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    if (!kept) return parsed.data as Record<z.output<K>, z.output<V>>;
    // in the input's key order, __proto__ defined as a key (Object.fromEntries defines, never assigns)
    const out = parsed.data as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(input as object)
        .filter((k) => k === PROTO || Object.hasOwn(out, k))
        .map((k) => [k, k === PROTO ? kept.value : out[k]]),
    ) as Record<z.output<K>, z.output<V>>;
  });
  // typed as the record it takes, not the unknown the transform starts from: seed worlds and request bodies
  // written in TypeScript are checked against it
  return schema.meta(documented) as unknown as z.ZodType<Record<z.output<K>, z.output<V>>, Record<z.input<K>, z.input<V>>>;
}
