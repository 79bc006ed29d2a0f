import { describe, expect, it } from "vitest";
import { keystoneLinks, markerUrl, neutronNextLinks, novaNextLinks, type ListUrl } from "../../src/kernel/pagination.js";

const url: ListUrl = { base: "http://cloud.test:8480", path: "/compute/v2.1/servers", query: "limit=2&name=web&marker=old" };

describe("link styles", () => {
  it("the next page is the same request with the marker replaced, other parameters kept", () => {
    expect(markerUrl(url, "s2")).toBe("http://cloud.test:8480/compute/v2.1/servers?limit=2&name=web&marker=s2");
    const query = new URLSearchParams("limit=1");
    expect(markerUrl({ ...url, query }, "a b")).toBe("http://cloud.test:8480/compute/v2.1/servers?limit=1&marker=a+b");
    expect(query.toString()).toBe("limit=1"); // the caller's parameters are not changed
  });

  it("Nova links the next page whenever the page is full, and only then", () => {
    expect(novaNextLinks(() => url, 2, 2, () => "s2")).toEqual([{ rel: "next", href: markerUrl(url, "s2") }]);
    expect(novaNextLinks(() => url, 1, 2, () => "s1")).toBeUndefined();
    expect(novaNextLinks(() => url, 0, 0, () => "none")).toBeUndefined();
    // no link due: the URL is never built
    expect(novaNextLinks(() => { throw new Error("built"); }, 1, 2, () => "s1")).toBeUndefined();
  });

  it("Neutron links the next page only when more rows follow", () => {
    expect(neutronNextLinks(() => url, true, () => "n2")).toEqual([{ rel: "next", href: markerUrl(url, "n2") }]);
    expect(neutronNextLinks(() => url, false, () => "n2")).toBeUndefined();
  });

  it("Keystone gives every collection self, previous and next", () => {
    expect(keystoneLinks("http://cloud.test/identity/v3/projects?name=x")).toEqual({ self: "http://cloud.test/identity/v3/projects?name=x", previous: null, next: null });
  });
});
