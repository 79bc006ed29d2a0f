// Host aggregates (/os-aggregates): CRUD, host membership, metadata, and the availability zone an
// aggregate gives its hosts (os-services, os-availability-zone, the scheduler); the reserved-host join.

import { beforeEach, describe, expect, it } from "vitest";
import { runOperation } from "../../../src/kernel/operation.js";
import { addReservedHostToAggregate } from "../../../src/services/compute/for-instance-ha.js";
import { CIRROS, fault, profileApi, type ProfileApi } from "./profile-setup.js";

describe("compute: /v2.1/os-aggregates", () => {
  let t: ProfileApi;
  beforeEach(async () => {
    t = await profileApi();
  });
  const create = async (name: string, zone?: string) => {
    const res = await t.api("POST", "/os-aggregates", { body: { aggregate: { name, ...(zone ? { availability_zone: zone } : {}) } } });
    expect(res.status, res.text).toBe(200);
    return res.body.aggregate;
  };
  const action = (id: number, body: unknown, version?: string) => t.api("POST", `/os-aggregates/${id}/action`, { body, version });

  it("creates (200, without hosts and metadata), lists, shows, updates and deletes (200, no body)", async () => {
    const agg = await create("agg1", "az2");
    expect(agg).toEqual({ id: 1, name: "agg1", availability_zone: "az2", created_at: "2030-01-01T00:00:00.000000", updated_at: null, deleted_at: null, deleted: false });
    const shown = await t.api("GET", "/os-aggregates/1");
    expect(shown.body.aggregate).toMatchObject({ id: 1, hosts: [], metadata: { availability_zone: "az2" } });
    expect(shown.body.aggregate.uuid).toBeUndefined();
    expect((await t.api("GET", "/os-aggregates/1", { version: "2.41" })).body.aggregate.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.api("GET", "/os-aggregates")).body.aggregates.map((a: any) => a.name)).toEqual(["agg1"]);
    const renamed = await t.api("PUT", "/os-aggregates/1", { body: { aggregate: { name: "agg-one" } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.aggregate).toMatchObject({ name: "agg-one", availability_zone: "az2", hosts: [] });
    const del = await t.api("DELETE", "/os-aggregates/1");
    expect([del.status, del.text]).toEqual([200, ""]);
    expect((await t.api("GET", "/os-aggregates/1")).status).toBe(404);
  });

  it("refuses a duplicate name (409), an unknown aggregate (404), a bad body (400) and non-admins (403), changing nothing", async () => {
    await create("agg1");
    expect(fault(await t.refused(409, "POST", "/os-aggregates", { body: { aggregate: { name: "agg1" } } })).message).toBe("Aggregate agg1 already exists.");
    expect(fault(await t.refused(404, "GET", "/os-aggregates/9")).message).toBe("Aggregate 9 could not be found.");
    await t.refused(400, "POST", "/os-aggregates", { body: { aggregate: { name: "x", extra: 1 } } });
    await t.refused(400, "PUT", "/os-aggregates/1", { body: { aggregate: {} } });
    await t.refused(400, "POST", "/os-aggregates/1/action", { body: { frobnicate: {} } });
    expect(fault(await t.refused(403, "GET", "/os-aggregates", { token: t.demo })).name).toBe("forbidden");
  });

  it("adds and removes hosts; a member twice is 409, a stranger 404; a non-empty aggregate cannot be deleted (400)", async () => {
    await create("agg1");
    const added = await action(1, { add_host: { host: "compute-1" } });
    expect(added.status).toBe(200);
    expect(added.body.aggregate.hosts).toEqual(["compute-1"]);
    expect(fault(await t.refused(409, "POST", "/os-aggregates/1/action", { body: { add_host: { host: "compute-1" } } })).message).toBe("Aggregate 1 already has host compute-1.");
    expect(fault(await t.refused(404, "POST", "/os-aggregates/1/action", { body: { add_host: { host: "nohost" } } })).message).toBe("Compute host nohost could not be found.");
    expect(fault(await t.refused(400, "DELETE", "/os-aggregates/1")).message).toBe("Cannot remove host from aggregate 1. Reason: Host aggregate is not empty.");
    expect(fault(await t.refused(404, "POST", "/os-aggregates/1/action", { body: { remove_host: { host: "compute-2" } } })).message).toBe("Cannot remove host compute-2 in aggregate 1");
    const removed = await action(1, { remove_host: { host: "compute-1" } });
    expect(removed.body.aggregate.hosts).toEqual([]);
  });

  it("sets metadata (null drops a key) and takes the zone from it", async () => {
    await create("agg1");
    const set = await action(1, { set_metadata: { metadata: { ssd: "true", availability_zone: "fast" } } });
    expect(set.status).toBe(200);
    expect(set.body.aggregate).toMatchObject({ availability_zone: "fast", metadata: { ssd: "true", availability_zone: "fast" }, updated_at: "2030-01-01T00:00:00.000000" });
    const dropped = await action(1, { set_metadata: { metadata: { ssd: null } } });
    expect(dropped.body.aggregate.metadata).toEqual({ availability_zone: "fast" });
  });

  it("moves its hosts into its zone: os-services, os-availability-zone and the scheduler see it; leaving gives the zone back", async () => {
    await create("agg1", "az2");
    await action(1, { add_host: { host: "compute-2" } });
    const services = (await t.api("GET", "/os-services?binary=nova-compute")).body.services;
    expect(services.map((s: any) => [s.host, s.zone])).toEqual([["compute-1", "nova"], ["compute-2", "az2"], ["compute-3", "nova"]]);
    const zones = (await t.api("GET", "/os-availability-zone", { token: t.demo })).body.availabilityZoneInfo.map((z: any) => z.zoneName);
    expect(zones).toEqual(["az2", "nova"]);
    const detail = (await t.api("GET", "/os-availability-zone/detail")).body.availabilityZoneInfo.find((z: any) => z.zoneName === "az2");
    expect(Object.keys(detail.hosts)).toEqual(["compute-2"]);
    for (let i = 0; i < 2; i++) {
      const res = await t.api("POST", "/servers", { token: t.demo, body: { server: { name: `vm${i}`, flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], availability_zone: "az2" } } });
      expect(res.status).toBe(202);
      const shown = await t.api("GET", `/servers/${res.body.server.id}`);
      expect([shown.body.server["OS-EXT-SRV-ATTR:host"], shown.body.server["OS-EXT-AZ:availability_zone"]]).toEqual(["compute-2", "az2"]);
    }
    await action(1, { remove_host: { host: "compute-2" } });
    expect((await t.api("GET", "/os-services?host=compute-2")).body.services[0].zone).toBe("nova");
    const none = await t.refused(400, "POST", "/servers", { token: t.demo, body: { server: { name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], availability_zone: "az2" } } });
    expect(fault(none).message).toBe("The requested availability zone is not available");
  });

  it("keeps a host in one zone: joining an aggregate of another zone is 409, re-zoning a member's aggregate 400", async () => {
    await create("a", "az2");
    await create("b", "az3");
    await create("c");
    await action(1, { add_host: { host: "compute-1" } });
    const conflict = await t.refused(409, "POST", "/os-aggregates/2/action", { body: { add_host: { host: "compute-1" } } });
    expect(fault(conflict).message).toBe("Cannot add host to aggregate 2. Reason: One or more hosts already in availability zone(s) ['az2'].");
    await action(3, { add_host: { host: "compute-1" } });
    const rezone = await t.refused(400, "POST", "/os-aggregates/3/action", { body: { set_metadata: { metadata: { availability_zone: "az3" } } } });
    expect(fault(rezone).message).toBe("Cannot update metadata of aggregate 3. Reason: One or more hosts already in availability zone(s) ['az2'].");
  });

  it("joins a reserved host to the failed host's aggregates (Masakari's add_reserved_host_to_aggregate)", async () => {
    await create("a", "az2");
    await create("b");
    await action(1, { add_host: { host: "compute-1" } });
    await action(2, { add_host: { host: "compute-1" } });
    await action(2, { add_host: { host: "compute-3" } });
    const joined = runOperation(t.emu.kernel, null, (ctx) => addReservedHostToAggregate(ctx as never, "compute-1", "compute-3"));
    expect(joined).toEqual(["1"]);
    expect((await t.api("GET", "/os-aggregates/1")).body.aggregate.hosts).toEqual(["compute-1", "compute-3"]);
    expect((await t.api("GET", "/os-services?host=compute-3")).body.services[0].zone).toBe("az2");
  });
});
