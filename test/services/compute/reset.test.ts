// POST /_emulator/reset?project=: demo's servers, server groups, snapshots and quota overrides go back to the
// seed world (none of them), hosts and quota usage are given back, pending lifecycle steps are dropped, and
// admin's servers, and the links they had into demo, are left working.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, BUILD_MS, CIRROS, computeApi, type ComputeApi } from "../../helpers/compute.js";

const resetProject = (t: ComputeApi, project: string) => call(t.emu, "POST", `/_emulator/reset?project=${project}`);

/** Summed over every hypervisor, as admin sees them. */
async function hostUsage(t: ComputeApi) {
  const hypervisors = (await t.api("GET", "/os-hypervisors/detail")).body.hypervisors as Array<Record<string, number>>;
  const sum = (key: string) => hypervisors.reduce((n, h) => n + h[key], 0);
  return { vcpus_used: sum("vcpus_used"), memory_mb_used: sum("memory_mb_used"), local_gb_used: sum("local_gb_used"), running_vms: sum("running_vms") };
}

async function pendingSteps(t: ComputeApi, ids: string[]) {
  const pending = (await call(t.emu, "GET", "/_emulator/transitions")).body.pending as Array<{ resourceId: string }>;
  return pending.filter((p) => ids.includes(p.resourceId));
}

async function serverGroup(t: ComputeApi, name: string) {
  const res = await t.api("POST", "/os-server-groups", { token: t.demo, body: { server_group: { name, policies: ["anti-affinity"] } } });
  expect(res.status, res.text).toBe(200);
  return res.body.server_group.id as string;
}

describe("compute: per-project reset", () => {
  it("takes demo's servers, group, snapshot and quota override back to the seed and gives back what they held", async () => {
    const t = await computeApi();
    const quota = await t.api("PUT", `/os-quota-sets/${t.demoProject}`, { body: { quota_set: { instances: 5 } } });
    expect(quota.status, quota.text).toBe(200);
    const admins = await t.active({ name: "admins" }, { token: t.admin });
    const group = await serverGroup(t, "web");
    const grouped = await t.active({ name: "grouped" }, { hints: { group } });
    const resized = await t.active({ name: "resized" });
    // mid-resize the server holds two hosts; mid-upload its snapshot is queued; mid-build a step is pending
    expect((await t.api("POST", `/servers/${resized.id}/action`, { token: t.demo, body: { resize: { flavorRef: "3" } } })).status).toBe(202);
    t.advance(ACTION_MS * 3);
    expect((await t.show(resized.id)).status).toBe("VERIFY_RESIZE");
    const snap = await t.api("POST", `/servers/${grouped.id}/action`, { token: t.demo, version: "2.45", body: { createImage: { name: "snap" } } });
    expect(snap.status, snap.text).toBe(202);
    const building = await t.create({ name: "building" });
    const demoIds = [grouped.id, resized.id, building.id];
    expect((await pendingSteps(t, demoIds)).map((p) => p.resourceId).sort()).toEqual([grouped.id, building.id].sort());

    const res = await resetProject(t, t.demoProject);
    expect(res.status, res.text).toBe(200);

    for (const id of demoIds) {
      expect((await t.api("GET", `/servers/${id}`)).status).toBe(404);
      expect(await t.ports(id)).toEqual([]);
    }
    expect((await t.api("GET", "/servers", { token: t.demo })).body.servers).toEqual([]);
    expect(await pendingSteps(t, demoIds)).toEqual([]);
    expect((await t.api("GET", `/images/${snap.body.image_id}`)).status).toBe(404);
    expect((await call(t.emu, "GET", `/image/v2/images/${snap.body.image_id}`, { token: t.admin })).status).toBe(404);
    expect((await t.api("GET", `/os-server-groups/${group}`)).status).toBe(404);
    const usage = (await t.api("GET", `/os-quota-sets/${t.demoProject}/detail`, { token: t.demo })).body.quota_set;
    expect(usage).toMatchObject({
      instances: { in_use: 0, limit: 10 },
      cores: { in_use: 0 },
      ram: { in_use: 0 },
      server_groups: { in_use: 0 },
    });

    // admin's server is as it was, and is all the hosts carry (m1.tiny: 1 vCPU, 512 MB, 1 GB)
    const kept = await t.show(admins.id);
    expect(kept.status).toBe("ACTIVE");
    expect(kept.addresses).toEqual(admins.addresses);
    expect(await hostUsage(t)).toEqual({ vcpus_used: 1, memory_mb_used: 512, local_gb_used: 1, running_vms: 1 });

    // time moving on runs nothing for the removed servers, and demo starts afresh
    t.advance(BUILD_MS + ACTION_MS * 3);
    const fresh = await t.active({ name: "fresh" });
    expect(fresh.status).toBe("ACTIVE");
    expect(fresh.addresses.private).toEqual([expect.objectContaining({ addr: expect.stringMatching(/^10\.0\.0\.\d+$/), "OS-EXT-IPS:type": "fixed" })]);
    expect((await t.ports(fresh.id)).map((p) => p.status)).toEqual(["ACTIVE"]);
    expect(await hostUsage(t)).toEqual({ vcpus_used: 2, memory_mb_used: 1024, local_gb_used: 2, running_vms: 2 });
    const after = (await t.api("GET", `/os-quota-sets/${t.demoProject}/detail`, { token: t.demo })).body.quota_set;
    expect(after.instances).toMatchObject({ in_use: 1 });
  });

  it("brings back a seeded image of the project that was deleted", async () => {
    const t = await computeApi();
    expect((await t.api("DELETE", `/images/${CIRROS}`)).status).toBe(204);
    expect((await resetProject(t, t.adminProject)).status).toBe(200);
    expect((await t.api("GET", `/images/${CIRROS}`, { token: t.demo })).body.image).toMatchObject({ name: "cirros", status: "ACTIVE" });
    expect((await t.active({ name: "from-cirros" })).status).toBe("ACTIVE");
  });

  it("unbinds another project's port a demo server held, and admin's server lets go of demo's port and group", async () => {
    const t = await computeApi();
    // admin's port on demo's network, booted by demo; demo's port and group, used by admin's server
    const adminPort = (await t.net("POST", "/ports", { body: { port: { network_id: t.privateNet } } })).body.port;
    const demoServer = await t.active({ name: "on-admins-port", networks: [{ port: adminPort.id }] });
    const demoPort = (await t.net("POST", "/ports", { token: t.demo, body: { port: { network_id: t.privateNet } } })).body.port;
    const group = await serverGroup(t, "shared");
    const adminServer = await t.active({ name: "on-demos-port", networks: [{ port: demoPort.id }] }, { token: t.admin, hints: { group } });
    expect((await t.net("GET", `/ports/${adminPort.id}`)).body.port).toMatchObject({ device_id: demoServer.id, status: "ACTIVE" });

    expect((await resetProject(t, t.demoProject)).status).toBe(200);

    expect((await t.net("GET", `/ports/${adminPort.id}`)).body.port).toMatchObject({ device_id: "", device_owner: "", "binding:host_id": "", status: "DOWN" });
    expect((await t.net("GET", `/ports/${demoPort.id}`)).status).toBe(404);
    const kept = await t.show(adminServer.id, { version: "2.71" });
    expect(kept).toMatchObject({ status: "ACTIVE", addresses: {}, server_groups: [] });

    // both are usable again: the port boots a new server, and admin's server deletes cleanly
    const again = await t.active({ name: "again", networks: [{ port: adminPort.id }] });
    expect(again.addresses.private[0].addr).toBe(adminPort.fixed_ips[0].ip_address);
    expect((await t.api("DELETE", `/servers/${adminServer.id}`)).status).toBe(204);
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/servers/${adminServer.id}`)).status).toBe(404);
    expect(await hostUsage(t)).toEqual({ vcpus_used: 1, memory_mb_used: 512, local_gb_used: 1, running_vms: 1 });
  });
});
