// The id generators' shapes and their determinism: a seed gives the same ids on every run, request ids are
// `req-` and a version-4 uuid, a request id stream counts in its last group, and a seeded world's uuid is
// the same shape derived from its hash.

import { describe, expect, it } from "vitest";
import { Ids, RequestIds } from "../../src/kernel/ids.js";
import { derivedId, uuidOf } from "../../src/kernel/seed-helpers.js";

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("ids", () => {
  it("draws version-4 uuids and req- ids from one seeded stream, the same for the same seed", () => {
    const a = new Ids(42);
    const b = new Ids(42);
    const drawn = [a.uuid(), a.requestId(), a.hexId(), a.uuid()];
    expect([b.uuid(), b.requestId(), b.hexId(), b.uuid()]).toEqual(drawn);
    expect(drawn[0]).toMatch(UUID4);
    expect(drawn[1]).toMatch(new RegExp(`^req-${UUID4.source.slice(1)}`));
    expect(drawn[2]).toMatch(/^[0-9a-f]{32}$/);
    // a request id is the uuid the stream would have drawn there, after req-
    const c = new Ids(42);
    c.uuid();
    expect(drawn[1]).toBe(`req-${c.uuid()}`);
    expect(new Set(Array.from({ length: 1000 }, () => a.requestId())).size).toBe(1000);
  });

  it("counts request ids in the last group, after a prefix fixed by the seed", () => {
    const ids = new RequestIds(7);
    const first = ids.next();
    const second = ids.next();
    expect(first).toMatch(new RegExp(`^req-${UUID4.source.slice(1)}`));
    expect(first.slice(0, 28)).toBe(second.slice(0, 28));
    expect([first.slice(28), second.slice(28)]).toEqual(["000000000001", "000000000002"]);
    for (let i = 3; i < 300; i++) ids.next();
    expect(ids.next().slice(28)).toBe("00000000012c");
    expect(new RequestIds(7).next()).toBe(first);
  });

  it("shapes a seeded hash as a version-4 uuid", () => {
    const hex = derivedId("compute", "server", "web-1");
    const id = uuidOf(hex);
    expect(id).toMatch(UUID4);
    expect(id.replace(/-/g, "")).toBe(`${hex.slice(0, 12)}4${hex.slice(13, 16)}${id[19]}${hex.slice(17, 32)}`);
    expect(uuidOf(hex)).toBe(id);
  });
});
