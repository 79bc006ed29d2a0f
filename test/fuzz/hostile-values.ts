// The hostile inputs the fuzzer mixes into requests: path and query values a URL parser or a plain-object
// lookup chokes on, JSON bodies that are not JSON or not the declared shape, content types and
// microversion headers no client should send. Each list names the defect class it is there to catch.

import fc from "fast-check";

/** built-in property names: user input that reaches a plain object as a key (issue 10, defect 2) */
export const PROTOTYPE_NAMES = ["__proto__", "constructor", "prototype", "valueOf", "toString", "hasOwnProperty", "isPrototypeOf", "toLocaleString", "__defineGetter__"];

/** already percent-encoded path segments and query values, sent as they are */
const ENCODED = [
  "%", "%zz", "%ff", "%FF%FE", "%25", "%25ff", "%2525", "%00", "%0a", "%2F", "%2e%2e", "%C0%AF", "%E2%82", "%F0%9F%98%80",
  "..", ".", "...", "-1", "0", "1e308", "NaN", "Infinity", "null", "undefined", "true", "%20", "+", "a%20b",
  "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ",
  ...PROTOTYPE_NAMES,
];

/** a hostile path segment or query value, in its on-the-wire (encoded) form */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...ENCODED), weight: 6 },
  { arbitrary: fc.constantFrom("ü", "😀", "名前", "\u202e", "\u0000").map(encodeURIComponent), weight: 1 },
  { arbitrary: fc.integer({ min: 256, max: 20_000 }).map((n) => "a".repeat(n)), weight: 1 },
  { arbitrary: fc.string({ maxLength: 12, unit: "binary" }).map(encodeURIComponent), weight: 2 },
);

/** numbers as JSON text: what JSON.stringify cannot write (a 400-digit integer) is spliced in raw */
const EXTREME_NUMBERS = ["1e308", "-1e308", "1e309", "-1", "0", "-0", "9007199254740992", "9007199254740993", "1" + "0".repeat(400), "0.5", "1e-320", "-2147483649", "4294967296"];
const NUMBER_LIKE_STRINGS = ["NaN", "Infinity", "-Infinity", "1e308", "0x10", " 1", "1 ", "", "-0", "１"];

const leaf = fc.oneof(
  fc.constantFrom(...EXTREME_NUMBERS.map((n) => ({ raw: n }))),
  fc.constantFrom(...NUMBER_LIKE_STRINGS),
  fc.constantFrom(null, true, false, [], {}, [null], { "": null }),
  fc.integer({ min: 100_000, max: 200_000 }).map((n) => "x".repeat(n)),
  fc.constantFrom(1_000, 10_000).map((n) => ({ raw: "[".repeat(n) + "]".repeat(n) })),
  fc.constantFrom(1_000, 10_000).map((n) => ({ raw: '{"k":'.repeat(n) + "0" + "}".repeat(n) })),
  fc.constantFrom(...PROTOTYPE_NAMES),
);

/** A value spliced into JSON text as-is (a number JSON.stringify would round or refuse). */
export interface Raw {
  raw: string;
}

const isRaw = (v: unknown): v is Raw => !!v && typeof v === "object" && Object.keys(v).length === 1 && typeof (v as Raw).raw === "string";

/** JSON text for a value; Raw leaves are spliced in, and `__proto__` keys are own keys (defineProperty). */
export function toJsonText(value: unknown): string {
  if (isRaw(value)) return value.raw;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  if (value && typeof value === "object") {
    const defined = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
    return `{${defined.map((k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** sets `key` as an own property, also for `__proto__` (an assignment would change the prototype) */
export function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

type Path = (string | number)[];

/** every path to a value inside `value` (the root included), breadth first */
function pathsOf(value: unknown, limit = 64): Path[] {
  const out: Path[] = [[]];
  for (let i = 0; i < out.length && out.length < limit; i++) {
    const at = get(value, out[i]!);
    if (at && typeof at === "object" && !isRaw(at)) for (const k of Object.keys(at)) out.push([...out[i]!, Array.isArray(at) ? Number(k) : k]);
  }
  return out;
}

const get = (value: unknown, path: Path): unknown => path.reduce<any>((v, k) => (v == null ? v : v[k]), value);

/** a deep copy with the value at `path` replaced (`undefined`: removed) */
function replaceAt(value: unknown, path: Path, replacement: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replacement(value);
  if (!value || typeof value !== "object") return value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    if (k !== head) withKey(copy, k, (value as Record<string, unknown>)[k]);
    else {
      const next = replaceAt((value as Record<string, unknown>)[k], rest, replacement);
      if (next !== undefined) withKey(copy, k, next);
    }
  }
  return copy;
}

const copyOf = (o: Record<string, unknown>) => Object.keys(o).reduce((copy, k) => withKey(copy, k, o[k]), {} as Record<string, unknown>);

/** Mutations of a valid-ish body, as the JSON text to send: wrong types, missing and extra fields, ... */
export function mutatedBody(valid: unknown): fc.Arbitrary<string> {
  const paths = pathsOf(valid);
  const at = fc.constantFrom(...paths);
  const objectPaths = paths.filter((p) => { const v = get(valid, p); return !!v && typeof v === "object" && !Array.isArray(v); });
  const mutations: fc.Arbitrary<unknown>[] = [
    // a wrong type or an extreme value where a field was
    fc.tuple(at, leaf).map(([p, v]) => replaceAt(valid, p, () => v)),
  ];
  // a field missing
  if (paths.length > 1) mutations.push(fc.constantFrom(...paths.slice(1)).map((p) => replaceAt(valid, p, () => undefined)));
  if (objectPaths.length) {
    // an extra field, often a built-in property name
    const key = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.string({ maxLength: 10 }));
    mutations.push(
      fc.tuple(fc.constantFrom(...objectPaths), key, leaf).map(([p, k, v]) =>
        replaceAt(valid, p, (o) => withKey(copyOf(o as Record<string, unknown>), k, v))),
    );
  }
  return fc.oneof(...mutations).map(toJsonText);
}

/** bodies that are not JSON, or JSON nested deeper than any parser or recursive walk should follow */
export const brokenJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", " ", "{", "}", "[", "{\"a\":", "{'a': 1}", "nul", "{\"a\":1}garbage", "\uFEFF{}", "\u0000", "null", "[]", "0", "\"x\"", "{}", "{\"__proto__\":{\"admin\":true}}"),
  fc.constantFrom(1_000, 10_000, 100_000).map((n) => "[".repeat(n) + "]".repeat(n)),
  fc.constantFrom(1_000, 10_000).map((n) => "{\"a\":".repeat(n) + "1" + "}".repeat(n)),
  fc.string({ maxLength: 40 }),
);

export const CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "multipart/form-data; boundary=xyz",
  "application/x-www-form-urlencoded",
  "application/json; charset=latin1",
  "application/json-patch+json",
  "garbage",
];

export const MICROVERSION_HEADERS: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constantFrom("2.1", "2.79", "2.999", "latest", "3.0", "2", "garbage", "", "2.-1", "2.1e3").map((v) => ({ "X-OpenStack-Nova-API-Version": v })),
  fc.constantFrom("compute 2.999", "compute latest", "compute 2.53", "compute garbage", "volume 3.0", "compute", "", "compute 2.1, compute 2.79").map((v) => ({ "OpenStack-API-Version": v })),
);
