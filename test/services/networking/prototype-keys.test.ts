// Query and body keys that are built-in object property names (valueOf, constructor, __proto__, ...) are
// ordinary strings in Neutron's list semantics (filters, fields=, sort_key), port filters, security group
// rule protocols and a port's binding:profile: answered like any other unknown name, never a 500.

import { beforeAll, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";

const PROTO_NAMES = ["valueOf", "constructor", "__proto__", "toString", "hasOwnProperty"];

describe("networking: prototype-named keys", () => {
  let n: NetApi;
  let network: { id: string };
  beforeAll(async () => {
    n = await netApi();
    network = await n.network({ name: "n1" });
    await n.subnet({ network_id: network.id, cidr: "10.55.0.0/24" });
    await n.network({ name: "n2" });
  });

  it("a filter by such a name is a 400 InvalidInput, like any attribute the records lack", async () => {
    const unknown = await n.api("GET", "/v2.0/networks?bogus=1");
    expect([unknown.status, neutronError(unknown).type]).toEqual([400, "InvalidInput"]);
    for (const name of PROTO_NAMES) {
      const res = await n.api("GET", `/v2.0/networks?${name}=1`);
      expect([res.status, neutronError(res)?.type], name).toEqual([400, "InvalidInput"]);
      expect(neutronError(res).message).toBe(`Invalid input for operation: ${name} is not a valid filter for networks.`);
    }
  });

  it("fields= with such a name selects nothing, like an unknown field", async () => {
    for (const name of PROTO_NAMES) {
      const res = await n.api("GET", `/v2.0/networks?fields=${name}&fields=id`);
      expect(res.status, name).toBe(200);
      for (const record of res.body.networks) expect(Object.keys(record), name).toEqual(["id"]);
      expect(res.text).not.toContain(name);
    }
  });

  it("sort_key with such a name leaves the order as an unknown sort key does", async () => {
    const ids = (res: { body: { networks: Array<{ id: string }> } }) => res.body.networks.map((x) => x.id);
    const unknown = await n.api("GET", "/v2.0/networks?sort_key=bogus");
    for (const name of PROTO_NAMES) {
      const res = await n.api("GET", `/v2.0/networks?sort_key=${name}&sort_dir=desc`);
      expect(res.status, name).toBe(200);
      expect(ids(res), name).toEqual(ids(unknown));
    }
  });

  it("a fixed_ips filter naming such a kind is a 400 InvalidInput, never a 500", async () => {
    for (const name of PROTO_NAMES) {
      const res = await n.api("GET", `/v2.0/ports?fixed_ips=${name}%3D1`);
      expect([res.status, neutronError(res)?.type], name).toEqual([400, "InvalidInput"]);
    }
  });

  it("a security group rule protocol named so is SecurityGroupRuleInvalidProtocol, and nothing is stored", async () => {
    const group = (await n.api("POST", "/v2.0/security-groups", { body: { security_group: { name: "web" } } })).body.security_group;
    const before = n.fingerprint();
    for (const name of PROTO_NAMES) {
      const res = await n.api("POST", "/v2.0/security-group-rules", {
        body: { security_group_rule: { security_group_id: group.id, direction: "ingress", protocol: name } },
      });
      expect([res.status, neutronError(res)?.type], name).toEqual([400, "SecurityGroupRuleInvalidProtocol"]);
    }
    expect(n.fingerprint()).toBe(before);
  });

  it("a quota update naming __proto__ or constructor is a 400 like any unknown resource, changing nothing", async () => {
    const before = n.fingerprint();
    for (const name of ["__proto__", "constructor"]) {
      const res = await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { raw: `{"quota":{"${name}":1}}` });
      expect([res.status, neutronError(res)?.message], name).toEqual([400, `Invalid input for field 'quota': Unrecognized key: "${name}"`]);
    }
    expect(n.fingerprint()).toBe(before);
  });

  it("a port's binding:profile keeps a __proto__ key as an ordinary key", async () => {
    const raw = `{"port":{"network_id":"${network.id}","binding:profile":{"__proto__":{"x":1},"constructor":"c"}}}`;
    const created = await n.api("POST", "/v2.0/ports", { raw });
    expect(created.status, created.text).toBe(201);
    const profile = created.body.port["binding:profile"];
    expect(Object.keys(profile)).toEqual(["__proto__", "constructor"]);
    expect(created.text).toContain(`"binding:profile":{"__proto__":{"x":1},"constructor":"c"}`);
    const shown = await n.api("GET", `/v2.0/ports/${created.body.port.id}`);
    expect(shown.text).toContain(`"binding:profile":{"__proto__":{"x":1},"constructor":"c"}`);
  });
});
