import { beforeEach, describe, expect, it } from "vitest";
import { applyListFilters, filterList, parseListFilters } from "../../../src/services/identity/operations/list-filters.js";
import { directory, type Directory } from "./directory-setup.js";

const q = (s: string) => new URLSearchParams(s);

describe("identity list filters (pure)", () => {
  const rows = [
    { name: "Alpha", enabled: true },
    { name: "alphabet", enabled: false },
    { name: "beta", enabled: true },
  ];
  const read = (r: (typeof rows)[number], attr: string) => (r as Record<string, unknown>)[attr];
  const names = (query: string) => filterList(rows, q(query), ["name", "enabled"], read).map((r) => r.name);

  it("parses exact and inexact filters of supported attributes only, `i` making them case-insensitive", () => {
    expect(parseListFilters(q("name__icontains=AL&foo=1&foo__contains=x&enabled=0&limit=3"), ["name", "enabled"])).toEqual([
      { attr: "name", comparator: "contains", value: "AL", caseSensitive: false },
      { attr: "enabled", comparator: "equals", value: "0", caseSensitive: true },
    ]);
  });

  it("applies each comparator, case-sensitively unless prefixed with i", () => {
    expect(names("name__contains=lph")).toEqual(["Alpha", "alphabet"]);
    expect(names("name__contains=ALP")).toEqual([]);
    expect(names("name__icontains=ALP")).toEqual(["Alpha", "alphabet"]);
    expect(names("name__startswith=al")).toEqual(["alphabet"]);
    expect(names("name__istartswith=al")).toEqual(["Alpha", "alphabet"]);
    expect(names("name__endswith=ta")).toEqual(["beta"]);
    expect(names("name__iendswith=HA")).toEqual(["Alpha"]);
    expect(names("name__equals=alpha")).toEqual([]);
    expect(names("name__iequals=alpha")).toEqual(["Alpha"]);
    expect(names("name=Alpha")).toEqual(["Alpha"]);
  });

  it("reads booleans as Keystone does and combines filters (all must hold)", () => {
    expect(names("enabled=false")).toEqual(["alphabet"]);
    expect(names("enabled=True")).toEqual(["Alpha", "beta"]);
    expect(names("enabled=1&name__icontains=a&name__endswith=ta")).toEqual(["beta"]);
    // a repeated key filters twice
    expect(names("name__contains=a&name__contains=b")).toEqual(["alphabet", "beta"]);
  });

  it("ignores unknown parameters and unknown comparators, but never a supported filter", () => {
    expect(names("colour=red&name__fuzzy=x")).toEqual(["Alpha", "alphabet", "beta"]);
    expect(names("name=nope&colour=red")).toEqual([]);
    // an item without the attribute never matches
    expect(applyListFilters([{ other: 1 }], parseListFilters(q("name__contains=a"), ["name"]), (r, a) => (r as Record<string, unknown>)[a])).toEqual([]);
  });
});

describe("identity list filters over HTTP", () => {
  let d: Directory;
  beforeEach(async () => {
    d = await directory();
  });
  const list = async (kind: string, query: string) => {
    const res = await d.api("GET", `/v3/${kind}?${query}`);
    expect(res.status).toBe(200);
    return (res.body[kind] as Array<{ name: string }>).map((r) => r.name);
  };

  it("GET /v3/users honours name, domain_id and enabled with every comparator", async () => {
    for (const name of ["Ann", "annie", "bob"]) await d.api("POST", "/v3/users", { body: { user: { name, enabled: name !== "bob" } } });
    expect(await list("users", "name__icontains=ann")).toEqual(["Ann", "annie"]);
    expect(await list("users", "name__contains=ann")).toEqual(["annie"]);
    expect(await list("users", "name__startswith=A")).toEqual(["Ann"]);
    expect(await list("users", "name__iendswith=O")).toEqual(["demo"]);
    expect(await list("users", "name__iequals=ANN")).toEqual(["Ann"]);
    expect(await list("users", "enabled=false")).toEqual(["bob"]);
    expect(await list("users", "domain_id__contains=efau&name__startswith=b")).toEqual(["bob"]);
    expect(await list("users", "unknown=1&name=bob")).toEqual(["bob"]);
    // federated filters match no local user: never ignored into a wider list
    expect(await list("users", "idp_id=myidp")).toEqual([]);
    expect(await list("users", "protocol_id__contains=saml")).toEqual([]);
  });

  it("GET /v3/projects honours name, domain_id, parent_id and enabled", async () => {
    const parent = (await d.api("POST", "/v3/projects", { body: { project: { name: "Team-A" } } })).body.project.id;
    await d.api("POST", "/v3/projects", { body: { project: { name: "team-b", parent_id: parent, enabled: false } } });
    expect(await list("projects", "name__istartswith=team")).toEqual(["Team-A", "team-b"]);
    expect(await list("projects", "name__startswith=team")).toEqual(["team-b"]);
    expect(await list("projects", `parent_id=${parent}`)).toEqual(["team-b"]);
    expect(await list("projects", "parent_id=default&name__contains=eam")).toEqual(["Team-A"]);
    expect(await list("projects", "enabled=0")).toEqual(["team-b"]);
    expect(await list("projects", "domain_id=nope")).toEqual([]);
  });

  it("GET /v3/domains honours name and enabled", async () => {
    await d.api("POST", "/v3/domains", { body: { domain: { name: "Acme", enabled: false } } });
    await d.api("POST", "/v3/domains", { body: { domain: { name: "acme-two" } } });
    expect(await list("domains", "name__icontains=ACME")).toEqual(["Acme", "acme-two"]);
    expect(await list("domains", "name__endswith=two")).toEqual(["acme-two"]);
    expect(await list("domains", "enabled=false")).toEqual(["Acme"]);
    expect(await list("domains", "name__iequals=default")).toEqual(["Default"]);
  });
});
