// GET /_emulator/resources/{type}/{id}?detail=1, GET .../content and POST /_emulator/clock/advance
// {"until":"idle"}: each service's declared detail of one resource (a server's addresses, flavor and
// action history; a subnet's allocation use; a security group's rules; a container's objects) with no secret
// in it, an object's bytes as a download, and the clock moved until no work is planned.

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";
import { BUILD_MS, computeApi } from "../helpers/compute.js";

const detail = (emu: ReturnType<typeof testEmulator>, type: string, id: string) =>
  call(emu, "GET", `/_emulator/resources/${type}/${encodeURIComponent(id)}?detail=1`);

describe("GET /_emulator/resources/{type}/{id}?detail=1", () => {
  it("shows a server's status, addresses, flavor and instance-action history", async () => {
    const t = await computeApi();
    const { id } = await t.create({ name: "web-1" });
    const building = (await detail(t.emu, "compute.server", id)).body;
    expect(building).toMatchObject({ type: "compute.server", id, status: "BUILD", pending: { from: "building", to: "active" } });
    expect(building.detail.actions).toEqual([expect.objectContaining({ action: "create" })]);
    t.advance(BUILD_MS);
    await t.api("POST", `/servers/${id}/action`, { token: t.demo, body: { "os-stop": null } });
    const res = await detail(t.emu, "compute.server", id);
    expect(res.status).toBe(200);
    const port = (await t.ports(id))[0];
    expect(res.body.detail).toMatchObject({
      name: "web-1",
      host: expect.stringMatching(/^compute-/),
      flavor: { id: "1", name: "m1.tiny", vcpus: 1 },
      addresses: [{ network: "private", addr: port.fixed_ips[0].ip_address, version: 4, type: "fixed", mac: port.mac_address }],
      securityGroups: ["default"],
    });
    expect(res.body.detail.actions.map((a: any) => a.action)).toEqual(["create", "stop"]);
    // without ?detail the answer is the status read it was
    expect(Object.keys((await call(t.emu, "GET", `/_emulator/resources/compute.server/${id}`)).body).sort()).toEqual(["id", "pending", "status", "type"]);
  });

  it("shows a host's service state and its servers, a subnet's allocation use, a security group's rules", async () => {
    const t = await computeApi();
    const server = await t.active();
    const host = (await detail(t.emu, "compute.host", server["OS-EXT-SRV-ATTR:host"])).body;
    expect(host.status).toBe("up");
    expect(host.detail.service).toEqual({ binary: "nova-compute", state: "up", status: "enabled", disabledReason: null, forcedDown: false });
    expect(host.detail.servers).toContain(server.id);

    const subnetId = (await t.net("GET", `/subnets?network_id=${t.privateNet}`)).body.subnets[0].id;
    const availability = (await t.net("GET", `/network-ip-availabilities/${t.privateNet}`)).body.network_ip_availability.subnet_ip_availability[0];
    const subnet = (await detail(t.emu, "networking.subnet", subnetId)).body.detail;
    expect(subnet.allocation).toEqual({ used: availability.used_ips, total: availability.total_ips });
    expect(subnet.allocation.used).toBeGreaterThan(0);
    expect(subnet).not.toHaveProperty("ipam");

    const group = (await t.net("GET", `/security-groups?name=default&project_id=${t.demoProject}`)).body.security_groups[0];
    const listed = (await call(t.emu, "GET", `/_emulator/resources/networking.security-group?project=${t.demoProject}`)).body.resources;
    expect(listed).toContainEqual(expect.objectContaining({ id: group.id, name: "default" }));
    const rules = (await detail(t.emu, "networking.security-group", group.id)).body.detail.rules;
    expect(rules.map((r: any) => r.id).sort()).toEqual(group.security_group_rules.map((r: any) => r.id).sort());
    expect(rules[0]).toHaveProperty("direction");
  });

  it("never shows an application credential's secret, a password hash or a temp URL key", async () => {
    const t = await computeApi();
    const made = await call(t.emu, "POST", `/identity/v3/users/${t.demoUser}/application_credentials`, { token: t.demo, body: { application_credential: { name: "ci" } } });
    expect(made.status).toBe(201);
    const { id, secret } = made.body.application_credential;
    const res = await detail(t.emu, "identity.application-credential", id);
    expect(res.body.detail).toMatchObject({ id, name: "ci", userId: t.demoUser, projectId: t.demoProject, roles: expect.arrayContaining([expect.objectContaining({ name: "member" })]) });
    expect(res.text).not.toContain(secret);
    expect(res.text).not.toMatch(/secret/i);
    const user = await detail(t.emu, "identity.user", t.demoUser);
    expect(user.body.detail.name).toBe("demo");
    expect(user.text).not.toMatch(/hash|\$/i);
    const assignments = (await call(t.emu, "GET", `/_emulator/resources/identity.role-assignment?project=${t.demoProject}`)).body.resources;
    const grant = (await detail(t.emu, "identity.role-assignment", assignments[0].id)).body.detail;
    expect(grant).toMatchObject({ user: { name: expect.any(String) }, role: { name: expect.any(String) }, scope: { project: { id: t.demoProject, name: "demo" } } });
    const domains = (await call(t.emu, "GET", "/_emulator/resources/identity.domain")).body.resources;
    expect(domains).toContainEqual({ id: "default", name: "Default", enabled: true });

    await call(t.emu, "POST", `/object-store/v1/AUTH_${t.demoProject}`, { token: t.demo, headers: { "X-Account-Meta-Temp-URL-Key": "k3y-account" } });
    await call(t.emu, "PUT", `/object-store/v1/AUTH_${t.demoProject}/box`, { token: t.demo, headers: { "X-Container-Meta-Temp-URL-Key": "k3y-container" } });
    expect((await detail(t.emu, "object-storage.account", t.demoProject)).text).not.toContain("k3y-account");
    expect((await detail(t.emu, "object-storage.container", `${t.demoProject}/box`)).text).not.toContain("k3y-container");
  });

  it("lists containers and objects, and downloads an object's bytes as an attachment", async () => {
    const t = await computeApi();
    const base = `/object-store/v1/AUTH_${t.demoProject}`;
    await call(t.emu, "PUT", `${base}/reports`, { token: t.demo });
    const put = await call(t.emu, "PUT", `${base}/reports/2030/q1%20report.csv`, { token: t.demo, raw: "a,b\n1,2\n", headers: { "Content-Type": "text/csv", "Content-Length": "8" } });
    expect(put.status).toBe(201);
    const containers = (await call(t.emu, "GET", `/_emulator/resources/object-storage.container?project=${t.demoProject}`)).body.resources;
    expect(containers).toEqual([{ id: `${t.demoProject}/reports`, name: "reports", projectId: t.demoProject, objects: 1, bytes: 8 }]);
    const id = `${t.demoProject}/reports/2030/q1 report.csv`;
    expect((await detail(t.emu, "object-storage.container", containers[0].id)).body.detail.objects).toEqual([expect.objectContaining({ id, name: "2030/q1 report.csv", bytes: 8 })]);
    const objects = (await call(t.emu, "GET", "/_emulator/resources/object-storage.object")).body.resources;
    expect(objects).toContainEqual({ id, name: "2030/q1 report.csv", container: "reports", projectId: t.demoProject, bytes: 8 });

    const card = (await detail(t.emu, "object-storage.object", id)).body;
    expect(card.detail).toMatchObject({ name: "2030/q1 report.csv", bytes: 8, contentType: "text/csv" });
    expect(card.content).toBe(`/_emulator/resources/object-storage.object/${encodeURIComponent(id)}/content`);
    const download = await t.emu.app.request(`http://localhost${card.content}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="q1 report.csv"; filename*=UTF-8''q1%20report.csv`);
    expect(download.headers.get("content-type")).toBe("text/csv");
    expect(await download.text()).toBe("a,b\n1,2\n");

    const flavor = await call(t.emu, "GET", `/_emulator/resources/compute.flavor/1/content`);
    expect(flavor.status).toBe(400);
    expect((await call(t.emu, "GET", `/_emulator/resources/object-storage.object/${encodeURIComponent(`${id}x`)}/content`)).status).toBe(404);
  });

  it("pages objects across containers with the marker", async () => {
    const t = await computeApi();
    const base = `/object-store/v1/AUTH_${t.demoProject}`;
    for (const path of ["/a", "/b", "/a/x/1", "/a/y", "/b/z"]) {
      const object = path.split("/").length > 2;
      const res = await call(t.emu, "PUT", `${base}${path}`, { token: t.demo, ...(object ? { raw: "hi", headers: { "Content-Length": "2" } } : {}) });
      expect(res.status, path).toBe(201);
    }
    const all = (await call(t.emu, "GET", "/_emulator/resources/object-storage.object")).body.resources.map((o: any) => o.id);
    expect(all).toEqual([`${t.demoProject}/a/x/1`, `${t.demoProject}/a/y`, `${t.demoProject}/b/z`]);
    const paged: string[] = [];
    let marker: string | null = null;
    do {
      const page: any = (await call(t.emu, "GET", `/_emulator/resources/object-storage.object?limit=1${marker ? `&marker=${encodeURIComponent(marker)}` : ""}`)).body;
      paged.push(...page.resources.map((o: any) => o.id));
      marker = page.next;
    } while (marker);
    expect(paged).toEqual(all);
    const kinds = (await call(t.emu, "GET", "/_emulator/resources")).body.kinds;
    expect(kinds.find((k: any) => k.type === "object-storage.object").count).toBe(3);
    expect(kinds.find((k: any) => k.type === "object-storage.container").count).toBe(2);
  });

  it("asks for the control token before a download when one is set", async () => {
    const emu = testEmulator({ controlToken: "s3cret" });
    const res = await call(emu, "GET", "/_emulator/resources/object-storage.object/x%2Fy%2Fz/content");
    expect(res.status).toBe(401);
  });

  it("refuses an unknown kind or resource (404) and a detail value it does not take (400)", async () => {
    const emu = testEmulator();
    expect((await detail(emu, "compute.widget", "x")).status).toBe(404);
    const missing = await detail(emu, "compute.server", "nope");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("No compute.server nope (deleted, or never made).");
    const bad = await call(emu, "GET", "/_emulator/resources/compute.flavor/1?detail=maybe");
    expect(bad.status).toBe(400);
    // every kind answers: a flavor's card is its fields
    expect((await detail(emu, "compute.flavor", "1")).body.detail).toMatchObject({ id: "1", name: "m1.tiny" });
  });
});

describe("POST /_emulator/clock/advance {\"until\": \"idle\"}", () => {
  it("runs every planned step, each at its due time, and stops when none is left", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    const start = t.emu.clock.now();
    const res = await call(t.emu, "POST", "/_emulator/clock/advance", { body: { until: "idle" } });
    expect(res.status).toBe(200);
    expect(res.body.epochMs).toBe(start + BUILD_MS);
    expect((await call(t.emu, "GET", `/_emulator/resources/compute.server/${id}`)).body.status).toBe("ACTIVE");
    // nothing left: the clock stays (a token sweep is upkeep, not work)
    expect((await call(t.emu, "POST", "/_emulator/clock/advance", { body: { until: "idle" } })).body.epochMs).toBe(start + BUILD_MS);
  });

  it("stops at the bound with 408 when the next step is due past it, and refuses a mixed body", async () => {
    const t = await computeApi();
    await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", mode: "delay", after: "2h" } });
    const { id } = await t.create();
    const start = t.emu.clock.now();
    const res = await call(t.emu, "POST", "/_emulator/clock/advance", { body: { until: "idle", within: "1h" } });
    expect(res.status).toBe(408);
    expect(res.body.error.message).toMatch(/^Not idle: the next planned step is due 7200000 ms on, past the 3600000 ms bound/);
    expect(t.emu.clock.now()).toBe(start);
    expect((await call(t.emu, "GET", `/_emulator/resources/compute.server/${id}`)).body.status).toBe("BUILD");
    expect((await call(t.emu, "POST", "/_emulator/clock/advance", { body: { until: "idle", within: "3h" } })).status).toBe(200);
    for (const body of [{ until: "idle", by: "5m" }, { by: "5m", within: "1h" }, { until: "later" }]) {
      expect((await call(t.emu, "POST", "/_emulator/clock/advance", { body })).status, JSON.stringify(body)).toBe(400);
    }
  });
});
