// Paging a Swift listing to its end the way clients do (next marker = last name or subdir), with delimiter,
// prefix, end_marker and reverse: every page advances and the pages join into the one-request listing.

import { describe, expect, it } from "vitest";
import { swiftTest, type SwiftTest } from "./setup.js";

const NAMES = ["a", "b/", "b/1", "b/2", "b/x/1", "b0", "c/1", "c/2/3", "d", "e/", "e/f", "f"];

async function world(): Promise<SwiftTest> {
  const t = await swiftTest();
  await t.req("PUT", "box");
  for (const name of NAMES) await t.req("PUT", `box/${name}`, { body: "" });
  for (const name of ["b/", "c0", "c/", "e"]) await t.req("PUT", name.replace("/", "-dir"));
  return t;
}

const entryName = (e: { name?: string; subdir?: string }) => e.subdir ?? e.name!;

/** pages with `limit` until an empty page (as python-swiftclient and gophercloud do); fails past 50 requests */
async function pageAll(t: SwiftTest, path: string, params: Record<string, string>, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let marker: string | undefined = params.marker;
  for (let i = 0; i < 50; i++) {
    const q = new URLSearchParams({ ...params, format: "json", limit: String(limit), ...(marker === undefined ? {} : { marker }) });
    const res = await t.req("GET", `${path}?${q}`);
    expect(res.status).toBe(200);
    const names = (res.json as { name?: string; subdir?: string }[]).map(entryName);
    if (names.length === 0) return pages;
    pages.push(names);
    marker = names[names.length - 1];
  }
  throw new Error("listing never ended");
}

async function whole(t: SwiftTest, path: string, params: Record<string, string>): Promise<string[]> {
  const res = await t.req("GET", `${path}?${new URLSearchParams({ ...params, format: "json" })}`);
  return (res.json as { name?: string; subdir?: string }[]).map(entryName);
}

describe("listing pages with a delimiter", () => {
  it("a marker equal to a subdir does not return that subdir again (forward)", async () => {
    const t = await world();
    const res = await t.req("GET", "box?format=json&delimiter=/&marker=b/");
    expect(res.json.map(entryName)).toEqual(["b0", "c/", "d", "e/", "f"]);
    expect((await t.req("GET", "box?delimiter=/&marker=c/&limit=2")).text).toBe("d\ne/\n");
  });

  it("in reverse, the end_marker's own subdir is left out as Swift does", async () => {
    const t = await world();
    const res = await t.req("GET", "box?format=json&delimiter=/&reverse=on&end_marker=b/");
    expect(res.json.map(entryName)).toEqual(["f", "e/", "d", "c/", "b0"]);
  });

  const cases: [string, Record<string, string>, string[]][] = [
    ["delimiter", { delimiter: "/" }, ["a", "b/", "b0", "c/", "d", "e/", "f"]],
    ["delimiter and prefix", { delimiter: "/", prefix: "b/" }, ["b/", "b/1", "b/2", "b/x/"]],
    ["delimiter and end_marker", { delimiter: "/", end_marker: "d" }, ["a", "b/", "b0", "c/"]],
    ["delimiter, reverse", { delimiter: "/", reverse: "true" }, ["f", "e/", "d", "c/", "b0", "b/", "a"]],
    ["delimiter, prefix, reverse", { delimiter: "/", prefix: "c/", reverse: "true" }, ["c/2/", "c/1"]],
    ["delimiter, reverse, end_marker", { delimiter: "/", reverse: "true", end_marker: "b0" }, ["f", "e/", "d", "c/"]],
  ];
  for (const [label, params, expected] of cases) {
    it(`pages to the end with ${label}, every page size`, async () => {
      const t = await world();
      expect(await whole(t, "box", params)).toEqual(expected);
      for (const limit of [1, 2, 3]) {
        const pages = await pageAll(t, "box", params, limit);
        expect(pages.flat()).toEqual(expected);
        expect(pages.every((p) => p.length <= limit)).toBe(true);
      }
    });
  }

  it("account listings page by container subdirs the same way", async () => {
    const t = await world();
    const expected = ["b-dir", "box", "c-dir", "c0", "e"];
    expect(await whole(t, "", {})).toEqual(expected);
    expect(await whole(t, "", { delimiter: "-" })).toEqual(["b-", "box", "c-", "c0", "e"]);
    for (const limit of [1, 2]) {
      expect((await pageAll(t, "", { delimiter: "-" }, limit)).flat()).toEqual(["b-", "box", "c-", "c0", "e"]);
      expect((await pageAll(t, "", { delimiter: "-", reverse: "true" }, limit)).flat()).toEqual(["e", "c0", "c-", "box", "b-"]);
    }
  });
});
