// 2.81 (image cache requests per aggregate), 2.83 (record filters on server lists for non-admins) and 2.86
// (flavor extra spec validation), each through HTTP at the version before and the one that brings it.

import { describe, expect, it } from "vitest";
import { CIRROS, computeApi, fault } from "../../helpers/compute.js";

describe("2.81 os-aggregates/{id}/images", () => {
  it("accepts an image cache request (202, no body) from 2.81; 404 before; Nova's 400s and 404", async () => {
    const t = await computeApi();
    const agg = (await t.api("POST", "/os-aggregates", { body: { aggregate: { name: "cache" } } })).body.aggregate;
    const path = `/os-aggregates/${agg.id}/images`;
    const body = { cache: [{ id: CIRROS }] };
    await t.refused(404, "POST", path, { version: "2.80", body });
    const res = await t.api("POST", path, { version: "2.81", body });
    expect(res.status, res.text).toBe(202);
    expect(res.text).toBe("");
    const bad = async (b: unknown, id = agg.id) => fault(await t.refused(400, "POST", `/os-aggregates/${id}/images`, { version: "2.81", body: b }));
    await bad({ cache: [] });
    await bad({ cache: [{ id: "not-a-uuid" }] });
    await bad({ cache: [{ id: CIRROS, extra: 1 }] });
    expect((await bad({ cache: [{ id: CIRROS }, { id: CIRROS }] })).message).toBe("Duplicate images in request");
    expect((await bad({ cache: [{ id: "00000000-0000-4000-8000-000000000000" }] })).message).toBe("Image 00000000-0000-4000-8000-000000000000 could not be found.");
    expect((await bad(body, "abc")).message).toBe("Invalid input received: id must be an integer.");
    await t.refused(404, "POST", "/os-aggregates/9999/images", { version: "2.81", body });
    await t.refused(403, "POST", path, { version: "2.81", body, token: t.demo });
  });
});

describe("2.83 server list filters for non-admins", () => {
  it("lets a member filter by key_name, vm_state, availability_zone, user_id... from 2.83 (hostname from 2.90); ignored before", async () => {
    const t = await computeApi();
    const running = await t.active({ name: "running" });
    const other = await t.active({ name: "other" });
    expect((await t.api("POST", `/servers/${other.id}/action`, { token: t.demo, body: { "os-stop": null } })).status).toBe(202);
    t.advance(10_000);
    const names = async (query: string, version: string) =>
      (await t.api("GET", `/servers/detail?${query}`, { token: t.demo, version })).body.servers.map((s: any) => s.name).sort();
    expect(await names("vm_state=stopped", "2.82")).toEqual(["other", "running"]);
    expect(await names("vm_state=stopped", "2.83")).toEqual(["other"]);
    expect(await names("vm_state=stopped&vm_state=active", "2.83")).toEqual(["other", "running"]);
    expect(await names("power_state=1", "2.83")).toEqual(["running"]);
    expect(await names("availability_zone=no", "2.83")).toEqual(["other", "running"]);
    expect(await names("availability_zone=elsewhere", "2.83")).toEqual([]);
    expect(await names(`user_id=${t.demoUser}`, "2.83")).toEqual(["other", "running"]);
    expect(await names("user_id=someone-else", "2.83")).toEqual([]);
    expect(await names("key_name=nokey", "2.83")).toEqual([]);
    // progress is matched as text against the record's (0 once built)
    expect(await names("progress=0", "2.83")).toEqual(["other", "running"]);
    expect(await names("progress=50", "2.83")).toEqual([]);
    expect(await names("progress=50", "2.82")).toEqual(["other", "running"]);
    const created = (await t.show(running.id))["created"];
    expect(await names(`created_at=${created}`, "2.82")).toEqual(["other", "running"]);
    // the other server was made a build later
    expect(await names(`created_at=${created}`, "2.83")).toEqual(["running"]);
    expect(await names("created_at=2001-01-01T00:00:00Z", "2.83")).toEqual([]);
    expect(await names("launched_at=2001-01-01T00:00:00", "2.83")).toEqual([]);
    await t.refused(400, "GET", "/servers/detail?created_at=yesterday", { token: t.demo, version: "2.83" });
    // hostname from 2.90
    expect(await names("hostname=^runn", "2.89")).toEqual(["other", "running"]);
    expect(await names("hostname=^runn", "2.90")).toEqual(["running"]);
    // an admin could always
    const asAdmin = (await t.api("GET", "/servers/detail?vm_state=stopped&all_tenants=1", { version: "2.1" })).body.servers;
    expect(asAdmin.map((s: any) => s.id)).toEqual([other.id]);
    expect(running.id).toBeDefined();
  });
});

describe("2.86 flavor extra spec validation", () => {
  it("refuses bad values of known extra specs and unknown keys of known namespaces from 2.86, nothing stored", async () => {
    const t = await computeApi();
    const path = "/flavors/1/os-extra_specs";
    const set = (specs: Record<string, unknown>, version: string) => t.api("POST", path, { version, body: { extra_specs: specs } });
    expect((await set({ "hw:cpu_policy": "bogus" }, "2.85")).status).toBe(200);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ "hw:cpu_policy": "bogus" }, "Validation failed; 'bogus' is not one of: dedicated, shared, mixed."],
      [{ "hw:numa_nodes": "0" }, "Validation failed; '0' is less than the min value of '1'."],
      [{ "hw:numa_nodes": "two" }, "Validation failed; 'two' is not a valid integer value."],
      [{ "hw:cpu_realtime": "maybe" }, "Validation failed; 'maybe' is not a valid boolean-like value."],
      [{ "hw:mem_page_size": "huge" }, "Validation failed; 'huge' is not of the format '(large|small|any|\\d+([kKMGT]i?)?(b|bit|B)?)'."],
      [{ "hw:redirected_usb_ports": 16 }, "Validation failed; '16' is greater than the max value of '15'."],
      [{ "hw:not_a_thing": "1" }, "Validation failed; extra spec 'hw:not_a_thing' does not appear to be a valid extra spec."],
      [{ "hw:pmem": "a,,b" }, "Validation failed; 'a,,b' is not of the format '([a-zA-Z0-9_]+(,)?)+'."],
      [{ "pci_passthrough:alias": "gpu" }, "Validation failed; 'gpu' is not of the format '[^:]+:\\d+(?:\\s*,\\s*[^:]+:\\d+)*'."],
      [{ "trait:CUSTOM_X": "maybe" }, "Validation failed; 'maybe' is not one of: required, forbidden."],
    ];
    for (const [specs, message] of cases) {
      expect(fault(await t.refused(400, "POST", path, { version: "2.86", body: { extra_specs: specs } })).message).toBe(message);
    }
    // a pathological value is answered at once (the patterns are matched without backtracking blow-up)
    await t.refused(400, "POST", path, { version: "2.86", body: { extra_specs: { "hw:pmem": `${"a".repeat(200)}!` } } });
    await t.refused(400, "PUT", `${path}/hw:cpu_policy`, { version: "2.86", body: { "hw:cpu_policy": "bogus" } });
    const good = {
      "hw:cpu_policy": "dedicated",
      "hw:cpu_dedicated_mask": "^0-1,3",
      "hw:numa_cpus.0": "0-3,^2",
      "hw:mem_page_size": "2MB",
      "hw:cpu_realtime": "yes",
      "hw:numa_nodes": " 99999999999999999999 ",
      "hw:pmem": "small,large",
      "pci_passthrough:alias": "a1:2, b2:1",
      "resources:VCPU": "2",
      "resources1:CUSTOM_GPU": "1",
      "trait:HW_CPU_X86_AVX": "required",
      "aggregate_instance_extra_specs:ssd": "true",
      "capabilities:cpu_info:arch": "x86_64",
      "custom_key": "anything",
      "other:ns": "anything",
    };
    const res = await set(good, "2.86");
    expect(res.status, res.text).toBe(200);
    expect(res.body.extra_specs).toMatchObject(good);
  });
});
