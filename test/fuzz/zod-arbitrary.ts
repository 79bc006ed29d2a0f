// fast-check arbitraries for "valid-ish" request bodies, generated from a route's zod (v4) schema by
// walking `schema._zod.def`: values of the right shape and mostly within the declared bounds, so requests
// get past validation and reach the operations. Refinements are not honoured: a near miss is a useful input too.

import fc from "fast-check";
import type { z } from "zod";

export interface BodyHints {
  /** real ids for a field whose name says it holds an id or a reference (`network_id`: the networks' ids) */
  idsFor(key: string): readonly string[];
}

/** values for fields a random string never satisfies, so creates get past validation now and then */
const NAMED: Record<string, readonly string[]> = {
  cidr: ["10.20.0.0/24", "192.168.7.0/28", "fd00:1::/64", "10.0.0.0/24"],
  gateway_ip: ["10.20.0.1", "192.168.7.1"],
  ip_address: ["10.20.0.5", "10.9.0.7", "10.0.0.9", "172.24.4.20"],
  remote_ip_prefix: ["0.0.0.0/0", "10.0.0.0/8", "::/0"],
  destination: ["10.30.0.0/24", "0.0.0.0/0"],
  nexthop: ["10.9.0.9", "10.0.0.9"],
  mac_address: ["fa:16:3e:00:00:01", "fa:16:3e:12:34:56"],
};

type Def = { type: string; [key: string]: any };
type Check = { check: string; [key: string]: any };

const defOf = (schema: unknown): Def => (schema as z.ZodType)._zod.def as unknown as Def;
const checksOf = (def: Def): Check[] => [def, ...(def.checks ?? []).map((c: any) => c._zod.def)].filter((c) => c.check);

/** the recursion a lazy schema may take before it is cut off with null */
const MAX_DEPTH = 6;
const ID_KEY = /(^id$|_id$|Id$|Ref$|^uuid$|_ref$)/;

export function arbitraryFor(schema: z.ZodType, hints: BodyHints): fc.Arbitrary<unknown> {
  return walk(defOf(schema), hints, 0, undefined);
}

function walk(def: Def, hints: BodyHints, depth: number, key: string | undefined): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const next = (schema: unknown, k = key) => walk(defOf(schema), hints, depth + 1, k);
  switch (def.type) {
    case "string": {
      const known = key === undefined ? [] : NAMED[key] ?? (ID_KEY.test(key) ? hints.idsFor(key) : []);
      return known.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: stringOf(def), weight: 1 }) : stringOf(def);
    }
    case "number":
      return numberOf(def);
    case "bigint":
      return fc.bigInt().map(String);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "undefined":
    case "void":
      return fc.constant(undefined);
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case "array": {
      const { min, max } = lengthBounds(def, 0, 3);
      return fc.array(next(def.element), { minLength: min, maxLength: Math.min(max, min + 3) });
    }
    case "tuple":
      return fc.tuple(...(def.items as unknown[]).map((item) => next(item)));
    case "object":
      return objectOf(def, hints, depth);
    case "record": {
      const keys = next(def.keyType).filter((k): k is string => typeof k === "string");
      return fc.dictionary(keys, next(def.valueType), { maxKeys: 3 });
    }
    case "union":
      return fc.oneof(...(def.options as unknown[]).map((option) => next(option)));
    case "intersection":
      return fc.tuple(next(def.left), next(def.right)).map(([a, b]) => merge(a, b));
    case "optional":
    case "nullable":
      return fc.oneof({ arbitrary: next(def.innerType), weight: 4 }, { arbitrary: fc.constant(def.type === "nullable" ? null : undefined), weight: 1 });
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return next(def.innerType);
    case "pipe":
      // z.preprocess(fn, out) is a pipe whose input is a transform: generate what the output accepts
      return defOf(def.in).type === "transform" ? next(def.out) : next(def.in);
    case "lazy":
      return next(def.getter());
    default:
      // transform, any, unknown, custom, ...: any JSON value
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(def: Def, hints: BodyHints, depth: number): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, unknown>;
  // an optional field is left out three times in four: each one sent is one more chance for a body to be
  // refused (a random reference, a range), and a body refused for one field teaches little about the others
  const field = (key: string, schema: unknown) => {
    const d = defOf(schema);
    if (d.type !== "optional" && d.type !== "default" && d.type !== "prefault") return walk(d, hints, depth + 1, key);
    // at the root, optional keys are alternatives (`network` or `networks`): sent half the time
    return fc.oneof({ arbitrary: fc.constant(undefined), weight: depth === 0 ? 1 : 3 }, { arbitrary: walk(defOf(d.innerType), hints, depth + 1, key), weight: 1 });
  };
  const record = fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, field(k, s)])));
  const catchall = def.catchall && defOf(def.catchall).type !== "never" ? def.catchall : undefined;
  if (!catchall) return record;
  // a loose object or z.record-like catchall: some extra keys of the catchall's type
  return fc.tuple(record, fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), walk(defOf(catchall), hints, depth + 1, undefined), { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...(known as object) }));
}

function lengthBounds(def: Def, min: number, max: number): { min: number; max: number } {
  for (const c of checksOf(def)) {
    if (c.check === "min_length") min = c.minimum;
    if (c.check === "max_length") max = c.maximum;
    if (c.check === "length_equals") min = max = c.length;
  }
  return { min, max: Math.max(min, max) };
}

function stringOf(def: Def): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(def, 0, 24);
  for (const c of checksOf(def)) {
    if (c.format === "uuid" || c.format === "guid") return fc.uuid();
    if (c.format === "ipv4") return fc.ipV4();
    if (c.format === "ipv6") return fc.ipV6();
    if (c.format === "cidrv4") return fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 })).map(([ip, n]) => `${ip}/${n}`);
    if (c.format === "cidrv6") return fc.tuple(fc.ipV6(), fc.integer({ min: 0, max: 128 })).map(([ip, n]) => `${ip}/${n}`);
    if (c.format === "email") return fc.emailAddress();
    if (c.format === "datetime" || c.format === "date") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    if (c.format === "url") return fc.webUrl();
    if (c.format === "regex" && c.pattern instanceof RegExp) {
      const pattern = c.pattern as RegExp;
      // cut to the declared length rather than filter: a filter that never passes would hang the run
      try {
        return fc.stringMatching(pattern).map((s) => s.slice(0, Math.max(max, min)));
      } catch {
        // fast-check cannot generate every regex (lookaheads): any string then
      }
    }
  }
  // the declared bounds, but short: a 255-character name teaches nothing the hostile long strings do not
  return fc.string({ minLength: min, maxLength: Math.min(Math.max(min, max), min + 24) });
}

function numberOf(def: Def): fc.Arbitrary<number> {
  let min = -1e6;
  let max = 1e6;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === "greater_than") min = c.value + (c.inclusive ? 0 : 1e-9);
    if (c.check === "less_than") max = c.value - (c.inclusive ? 0 : 1e-9);
    if (c.check === "number_format" && /int/.test(c.format)) int = true;
  }
  if (min > max) return fc.constant(min);
  if (int) {
    const lo = Math.ceil(Math.max(min, -(2 ** 31)));
    return fc.integer({ min: lo, max: Math.max(lo, Math.floor(Math.min(max, 2 ** 31))) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function merge(a: unknown, b: unknown): unknown {
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) return { ...a, ...b };
  return b;
}
