// The `profile` option: the spec's shapes by default, Nova's exactly with `upstream` (the create answer's
// keys; `networks` optional before 2.37, meaning the project's usable networks).

import { describe, expect, it } from "vitest";
import { optionsSchema, resolveOptions } from "../../../src/config.js";
import { CIRROS, fault, profileApi } from "./profile-setup.js";

const NOVA_CREATE_KEYS = ["OS-DCF:diskConfig", "adminPass", "id", "links", "security_groups"];

describe("the profile option", () => {
  it("defaults to spec, takes upstream, and refuses anything else", () => {
    expect(optionsSchema.parse({}).profile).toBe("spec");
    expect(resolveOptions({ profile: "upstream" }).profile).toBe("upstream");
    expect(() => resolveOptions({ profile: "nova" } as never)).toThrow(/--profile \(SKYMOCK_PROFILE, config key profile\)/);
  });
});

describe("compute in the spec profile", () => {
  it("answers a create with the server's name and BUILD status besides Nova's keys", async () => {
    const t = await profileApi("spec");
    const res = await t.api("POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] } } });
    expect(res.status).toBe(202);
    expect(Object.keys(res.body.server).sort()).toEqual([...NOVA_CREATE_KEYS, "name", "status"].sort());
    expect(res.body.server).toMatchObject({ name: "vm", status: "BUILD" });
  });

  it("requires networks at every microversion (400, nothing created)", async () => {
    const t = await profileApi("spec");
    for (const version of ["2.1", "2.36", "2.37"]) {
      const res = await t.refused(400, "POST", "/servers", { token: t.demo, version, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS } } });
      expect(fault(res)).toMatchObject({ name: "badRequest", message: expect.stringContaining("'networks' is a required property") });
    }
  });
});

describe("compute in the upstream profile", () => {
  it("answers a create with exactly Nova's keys", async () => {
    const t = await profileApi("upstream");
    const res = await t.api("POST", "/servers", { token: t.demo, version: "2.37", body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: "auto" } } });
    expect(res.status).toBe(202);
    expect(Object.keys(res.body.server).sort()).toEqual(NOVA_CREATE_KEYS);
    expect(res.headers.get("location")).toBe(res.body.server.links[0].href);
  });

  it("boots on the project's one usable network when networks is left out before 2.37", async () => {
    const t = await profileApi("upstream");
    const res = await t.api("POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS } } });
    expect(res.status).toBe(202);
    const ports = (await t.net("GET", `/ports?device_id=${res.body.server.id}`)).body.ports;
    expect(ports.map((p: any) => p.network_id)).toEqual([t.privateNet]);
  });

  it("boots without a port when the project has no usable network (external ones do not count)", async () => {
    const t = await profileApi("upstream");
    // admin's project owns only the external `public` network
    const res = await t.api("POST", "/servers", { body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS } } });
    expect(res.status).toBe(202);
    expect((await t.net("GET", `/ports?device_id=${res.body.server.id}`)).body.ports).toEqual([]);
  });

  it("is 409 NetworkAmbiguous when several networks could be meant (a shared one too)", async () => {
    const t = await profileApi("upstream");
    const shared = await t.net("POST", "/networks", { body: { network: { name: "shared", shared: true } } });
    expect(shared.status).toBe(201);
    const sub = await t.net("POST", "/subnets", { body: { subnet: { network_id: shared.body.network.id, cidr: "10.9.0.0/24", ip_version: 4 } } });
    expect(sub.status).toBe(201);
    const res = await t.refused(409, "POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS } } });
    expect(fault(res)).toEqual({ name: "conflictingRequest", code: 409, message: "Multiple possible networks found, use a Network ID to be more specific." });
  });

  it("refuses networks 'auto'/'none' before 2.37 and a missing networks from 2.37 (400, nothing created)", async () => {
    const t = await profileApi("upstream");
    const auto = await t.refused(400, "POST", "/servers", { token: t.demo, version: "2.36", body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: "auto" } } });
    expect(fault(auto).message).toBe("Invalid input for field/attribute networks. Value: auto. 'auto' is not of type 'array'");
    const missing = await t.refused(400, "POST", "/servers", { token: t.demo, version: "2.37", body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS } } });
    expect(fault(missing).message).toContain("'networks' is a required property");
  });

  it("answers an exceeded quota 403 forbidden (Nova's OverQuota), where the spec says 413 entityTooLarge", async () => {
    for (const [profile, status, name] of [["spec", 413, "entityTooLarge"], ["upstream", 403, "forbidden"]] as const) {
      const t = await profileApi(profile);
      await t.api("PUT", `/os-quota-sets/${t.demoProject}`, { body: { quota_set: { instances: 0 } } });
      const res = await t.refused(status, "POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] } } });
      expect(fault(res)).toEqual({ name, code: status, message: "Quota exceeded for instances: Requested 1, but already used 0 of 0 instances" });
    }
  });
});
