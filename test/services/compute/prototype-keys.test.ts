// Keys a user supplies that are built-in object property names (valueOf, constructor, __proto__, ...):
// sort keys Nova refuses like any unknown one, metadata and extra specs stored, shown and deleted like any
// other key (a missing one is itemNotFound), network names in `addresses`, and a state export that keeps them.

import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { computeApi, fault, type ComputeApi } from "../../helpers/compute.js";

const PROTO_NAMES = ["valueOf", "constructor", "__proto__", "toString", "hasOwnProperty"];

describe("compute: prototype-named sort keys", () => {
  let t: ComputeApi;
  beforeAll(async () => {
    t = await computeApi();
    await t.active({ name: "one" });
    await t.active({ name: "two" });
  });

  it("are a 400 badRequest on /flavors, /servers and /servers/detail, like any unknown sort key", async () => {
    for (const name of ["bogus", ...PROTO_NAMES]) {
      const flavors = await t.api("GET", `/flavors?sort_key=${name}`);
      expect([flavors.status, fault(flavors).name, fault(flavors).message], name).toEqual([400, "badRequest", `Invalid sort_key: ${name}`]);
      for (const path of ["/servers", "/servers/detail"]) {
        const servers = await t.api("GET", `${path}?sort_key=${name}`, { token: t.demo });
        expect([servers.status, fault(servers).name, fault(servers).message], `${path} ${name}`).toEqual([400, "badRequest", `Invalid sort_key: ${name}`]);
      }
    }
  });

  it("do not stop the known ones from sorting", async () => {
    const names = (await t.api("GET", "/servers?sort_key=display_name&sort_dir=asc", { token: t.demo })).body.servers.map((s: { name: string }) => s.name);
    expect(names).toEqual(["one", "two"]);
    expect((await t.api("GET", "/flavors?sort_key=memory_mb")).status).toBe(200);
  });
});

describe("compute: server metadata keyed by prototype names", () => {
  let t: ComputeApi;
  let id: string;
  beforeAll(async () => {
    t = await computeApi();
    id = (await t.active()).id;
  });

  it("a key the server lacks is 404 itemNotFound on show and delete, changing nothing", async () => {
    for (const name of PROTO_NAMES) {
      const shown = await t.refused(404, "GET", `/servers/${id}/metadata/${name}`);
      expect([fault(shown).name, fault(shown).message]).toEqual(["itemNotFound", "Metadata item was not found"]);
      const deleted = await t.refused(404, "DELETE", `/servers/${id}/metadata/${name}`, { token: t.demo });
      expect(fault(deleted).name).toBe("itemNotFound");
    }
  });

  it("are stored, listed, shown and deleted like any other key", async () => {
    const put = await t.api("PUT", `/servers/${id}/metadata`, { token: t.demo, raw: '{"metadata":{"__proto__":"x","constructor":"y","a":"b"}}' });
    expect(put.status, put.text).toBe(200);
    expect(put.text).toBe('{"metadata":{"__proto__":"x","constructor":"y","a":"b"}}');
    const listed = await t.api("GET", `/servers/${id}/metadata`, { token: t.demo });
    expect(listed.text).toBe('{"metadata":{"__proto__":"x","constructor":"y","a":"b"}}');
    expect((await t.api("GET", `/servers/${id}`, { token: t.demo })).text).toContain('"metadata":{"__proto__":"x","constructor":"y","a":"b"}');
    expect((await t.api("GET", `/servers/${id}/metadata/__proto__`, { token: t.demo })).text).toBe('{"meta":{"__proto__":"x"}}');
    expect((await t.api("GET", `/servers/${id}/metadata/constructor`, { token: t.demo })).text).toBe('{"meta":{"constructor":"y"}}');
    // one key at a time, and a merge
    const item = await t.api("PUT", `/servers/${id}/metadata/valueOf`, { token: t.demo, raw: '{"meta":{"valueOf":"v"}}' });
    expect(item.text).toBe('{"meta":{"valueOf":"v"}}');
    const merged = await t.api("POST", `/servers/${id}/metadata`, { token: t.demo, raw: '{"metadata":{"__proto__":"x2"}}' });
    expect(merged.text).toBe('{"metadata":{"__proto__":"x2","constructor":"y","a":"b","valueOf":"v"}}');
    // the state export carries the key (and an import of it would too)
    const state = await call(t.emu, "GET", "/_emulator/state");
    expect(state.text).toContain('"metadata":{"__proto__":"x2","constructor":"y","a":"b","valueOf":"v"}');
    for (const name of ["__proto__", "constructor", "valueOf"]) {
      expect((await t.api("DELETE", `/servers/${id}/metadata/${name}`, { token: t.demo })).status, name).toBe(204);
      await t.refused(404, "GET", `/servers/${id}/metadata/${name}`);
    }
    expect((await t.api("GET", `/servers/${id}/metadata`, { token: t.demo })).text).toBe('{"metadata":{"a":"b"}}');
  });

  it("a __proto__ value of the wrong type is a 400 naming the field, changing nothing", async () => {
    const res = await t.refused(400, "PUT", `/servers/${id}/metadata`, { token: t.demo, raw: '{"metadata":{"__proto__":{"x":1}}}' });
    expect(fault(res).message).toContain("'metadata.__proto__'");
  });

  it("survive a state export and import", async () => {
    await t.api("PUT", `/servers/${id}/metadata`, { token: t.demo, raw: '{"metadata":{"__proto__":"kept","valueOf":"v"}}' });
    const exported = await call(t.emu, "GET", "/_emulator/state");
    const imported = await call(t.emu, "PUT", "/_emulator/state", { raw: exported.text });
    expect(imported.status, imported.text).toBeLessThan(300);
    expect((await t.api("GET", `/servers/${id}/metadata`, { token: t.demo })).text).toBe('{"metadata":{"__proto__":"kept","valueOf":"v"}}');
    expect((await call(t.emu, "GET", "/_emulator/state")).text).toBe(exported.text);
  });

  it("a server created with such metadata keeps it", async () => {
    const created = await t.create({ metadata: JSON.parse('{"__proto__":"p","toString":"s"}') });
    expect((await t.api("GET", `/servers/${created.id}/metadata`, { token: t.demo })).text).toBe('{"metadata":{"__proto__":"p","toString":"s"}}');
  });
});

describe("compute: flavor extra specs keyed by prototype names", () => {
  it("a missing key is 404 itemNotFound on show and delete; a __proto__ key round-trips", async () => {
    const t = await computeApi();
    for (const name of PROTO_NAMES) {
      const shown = await t.refused(404, "GET", `/flavors/1/os-extra_specs/${name}`);
      expect([fault(shown).name, fault(shown).message]).toEqual(["itemNotFound", `Flavor 1 has no extra specs with key ${name}.`]);
      await t.refused(404, "DELETE", `/flavors/1/os-extra_specs/${name}`);
    }
    const set = await t.api("POST", "/flavors/1/os-extra_specs", { raw: '{"extra_specs":{"__proto__":"x","constructor":"y"}}' });
    expect(set.text).toBe('{"extra_specs":{"__proto__":"x","constructor":"y"}}');
    expect((await t.api("GET", "/flavors/1/os-extra_specs")).text).toBe('{"extra_specs":{"__proto__":"x","constructor":"y"}}');
    expect((await t.api("GET", "/flavors/1/os-extra_specs/__proto__")).text).toBe('{"__proto__":"x"}');
    const one = await t.api("PUT", "/flavors/1/os-extra_specs/__proto__", { raw: '{"__proto__":"z"}' });
    expect(one.text).toBe('{"__proto__":"z"}');
    expect((await t.api("GET", "/flavors/1", { version: "2.61" })).text).toContain('"extra_specs":{"__proto__":"z","constructor":"y"}');
    expect((await t.api("DELETE", "/flavors/1/os-extra_specs/__proto__")).status).toBe(200);
    expect((await t.api("GET", "/flavors/1/os-extra_specs")).text).toBe('{"extra_specs":{"constructor":"y"}}');
  });
});

describe("compute: quota sets", () => {
  it("an update naming __proto__ or constructor is refused like any unknown quota (400), changing nothing", async () => {
    const t = await computeApi();
    const before = (await call(t.emu, "GET", "/_emulator/state")).text;
    for (const name of ["__proto__", "constructor", "valueOf"]) {
      const res = await t.refused(400, "PUT", `/os-quota-sets/${t.demoProject}`, { raw: `{"quota_set":{"${name}":1}}` });
      expect([fault(res).name, fault(res).message]).toEqual(["badRequest", `Invalid input for field 'quota_set': Unrecognized key: "${name}"`]);
    }
    expect((await call(t.emu, "GET", "/_emulator/state")).text).toBe(before);
  });
});

describe("compute: addresses by network name", () => {
  it("/ips/{network} for a prototype name the server is not on is 404 itemNotFound", async () => {
    const t = await computeApi();
    const id = (await t.active()).id;
    for (const name of PROTO_NAMES) {
      const res = await t.refused(404, "GET", `/servers/${id}/ips/${name}`, { token: t.demo });
      expect([fault(res).name, fault(res).message]).toEqual(["itemNotFound", "Instance is not a member of specified network"]);
    }
  });

  it("a server on networks named valueOf and __proto__ lists its addresses under those names", async () => {
    const t = await computeApi();
    const networks = [];
    for (const [i, name] of ["valueOf", "__proto__"].entries()) {
      const network = (await t.net("POST", "/networks", { token: t.demo, body: { network: { name } } })).body.network;
      await t.net("POST", "/subnets", { token: t.demo, body: { subnet: { network_id: network.id, ip_version: 4, cidr: `10.6${i}.0.0/24` } } });
      networks.push({ uuid: network.id });
    }
    const server = await t.active({ networks });
    const addresses = (await t.api("GET", `/servers/${server.id}/ips`, { token: t.demo })).body.addresses;
    expect(Object.keys(addresses)).toEqual(["valueOf", "__proto__"]);
    expect(addresses.valueOf[0].addr).toMatch(/^10\.60\.0\./);
    const one = await t.api("GET", `/servers/${server.id}/ips/__proto__`, { token: t.demo });
    expect(one.status).toBe(200);
    expect(one.text).toMatch(/^\{"__proto__":\[\{"version":4,"addr":"10\.61\.0\.\d+"/);
  });
});
