// Where Nova's answers are exact and tempest checks them: access addresses (checked, IPv6 canonical),
// personality files (base64, injected-file quotas), list filters (changes-since format, limit=0,
// reservation_id, tenant_id only with all_tenants), the request id headers, the v2 version document, the
// rebuild answer's user_data, security_groups left out when a server has none, resize's diskConfig.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, actionApi, fault } from "./server-actions-setup.js";

const b64 = (s: string) => Buffer.from(s).toString("base64");

describe("access addresses", () => {
  it("refuses addresses that are not IPv4 / IPv6 on create, update and rebuild; keeps IPv6 canonical", async () => {
    const t = await actionApi();
    for (const bad of [{ accessIPv4: "1.2.3" }, { accessIPv4: "::1" }, { accessIPv6: "1.2.3.4" }, { accessIPv6: "2001:zz::1" }]) {
      await t.refused(400, "POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "1", imageRef: "x", networks: [{ uuid: t.privateNet }], ...bad } } });
    }
    const server = await t.active({ accessIPv4: "10.1.2.3", accessIPv6: "2001:DB8:0:0:0:0:0:1" });
    expect(server).toMatchObject({ accessIPv4: "10.1.2.3", accessIPv6: "2001:db8::1" });
    await t.refused(400, "PUT", `/servers/${server.id}`, { token: t.demo, body: { server: { accessIPv6: "nope" } } });
    const updated = await t.api("PUT", `/servers/${server.id}`, { token: t.demo, body: { server: { accessIPv6: "FE80:0000::0001" } } });
    expect(updated.body.server.accessIPv6).toBe("fe80::1");
    await t.refuse(server.id, { rebuild: { imageRef: server.image.id, accessIPv4: "300.1.1.1" } }, 400);
  });
});

describe("personality", () => {
  const create = (t: Awaited<ReturnType<typeof actionApi>>, personality: unknown, version?: string) =>
    t.api("POST", "/servers", { token: t.demo, version, body: { server: { name: "vm", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: [{ uuid: t.privateNet }], personality } } });

  it("takes base64 files within the injected-file quotas; refuses others (400 not base64, 413 over quota), and the key from 2.57", async () => {
    const t = await actionApi();
    expect((await create(t, [{ path: "/etc/motd", contents: b64("hello") }])).status).toBe(202);
    const before = t.fingerprint();
    expect(fault(await create(t, [{ path: "/etc/motd", contents: "not base64!" }])).message).toBe("Personality content for /etc/motd cannot be decoded");
    const six = Array.from({ length: 6 }, (_, i) => ({ path: `/f${i}`, contents: b64("x") }));
    expect((await create(t, six)).status).toBe(413);
    expect((await create(t, [{ path: "/big", contents: b64("x".repeat(10241)) }])).status).toBe(413);
    expect((await create(t, [{ path: `/${"p".repeat(255)}`, contents: b64("x") }])).status).toBe(413);
    expect((await create(t, [{ path: "/etc/motd", contents: b64("hello") }], "2.57")).status).toBe(400);
    expect(t.fingerprint()).toBe(before);
  });

  it("rebuild refuses personality that is not base64", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.refuse(server.id, { rebuild: { imageRef: server.image.id, personality: [{ path: "/a", contents: "%%%" }] } }, 400);
  });
});

describe("server lists", () => {
  it("changes-since must be an ISO 8601 time", async () => {
    const t = await actionApi();
    await t.active();
    expect(fault(await t.refused(400, "GET", "/servers?changes-since=2011/01/01")).name).toBe("badRequest");
    expect((await t.api("GET", "/servers?changes-since=2011-01-01", { token: t.demo })).body.servers).toHaveLength(1);
    expect((await t.api("GET", "/servers/detail?changes-since=2011-01-01T00:00:00Z", { token: t.demo })).body.servers).toHaveLength(1);
  });

  it("limit=0 lists nothing, without a next link", async () => {
    const t = await actionApi();
    await t.active();
    for (const path of ["/servers?limit=0", "/servers/detail?limit=0"]) expect((await t.api("GET", path, { token: t.demo })).body).toEqual({ servers: [] });
  });

  it("filters by reservation_id", async () => {
    const t = await actionApi();
    await t.active();
    const res = await t.api("POST", "/servers", {
      token: t.demo,
      body: { server: { name: "many", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: [{ uuid: t.privateNet }], min_count: 2, return_reservation_id: true } },
    });
    const reservation = res.body.reservation_id;
    expect(reservation).toMatch(/^r-/);
    const listed = (await t.api("GET", `/servers/detail?reservation_id=${reservation}`, { token: t.demo })).body.servers;
    expect(listed.map((v: any) => v.name)).toEqual(["many-2", "many-1"]);
    expect((await t.api("GET", "/servers?reservation_id=r-none", { token: t.demo })).body.servers).toEqual([]);
  });

  it("an admin's tenant_id / project_id filter counts only beside all_tenants", async () => {
    const t = await actionApi();
    const demos = await t.active();
    expect((await t.api("GET", `/servers?tenant_id=${t.demoProject}`)).body.servers).toEqual([]);
    expect((await t.api("GET", `/servers?project_id=${t.demoProject}`)).body.servers).toEqual([]);
    expect((await t.api("GET", `/servers?all_tenants=1&tenant_id=${t.demoProject}`)).body.servers.map((v: any) => v.id)).toEqual([demos.id]);
  });

  it("GET /os-simple-tenant-usage/ (an empty project id) is 404 for anyone; the list stays the admin's", async () => {
    const t = await actionApi();
    expect((await t.api("GET", "/os-simple-tenant-usage/", { token: t.demo })).status).toBe(404);
    expect((await t.api("GET", "/os-simple-tenant-usage/")).status).toBe(404);
    expect((await t.api("GET", "/os-simple-tenant-usage")).status).toBe(200);
    expect((await t.api("GET", "/os-simple-tenant-usage", { token: t.demo })).status).toBe(403);
  });
});

describe("answers", () => {
  it("carry x-compute-request-id, the same id as x-openstack-request-id, on success and on error", async () => {
    const t = await actionApi();
    for (const res of [await t.api("GET", "/servers"), await t.api("GET", "/servers/nope"), await call(t.emu, "GET", "/compute/")]) {
      const id = res.headers.get("x-openstack-request-id");
      expect(id).toMatch(/^req-/);
      expect(res.headers.get("x-compute-request-id")).toBe(id);
    }
  });

  it("GET /compute/v2/ is the v2.0 version document", async () => {
    const t = await actionApi();
    const res = await call(t.emu, "GET", "/compute/v2/");
    expect(res.status).toBe(200);
    expect(res.body.version).toMatchObject({ id: "v2.0", status: "SUPPORTED", version: "", min_version: "" });
    expect(res.body.version["media-types"][0].type).toBe("application/vnd.openstack.compute+json;version=2");
  });

  it("the rebuild answer shows user_data from 2.57", async () => {
    const t = await actionApi();
    const server = await t.active();
    const at256 = await t.ok(server.id, { rebuild: { imageRef: server.image.id } }, 202, { version: "2.56" });
    expect(at256.body.server).not.toHaveProperty("user_data");
    t.advance(ACTION_MS * 2);
    const at257 = await t.ok(server.id, { rebuild: { imageRef: server.image.id, user_data: b64("#!/bin/sh") } }, 202, { version: "2.57" });
    expect(at257.body.server.user_data).toBe(b64("#!/bin/sh"));
  });

  it("security_groups is left out when the server has none left", async () => {
    const t = await actionApi();
    const server = await t.active();
    expect(server.security_groups).toEqual([{ name: "default" }]);
    await t.ok(server.id, { removeSecurityGroup: { name: "default" } });
    expect(await t.show(server.id)).not.toHaveProperty("security_groups");
  });

  it("resize takes OS-DCF:diskConfig", async () => {
    const t = await actionApi();
    const server = await t.active();
    expect(server["OS-DCF:diskConfig"]).toBe("MANUAL");
    await t.ok(server.id, { resize: { flavorRef: "2", "OS-DCF:diskConfig": "AUTO" } });
    t.advance(ACTION_MS * 3);
    expect((await t.show(server.id))["OS-DCF:diskConfig"]).toBe("AUTO");
  });
});
