// The instance-ha section of a seed world (segments and their compute hosts, ids derived from names), a
// section refused whole, a full reset back to the seed, a per-project reset leaving the cloud-wide
// records alone, and the state export/import round trip with notifications, workflow details and vmoves.

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../../helpers/emulator.js";
import { runOperation } from "../../../src/kernel/operation.js";
import { addVMove } from "../../../src/services/instance-ha/operations/vmoves.js";
import { sliceOf } from "../../../src/services/instance-ha/state.js";
import { haApi } from "./setup.js";

const SECTION = {
  segments: [
    {
      name: "ha-cluster",
      recovery_method: "reserved_host",
      hosts: [{ name: "compute-1" }, { name: "compute-2" }, { name: "compute-3", reserved: true }],
    },
  ],
};

describe("instance-ha seed", () => {
  it("has no segments in the default world", async () => {
    const t = await haApi();
    expect((await t.api("GET", "/segments")).body.segments).toEqual([]);
  });

  it("seeds segments and hosts with ids derived from names, the same in every run", async () => {
    const seeded = async () => {
      const t = await haApi();
      const res = await call(t.emu, "POST", "/_emulator/seed?mode=merge", { body: { "instance-ha": SECTION } });
      expect(res.status, res.text).toBe(200);
      return t;
    };
    const t = await seeded();
    const [segment] = (await t.api("GET", "/segments", { version: "1.2" })).body.segments;
    expect(segment).toMatchObject({ id: 1, name: "ha-cluster", recovery_method: "reserved_host", service_type: "COMPUTE", enabled: true });
    const hosts = (await t.api("GET", `/segments/${segment.uuid}/hosts?sort_key=name&sort_dir=asc`)).body.hosts;
    expect(hosts.map((h: any) => [h.name, h.reserved, h.type, h.control_attributes])).toEqual([
      ["compute-1", false, "COMPUTE", "SSH"],
      ["compute-2", false, "COMPUTE", "SSH"],
      ["compute-3", true, "COMPUTE", "SSH"],
    ]);
    const again = await seeded();
    expect((await again.api("GET", "/segments")).body.segments[0].uuid).toBe(segment.uuid);
    // a seeded host takes notifications, and the API keeps numbering after the seed
    expect((await t.notify()).status).toBe(202);
    expect((await t.api("POST", "/segments", { body: { segment: { name: "two", recovery_method: "auto", service_type: "COMPUTE" } } })).body.segment.id).toBe(2);
    // the SDK's integer marker finds seeded rows too
    expect((await t.api("GET", `/segments/${segment.uuid}/hosts?marker=3`)).body.hosts.map((h: any) => h.name)).toEqual(["compute-2", "compute-1"]);
  });

  it("refuses a bad section whole", async () => {
    const t = await haApi();
    const before = JSON.stringify(t.emu.kernel.store.state["instance-ha"]);
    for (const section of [
      { segments: [{ name: "a", hosts: [{ name: "compute-99" }] }] },
      { segments: [{ name: "a" }, { name: "a" }] },
      { segments: [{ name: "a", hosts: [{ name: "compute-1" }] }, { name: "b", hosts: [{ name: "compute-1" }] }] },
      { segments: [{ name: "a", recovery_method: "manual" }] },
      { widgets: [] },
    ]) {
      const res = await call(t.emu, "POST", "/_emulator/seed?mode=merge", { body: { "instance-ha": section } });
      expect(res.status, JSON.stringify(section)).toBe(400);
    }
    expect(JSON.stringify(t.emu.kernel.store.state["instance-ha"])).toBe(before);
  });

  it("resets to the seed (all), and leaves segments, hosts and notifications on a project's reset", async () => {
    const t = await haApi();
    const s = await t.segment();
    await t.host(s.uuid);
    expect((await t.notify()).status).toBe(202);
    const project = await call(t.emu, "POST", "/_emulator/reset?project=demo");
    expect(project.status, project.text).toBe(200);
    expect((await t.api("GET", "/notifications")).body.notifications).toHaveLength(1);
    expect((await t.api("GET", "/segments")).body.segments).toHaveLength(1);
    expect((await call(t.emu, "POST", "/_emulator/reset")).status).toBe(200);
    const admin = await (await import("../../helpers/emulator.js")).login(t.emu);
    expect((await t.api("GET", "/segments", { token: admin })).body.segments).toEqual([]);
  });

  it("round-trips through state export and import, byte for byte, vmoves and workflow included", async () => {
    const t = await haApi();
    const s = await t.segment();
    await t.host(s.uuid);
    const id: string = (await t.notify()).body.notification.notification_uuid;
    runOperation(t.emu.kernel, null, (ctx) => {
      const slice = sliceOf(ctx.root);
      addVMove(slice, ctx, id, { serverId: "aaaaaaaa-0000-4000-8000-000000000001", serverName: "web-1", sourceHost: "compute-1", type: "evacuation" });
    });
    const exported = await call(t.emu, "GET", "/_emulator/state");
    const fresh = testEmulator();
    const put = await call(fresh, "PUT", "/_emulator/state", { raw: exported.text });
    expect(put.status, put.text).toBe(200);
    expect((await call(fresh, "GET", "/_emulator/state")).text).toBe(exported.text);
    const vmoves = await call(fresh, "GET", `/instance-ha/v1/notifications/${id}/vmoves`, { token: t.admin, headers: { "OpenStack-API-Version": "instance-ha 1.3" } });
    expect(vmoves.status, vmoves.text).toBe(200);
    expect(vmoves.body.vmoves.map((v: any) => v.instance_name)).toEqual(["web-1"]);
    // the imported world keeps its rules: the host is in use, the duplicate is refused
    expect((await call(fresh, "DELETE", `/instance-ha/v1/segments/${s.uuid}`, { token: t.admin })).status).toBe(409);
    const dup = await call(fresh, "POST", "/instance-ha/v1/notifications", {
      token: t.admin,
      body: { notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: { event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" } } },
    });
    expect(dup.status).toBe(409);
    await fresh.close();
  });
});
