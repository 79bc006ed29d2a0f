// kernel/own.ts and the store with keys users choose: ownRecord keeps and checks a `__proto__` key that
// z.record drops, and a map replaced by a spread inside a store update keeps it (immer's assignment of a
// single `__proto__` key on a draft would not, which is why operations replace such maps whole).

import { describe, expect, it } from "vitest";
import { produce } from "immer";
import * as z from "zod";
import { own, ownRecord, withoutEntry } from "../../src/kernel/own.js";
import { Store } from "../../src/kernel/store/store.js";

const parse = (text: string) => JSON.parse(text) as unknown;

describe("ownRecord", () => {
  const schema = z.strictObject({ m: ownRecord(z.string().min(1).max(20), z.string().max(3)) });

  it("keeps a __proto__ key, in the input's order, beside other prototype names", () => {
    const out = schema.parse(parse('{"m":{"a":"1","__proto__":"2","constructor":"3"}}')).m;
    expect(Object.keys(out)).toEqual(["a", "__proto__", "constructor"]);
    expect(JSON.stringify(out)).toBe('{"a":"1","__proto__":"2","constructor":"3"}');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(z.record(z.string(), z.string()).parse(parse('{"__proto__":"2"}'))).toEqual({});
  });

  it("checks the __proto__ entry like any other, with the field in the path", () => {
    const bad = schema.safeParse(parse('{"m":{"__proto__":"long"}}'));
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path)).toEqual([["m", "__proto__"]]);
    const notRecord = schema.safeParse({ m: [] });
    expect(notRecord.error!.issues[0]).toMatchObject({ code: "invalid_type", path: ["m"] });
    expect(schema.safeParse({}).success).toBe(false);
  });

  it("is documented as the record it checks", () => {
    const doc = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as unknown as { properties: { m: unknown } };
    expect(doc.properties.m).toMatchObject({ type: "object", additionalProperties: { type: "string", maxLength: 3 } });
  });
});

describe("own and withoutEntry", () => {
  it("see own keys only", () => {
    const record = parse('{"__proto__":"p","a":"b"}') as Record<string, string>;
    expect([own(record, "__proto__"), own(record, "valueOf"), own(record, "a")]).toEqual(["p", undefined, "b"]);
    expect(withoutEntry(record, "a")).toEqual(parse('{"__proto__":"p"}'));
    expect(Object.keys(withoutEntry(record, "__proto__"))).toEqual(["a"]);
  });
});

describe("a __proto__ key in the store", () => {
  it("survives a map replaced by a spread, a later unrelated write, and the recipe's result", () => {
    const store = new Store<{ server: { name: string; metadata: Record<string, string> } }>({ server: { name: "a", metadata: {} } });
    const given = parse('{"__proto__":"x","b":"y"}') as Record<string, string>;
    const result = store.update((d) => {
      d.server.metadata = { ...d.server.metadata, ...given };
      return { metadata: d.server.metadata };
    });
    expect(JSON.stringify(result)).toBe('{"metadata":{"__proto__":"x","b":"y"}}');
    store.update((d) => {
      d.server.name = "b";
    });
    expect(JSON.stringify(store.state.server.metadata)).toBe('{"__proto__":"x","b":"y"}');
  });

  it("is lost by assigning the one key on a draft (immer), the pattern operations avoid", () => {
    const next = produce({ m: {} as Record<string, string> }, (d) => {
      d.m["__proto__"] = "x";
    });
    expect(Object.keys(next.m)).toEqual([]);
  });
});
