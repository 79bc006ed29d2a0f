// The published entries' declarations must resolve with nothing but their own peers installed: files under
// src/client/ import only node builtins and each other; src/testcontainers/ adds `testcontainers` and the
// client's entry.

import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const specifiers = (dir: string) =>
  readdirSync(new URL(`../../src/${dir}/`, import.meta.url)).flatMap((file) => {
    const text = readFileSync(new URL(`../../src/${dir}/${file}`, import.meta.url), "utf8");
    return [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => ({ file: `${dir}/${file}`, spec: m[1] }));
  });

describe("what the public entries import", () => {
  it("src/client: node builtins and src/client only", () => {
    expect(specifiers("client").length).toBeGreaterThan(5);
    const outside = specifiers("client").filter(({ spec }) => !spec.startsWith("node:") && !/^\.\/[\w-]+\.js$/.test(spec));
    expect(outside).toEqual([]);
  });

  // the build resolves ../client/index.js to the published skymock/client, so the container's control is one
  it("src/testcontainers: testcontainers, node builtins, the client's entry and itself only", () => {
    const allowed = (spec: string) => spec === "testcontainers" || spec.startsWith("node:") || spec === "../client/index.js" || /^\.\/[\w-]+\.js$/.test(spec);
    expect(specifiers("testcontainers").filter(({ spec }) => !allowed(spec))).toEqual([]);
  });
});
