// The admin's view of the storage: cinder services, scheduler pools with capacities; and the volume
// summary (3.12, metadata from 3.36).

import { beforeEach, describe, expect, it } from "vitest";
import { availableVolume, bs, createVolume, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

describe("services and pools", () => {
  it("lists the scheduler, a volume service per backend and the backup service, to admins only", async () => {
    const res = await bs(w, "GET", "/os-services", { token: w.admin });
    expect(res.status).toBe(200);
    expect(res.body.services.map((s: any) => [s.binary, s.host])).toEqual([
      ["cinder-scheduler", "skymock"],
      ["cinder-volume", "skymock@lvmdriver-1"],
      ["cinder-volume", "skymock@ssd"],
      ["cinder-backup", "skymock"],
    ]);
    expect(res.body.services[0]).toMatchObject({ zone: "nova", status: "enabled", state: "up" });
    expect((await bs(w, "GET", "/os-services?binary=cinder-volume", { token: w.admin })).body.services).toHaveLength(2);
    expect((await bs(w, "GET", "/os-services")).status).toBe(403);
  });

  it("filters services by host as Cinder does: a host, a host@backend or an exact host@backend#pool", async () => {
    const hosts = async (host: string) =>
      (await bs(w, "GET", `/os-services?host=${encodeURIComponent(host)}`, { token: w.admin })).body.services.map((s: any) => `${s.binary} ${s.host}`);
    expect(await hosts("skymock")).toEqual(["cinder-scheduler skymock", "cinder-volume skymock@lvmdriver-1", "cinder-volume skymock@ssd", "cinder-backup skymock"]);
    expect(await hosts("skymock@ssd")).toEqual(["cinder-volume skymock@ssd"]);
    expect(await hosts("skymock@ss")).toEqual([]);
    expect(await hosts("skymo")).toEqual([]);
    expect(await hosts("skymock#x")).toEqual([]);
    const volumes = (await bs(w, "GET", "/os-services?host=skymock&binary=cinder-volume", { token: w.admin })).body.services;
    expect(volumes.map((s: any) => s.host)).toEqual(["skymock@lvmdriver-1", "skymock@ssd"]);
  });

  it("places a type's volumes by its backend name, with or without the capabilities: scope", async () => {
    const type = (await bs(w, "POST", "/types", { token: w.admin, body: { volume_type: { name: "scoped", extra_specs: { "capabilities:volume_backend_name": "ceph" } } } })).body.volume_type;
    const v = await availableVolume(w, { volume_type: type.id });
    expect((await bs(w, "GET", `/volumes/${v.id}`, { token: w.admin })).body.volume["os-vol-host-attr:host"]).toBe("skymock@ceph#ceph");
    const pools = (await bs(w, "GET", "/scheduler-stats/get_pools", { token: w.admin })).body.pools;
    expect(pools.map((p: any) => p.name)).toContain("skymock@ceph#ceph");
  });

  it("os-hosts: lists the services' hosts, and a volume host's usage in total and per project (admins only)", async () => {
    const list = await bs(w, "GET", "/os-hosts", { token: w.admin });
    expect(list.status).toBe(200);
    expect(list.body.hosts.map((h: any) => [h.service, h.host_name])).toEqual([
      ["cinder-scheduler", "skymock"],
      ["cinder-volume", "skymock@lvmdriver-1"],
      ["cinder-volume", "skymock@ssd"],
      ["cinder-backup", "skymock"],
    ]);
    expect(list.body.hosts[1]).toMatchObject({ zone: "nova", "service-status": "available", "service-state": "enabled" });
    expect((await bs(w, "GET", "/os-hosts?service=cinder-volume", { token: w.admin })).body.hosts).toHaveLength(2);
    const v = await availableVolume(w, { size: 3, volume_type: "ssd" });
    expect((await bs(w, "POST", "/snapshots", { body: { snapshot: { volume_id: v.id } } })).status).toBe(202);
    await availableVolume(w, { size: 2, volume_type: "ssd" }, w.admin);
    const shown = await bs(w, "GET", "/os-hosts/skymock@ssd", { token: w.admin });
    expect(shown.status).toBe(200);
    const rows = shown.body.host.map((r: any) => r.resource);
    expect(rows[0]).toEqual({ host: "skymock@ssd", project: "(total)", volume_count: "2", total_volume_gb: "5", snapshot_count: "1", total_snapshot_gb: "3" });
    expect(rows.find((r: any) => r.project === w.demoProject)).toMatchObject({ volume_count: "1", total_volume_gb: "3", snapshot_count: "1" });
    expect(rows).toHaveLength(3);
    expect((await bs(w, "GET", "/os-hosts/skymock", { token: w.admin })).status).toBe(404);
    expect((await bs(w, "GET", "/os-hosts")).status).toBe(403);
  });

  it("lists pools, with capacities counted from the volumes on them", async () => {
    await availableVolume(w, { size: 5, volume_type: "ssd" });
    const names = (await bs(w, "GET", "/scheduler-stats/get_pools", { token: w.admin })).body.pools;
    expect(names).toEqual([{ name: "skymock@lvmdriver-1#lvmdriver-1" }, { name: "skymock@ssd#ssd" }]);
    const detail = (await bs(w, "GET", "/scheduler-stats/get_pools?detail=true", { token: w.admin })).body.pools;
    expect(detail[1].capabilities).toMatchObject({ volume_backend_name: "ssd", total_capacity_gb: 1000, allocated_capacity_gb: 5, free_capacity_gb: 995 });
    expect((await bs(w, "GET", "/scheduler-stats/get_pools")).status).toBe(403);
  });
});

describe("volume summary", () => {
  it("counts the caller's volumes and their size from 3.12, metadata values from 3.36", async () => {
    await createVolume(w, { size: 2, metadata: { env: "prod" } });
    await createVolume(w, { size: 3, metadata: { env: "dev" } });
    await createVolume(w, { size: 7 }, w.admin);
    expect((await bs(w, "GET", "/volumes/summary")).status).toBe(404);
    expect((await bs(w, "GET", "/volumes/summary", { version: "3.12" })).body).toEqual({ "volume-summary": { total_count: 2, total_size: 5 } });
    const withMeta = (await bs(w, "GET", "/volumes/summary", { version: "3.36" })).body["volume-summary"];
    expect(withMeta.metadata.env.sort()).toEqual(["dev", "prod"]);
  });
});
