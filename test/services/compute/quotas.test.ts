import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { computeApi, fault, type ComputeApi } from "../../helpers/compute.js";

const COMPUTE = {
  instances: 10,
  cores: 20,
  ram: 51200,
  key_pairs: 100,
  metadata_items: 128,
  server_groups: 10,
  server_group_members: 10,
};
const INJECTED = { injected_files: 5, injected_file_content_bytes: 10240, injected_file_path_bytes: 255 };
const NETWORK = { floating_ips: -1, fixed_ips: -1, security_groups: -1, security_group_rules: -1 };

describe("compute: /v2.1/os-quota-sets and /v2.1/limits", () => {
  let n: ComputeApi;
  beforeEach(async () => {
    n = await computeApi();
  });

  it("shows a project its quota set: every key at 2.1, no network keys from 2.36, no injected keys from 2.57", async () => {
    const res = await n.api("GET", `/os-quota-sets/${n.demoProject}`, { token: n.demo });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ quota_set: { id: n.demoProject, ...COMPUTE, ...INJECTED, ...NETWORK } });
    expect((await n.api("GET", `/os-quota-sets/${n.demoProject}`, { token: n.demo, version: "2.36" })).body.quota_set).toEqual({ id: n.demoProject, ...COMPUTE, ...INJECTED });
    expect((await n.api("GET", `/os-quota-sets/${n.demoProject}`, { token: n.demo, version: "2.57" })).body.quota_set).toEqual({ id: n.demoProject, ...COMPUTE });
    expect((await n.api("GET", `/os-quota-sets/${n.demoProject}/defaults`, { token: n.demo, version: "2.57" })).body.quota_set).toEqual({ id: n.demoProject, ...COMPUTE });
  });

  it("keeps another project's quota from a member (403); an unknown project is 400", async () => {
    for (const path of [`/os-quota-sets/${n.adminProject}`, `/os-quota-sets/${n.adminProject}/detail`, `/limits?tenant_id=${n.adminProject}`]) {
      const res = await n.api("GET", path, { token: n.demo });
      expect(res.status, path).toBe(403);
      expect(fault(res).name).toBe("forbidden");
    }
    expect((await n.api("GET", `/os-quota-sets/${n.demoProject}`)).status).toBe(200);
    const unknown = await n.api("GET", "/os-quota-sets/no-such-project");
    expect(unknown.status).toBe(400);
    expect(fault(unknown).message).toBe("Project ID no-such-project is not a valid project.");
  });

  it("details usage as {in_use, limit, reserved}: servers count instances, cores and RAM; groups and keypairs too", async () => {
    (await n.create({ name: "vm", flavorRef: "3" })).id;
    await n.api("POST", "/os-server-groups", { token: n.demo, body: { server_group: { name: "g", policies: ["affinity"] } } });
    await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name: "k", public_key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJdD7y3aLq454yWBdwLWbieU1ebz9/cu7/QEXn9OIeZJ me" } } });
    const res = await n.api("GET", `/os-quota-sets/${n.demoProject}/detail`, { token: n.demo, version: "2.57" });
    expect(res.status).toBe(200);
    expect(res.body.quota_set).toEqual({
      id: n.demoProject,
      instances: { in_use: 1, limit: 10, reserved: 0 },
      cores: { in_use: 2, limit: 20, reserved: 0 },
      ram: { in_use: 4096, limit: 51200, reserved: 0 },
      key_pairs: { in_use: 1, limit: 100, reserved: 0 },
      metadata_items: { in_use: 0, limit: 128, reserved: 0 },
      server_groups: { in_use: 1, limit: 10, reserved: 0 },
      server_group_members: { in_use: 0, limit: 10, reserved: 0 },
    });
    const limits = await n.api("GET", "/limits", { token: n.demo });
    expect(limits.status).toBe(200);
    expect(limits.body.limits.rate).toEqual([]);
    expect(limits.body.limits.absolute).toEqual({
      maxServerMeta: 128,
      maxTotalInstances: 10,
      maxTotalKeypairs: 100,
      maxTotalCores: 20,
      maxTotalRAMSize: 51200,
      maxServerGroups: 10,
      maxServerGroupMembers: 10,
      totalInstancesUsed: 1,
      totalCoresUsed: 2,
      totalRAMUsed: 4096,
      totalServerGroupsUsed: 1,
      maxImageMeta: 128,
      maxPersonality: 5,
      maxPersonalitySize: 10240,
      maxSecurityGroups: -1,
      maxSecurityGroupRules: -1,
      maxTotalFloatingIps: -1,
      totalSecurityGroupsUsed: 0,
      totalFloatingIpsUsed: 0,
    });
    const v257 = (await n.api("GET", "/limits", { token: n.demo, version: "2.57" })).body.limits.absolute;
    for (const gone of ["maxImageMeta", "maxPersonality", "maxPersonalitySize", "maxSecurityGroups", "maxTotalFloatingIps"]) expect(v257[gone], gone).toBeUndefined();
    // an admin reads demo's limits with tenant_id
    expect((await n.api("GET", `/limits?tenant_id=${n.demoProject}`)).body.limits.absolute.totalInstancesUsed).toBe(1);
  });

  it("lets an admin update limits (200, the set without id) and delete them back to the defaults (202)", async () => {
    const res = await n.api("PUT", `/os-quota-sets/${n.demoProject}`, { version: "2.57", body: { quota_set: { instances: 2, cores: "4", ram: -1 } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ quota_set: { ...COMPUTE, instances: 2, cores: 4, ram: -1 } });
    expect((await n.api("GET", `/os-quota-sets/${n.demoProject}`, { token: n.demo, version: "2.57" })).body.quota_set).toEqual({ id: n.demoProject, ...COMPUTE, instances: 2, cores: 4, ram: -1 });
    // the defaults stay the defaults
    expect((await n.api("GET", `/os-quota-sets/${n.demoProject}/defaults`, { version: "2.57" })).body.quota_set.instances).toBe(10);
    const del = await n.api("DELETE", `/os-quota-sets/${n.demoProject}`);
    expect(del.status).toBe(202);
    expect((await n.api("GET", `/os-quota-sets/${n.demoProject}`, { token: n.demo, version: "2.57" })).body.quota_set).toEqual({ id: n.demoProject, ...COMPUTE });
  });

  it("rejects member writes (403), bad values and keys gone at the microversion (400), a limit below usage without force (400)", async () => {
    (await n.create({ name: "a" })).id;
    (await n.create({ name: "b" })).id;
    const before = n.fingerprint();
    expect((await n.api("PUT", `/os-quota-sets/${n.demoProject}`, { token: n.demo, body: { quota_set: { instances: 50 } } })).status).toBe(403);
    expect((await n.api("DELETE", `/os-quota-sets/${n.demoProject}`, { token: n.demo })).status).toBe(403);
    for (const [quota_set, mv] of [
      [{ instances: -2 }, undefined],
      [{ instances: "many" }, undefined],
      [{ instances: 1.5 }, undefined],
      [{ widgets: 1 }, undefined],
      [{ floating_ips: 10 }, "2.36"],
      [{ injected_files: 1 }, "2.57"],
    ] as const) {
      const res = await n.api("PUT", `/os-quota-sets/${n.demoProject}`, { version: mv, body: { quota_set } });
      expect(res.status, JSON.stringify(quota_set)).toBe(400);
    }
    const below = await n.api("PUT", `/os-quota-sets/${n.demoProject}`, { body: { quota_set: { instances: 1 } } });
    expect(below.status).toBe(400);
    expect(fault(below).message).toBe("Quota limit 1 for instances must be greater than or equal to already used and reserved 2.");
    expect((await n.api("PUT", "/os-quota-sets/nope", { body: { quota_set: { instances: 1 } } })).status).toBe(400);
    expect(n.fingerprint()).toBe(before);
    const forced = await n.api("PUT", `/os-quota-sets/${n.demoProject}`, { body: { quota_set: { instances: 1, force: true } } });
    expect(forced.status).toBe(200);
    expect(forced.body.quota_set.instances).toBe(1);
  });

  it("enforces instances, cores and RAM on server create: 413 entityTooLarge, nothing created", async () => {
    await n.api("PUT", `/os-quota-sets/${n.demoProject}`, { body: { quota_set: { instances: 1 } } });
    (await n.create({ name: "first" })).id;
    const before = n.fingerprint();
    const net = (await call(n.emu, "GET", "/networking/v2.0/networks?name=private", { token: n.demo })).body.networks[0].id;
    const server = { name: "second", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: [{ uuid: net }] };
    const res = await n.api("POST", "/servers", { token: n.demo, body: { server } });
    expect(res.status).toBe(413);
    expect(fault(res)).toEqual({ name: "entityTooLarge", code: 413, message: "Quota exceeded for instances: Requested 1, but already used 1 of 1 instances" });
    expect(n.fingerprint()).toBe(before);
    const ports = JSON.stringify(n.emu.kernel.store.state.networking);
    await n.api("PUT", `/os-quota-sets/${n.demoProject}`, { body: { quota_set: { instances: 10, cores: 2 } } });
    const cores = await n.api("POST", "/servers", { token: n.demo, body: { server: { ...server, flavorRef: "3" } } });
    expect(cores.status).toBe(413);
    expect(fault(cores).message).toBe("Quota exceeded for cores: Requested 2, but already used 1 of 2 cores");
    expect(JSON.parse(n.fingerprint()).servers).toEqual(JSON.parse(before).servers);
    expect(JSON.stringify(n.emu.kernel.store.state.networking)).toBe(ports);
  });
});
