// Microversion negotiation on the servers API (no header is 2.1; X-Platform-Compute-Microversion and the standard ones;
// latest; 406 out of range; 400 malformed; the version named in the response) and the server record's
// shape per version: exactly tempest's 2.1 keys, and each later field from the version that adds it.

import { describe, expect, it } from "vitest";
import { computeApi, fault } from "../../helpers/compute.js";
import { call } from "../../helpers/emulator.js";

/** tempest/lib/api_schema/response/compute/v2_1/servers.py: additionalProperties false */
const TEMPEST_2_1_KEYS = [
  "id", "name", "status", "tenant_id", "user_id", "metadata", "hostId", "image", "flavor", "created", "updated", "addresses",
  "accessIPv4", "accessIPv6", "links", "key_name", "progress", "config_drive", "fault", "security_groups", "OS-DCF:diskConfig",
  "OS-EXT-AZ:availability_zone", "OS-EXT-SRV-ATTR:host", "OS-EXT-SRV-ATTR:hypervisor_hostname", "OS-EXT-SRV-ATTR:instance_name",
  "OS-EXT-STS:power_state", "OS-EXT-STS:task_state", "OS-EXT-STS:vm_state", "OS-SRV-USG:launched_at", "OS-SRV-USG:terminated_at",
  "os-extended-volumes:volumes_attached",
];
const TEMPEST_2_1_REQUIRED = ["id", "name", "status", "image", "flavor", "user_id", "tenant_id", "created", "updated", "metadata", "links", "addresses", "hostId"];

describe("negotiation", () => {
  it("uses 2.1 without a header and names the version in the response headers", async () => {
    const t = await computeApi();
    const res = await t.api("GET", "/servers", { token: t.demo });
    expect(res.status).toBe(200);
    expect(res.headers.get("openstack-api-version")).toBe("compute 2.1");
    expect(res.headers.get("x-openstack-nova-api-version")).toBe("2.1");
    expect(res.headers.get("x-platform-compute-microversion")).toBe("2.1");
    expect(res.headers.get("vary")).toBe("OpenStack-API-Version, X-OpenStack-Nova-API-Version, X-Platform-Compute-Microversion");
  });

  it("echoes the version used in the spec's X-Platform-Compute-Microversion whichever header chose it", async () => {
    const t = await computeApi();
    const headersFor = async (headers: Record<string, string>) => {
      const res = await t.api("GET", "/servers", { token: t.demo, headers });
      return [res.headers.get("x-platform-compute-microversion"), res.headers.get("x-openstack-nova-api-version"), res.headers.get("openstack-api-version")];
    };
    expect(await headersFor({ "X-Platform-Compute-Microversion": "2.47" })).toEqual(["2.47", "2.47", "compute 2.47"]);
    expect(await headersFor({ "X-Platform-Compute-Microversion": "latest" })).toEqual(["2.96", "2.96", "compute 2.96"]);
    expect(await headersFor({ "OpenStack-API-Version": "compute 2.60" })).toEqual(["2.60", "2.60", "compute 2.60"]);
    // the unversioned discovery document negotiates nothing
    const discovery = await call(t.emu, "GET", "/compute/");
    expect(discovery.status).toBe(200);
    expect(discovery.headers.get("x-platform-compute-microversion")).toBeNull();
  });

  it("accepts X-Platform-Compute-Microversion, OpenStack-API-Version (among other services), the legacy header and latest", async () => {
    const t = await computeApi();
    const version = async (headers: Record<string, string>) => (await t.api("GET", "/servers", { token: t.demo, headers })).headers.get("openstack-api-version");
    expect(await version({ "X-Platform-Compute-Microversion": "2.47" })).toBe("compute 2.47");
    expect(await version({ "OpenStack-API-Version": "compute 2.60" })).toBe("compute 2.60");
    expect(await version({ "OpenStack-API-Version": "volume 3.40, compute 2.5" })).toBe("compute 2.5");
    expect(await version({ "X-OpenStack-Nova-API-Version": "2.10" })).toBe("compute 2.10");
    expect(await version({ "OpenStack-API-Version": "compute latest" })).toBe("compute 2.96");
    expect(await version({ "X-OpenStack-Nova-API-Version": "latest" })).toBe("compute 2.96");
  });

  it("is 406 outside [2.1, 2.96] and 400 for a malformed version, changing nothing", async () => {
    const t = await computeApi();
    const high = await t.refused(406, "GET", "/servers", { token: t.demo, version: "2.500" });
    expect(fault(high).message).toBe("Version 2.500 is not supported by the API. Minimum is 2.1 and maximum is 2.96.");
    await t.refused(406, "GET", "/servers", { token: t.demo, version: "3.0" });
    await t.refused(406, "GET", "/servers", { token: t.demo, headers: { "X-Platform-Compute-Microversion": "2.0" } });
    const malformed = await t.refused(400, "GET", "/servers", { token: t.demo, version: "2.x" });
    expect(fault(malformed).name).toBe("badRequest");
    await t.refused(406, "POST", "/servers", { token: t.demo, version: "2.97", body: { server: { name: "x" } } });
  });
});

describe("the server record per microversion", () => {
  it("at 2.1 has only tempest's allowed keys (admin and member, show and detail), all the required ones", async () => {
    const t = await computeApi();
    const server = await t.active({}, { token: t.demo });
    for (const token of [t.admin, t.demo]) {
      const shown = await t.show(server.id, { token });
      const [listed] = (await t.api("GET", `/servers/detail${token === t.admin ? "?all_tenants=1" : ""}`, { token })).body.servers.filter((v: any) => v.id === server.id);
      for (const record of [shown, listed]) {
        for (const key of Object.keys(record)) expect(TEMPEST_2_1_KEYS).toContain(key);
        for (const key of TEMPEST_2_1_REQUIRED) expect(record).toHaveProperty(key);
      }
    }
    const asAdmin = await t.show(server.id);
    expect(asAdmin["OS-EXT-SRV-ATTR:instance_name"]).toMatch(/^instance-[0-9a-f]{8}$/);
    expect(await t.show(server.id, { token: t.demo })).not.toHaveProperty("OS-EXT-SRV-ATTR:host");
    expect(asAdmin.flavor).toEqual({ id: "1", links: [{ rel: "bookmark", href: "http://localhost/compute/flavors/1" }] });
  });

  it("adds each field from the version that adds it", async () => {
    const t = await computeApi();
    const { id } = await t.active({ description: "d", tags: ["t1"] }, { version: "2.52" });
    const at = (version: string, token = t.admin) => t.show(id, { version, token });

    const v3 = await at("2.3");
    expect(v3).toMatchObject({ "OS-EXT-SRV-ATTR:reservation_id": expect.stringMatching(/^r-/), "OS-EXT-SRV-ATTR:launch_index": 0, "OS-EXT-SRV-ATTR:root_device_name": "/dev/vda" });
    expect(await at("2.3", t.demo)).not.toHaveProperty("OS-EXT-SRV-ATTR:reservation_id");
    expect(await at("2.8")).not.toHaveProperty("locked");
    expect((await at("2.9")).locked).toBe(false);
    expect(await at("2.15")).not.toHaveProperty("host_status");
    expect((await at("2.16")).host_status).toBe("UP");
    expect(await at("2.18")).not.toHaveProperty("description");
    expect((await at("2.19")).description).toBe("d");
    expect(await at("2.25")).not.toHaveProperty("tags");
    expect((await at("2.26")).tags).toEqual(["t1"]);
    expect((await at("2.46")).flavor).toHaveProperty("id");
    expect((await at("2.47")).flavor).toEqual({ vcpus: 1, ram: 512, disk: 1, ephemeral: 0, swap: 0, original_name: "m1.tiny", extra_specs: {} });
    expect(await at("2.62")).not.toHaveProperty("trusted_image_certificates");
    expect((await at("2.63")).trusted_image_certificates).toBeNull();
    expect(await at("2.70")).not.toHaveProperty("server_groups");
    expect((await at("2.71")).server_groups).toEqual([]);
    expect(await at("2.72")).not.toHaveProperty("locked_reason");
    expect((await at("2.73")).locked_reason).toBeNull();
    // server_groups is for GET one (and PUT), never the detail list
    const [listed] = (await t.api("GET", "/servers/detail?all_tenants=1", { version: "2.79" })).body.servers;
    expect(listed).not.toHaveProperty("server_groups");
    expect(listed).toHaveProperty("locked_reason");
  });

  it("answers PUT with the short record before 2.75 and the full one from 2.75", async () => {
    const t = await computeApi();
    const { id } = await t.active();
    const short = (await t.api("PUT", `/servers/${id}`, { token: t.demo, version: "2.74", body: { server: { name: "a" } } })).body.server;
    expect(short).not.toHaveProperty("OS-EXT-STS:vm_state");
    expect(short).not.toHaveProperty("key_name");
    expect(Object.keys(short.addresses.private[0]).sort()).toEqual(["addr", "version"]);
    const full = (await t.api("PUT", `/servers/${id}`, { token: t.demo, version: "2.75", body: { server: { name: "b" } } })).body.server;
    expect(full).toMatchObject({ name: "b", "OS-EXT-STS:vm_state": "active", key_name: null, server_groups: [] });
  });

  it("accepts tags in the create body from 2.52 only", async () => {
    const t = await computeApi();
    const body = { server: { name: "x", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: "none", tags: ["a"] } };
    await t.refused(400, "POST", "/servers", { token: t.demo, version: "2.51", body });
    expect((await t.api("POST", "/servers", { token: t.demo, version: "2.52", body })).status).toBe(202);
  });

  it("serves 2.80 to 2.87: migrations name their user and project, instance action events their details, attachments update delete_on_termination", async () => {
    const t = await computeApi();
    const server = await t.active();
    await t.api("POST", `/servers/${server.id}/action`, { token: t.demo, body: { resize: { flavorRef: "2" } } });
    t.advance(10_000);
    const [migration] = (await t.api("GET", "/os-migrations", { version: "2.80" })).body.migrations;
    expect(migration).toMatchObject({ user_id: t.demoUser, project_id: t.demoProject });
    expect((await t.api("GET", "/os-migrations", { version: "2.79" })).body.migrations[0]).not.toHaveProperty("user_id");
    const [action] = (await t.api("GET", `/servers/${server.id}/os-instance-actions`, { version: "2.84" })).body.instanceActions;
    const events = (await t.api("GET", `/servers/${server.id}/os-instance-actions/${action.request_id}`, { version: "2.84" })).body.instanceAction.events;
    expect(events[0]).toHaveProperty("details", null);
    const at283 = (await t.api("GET", `/servers/${server.id}/os-instance-actions/${action.request_id}`, { version: "2.83" })).body.instanceAction.events;
    expect(at283[0]).not.toHaveProperty("details");
  });
});
