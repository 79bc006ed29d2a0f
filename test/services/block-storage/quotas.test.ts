// Quota sets and limits over HTTP: the defaults and per-type keys, usage, the admin update and delete,
// enforcement on create and extend with Cinder's 413 shapes (state unchanged), /limits.

import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { advance, availableVolume, bs, createVolume, exported, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

const setQuota = (quota_set: Record<string, unknown>) => bs(w, "PUT", `/os-quota-sets/${w.demoProject}`, { token: w.admin, body: { quota_set } });

describe("quota sets", () => {
  it("shows the defaults with per-type keys; usage=False as the CLI sends it", async () => {
    const res = await bs(w, "GET", `/os-quota-sets/${w.demoProject}?usage=False`);
    expect(res.status).toBe(200);
    expect(res.body.quota_set).toMatchObject({
      id: w.demoProject, volumes: 10, snapshots: 10, gigabytes: 1000, backups: 10, backup_gigabytes: 1000, groups: 10, per_volume_gigabytes: -1,
      volumes_ssd: -1, gigabytes_ssd: -1, snapshots_ssd: -1, volumes___DEFAULT__: -1,
    });
    const defaults = await bs(w, "GET", `/os-quota-sets/${w.demoProject}/defaults`);
    expect(defaults.body.quota_set.volumes).toBe(10);
  });

  it("reports usage per resource and per type", async () => {
    await createVolume(w, { size: 3, volume_type: "ssd" });
    const q = (await bs(w, "GET", `/os-quota-sets/${w.demoProject}?usage=true`)).body.quota_set;
    expect(q.volumes).toEqual({ limit: 10, in_use: 1, reserved: 0, allocated: 0 });
    expect(q.gigabytes.in_use).toBe(3);
    expect(q.gigabytes_ssd.in_use).toBe(3);
    expect(q.volumes___DEFAULT__.in_use).toBe(0);
  });

  it("refuses another project's quotas and defaults to a user (403), shows them to an admin", async () => {
    for (const path of ["/os-quota-sets/someone-else", "/os-quota-sets/someone-else/defaults", "/os-quota-sets/__proto__/defaults"]) {
      const other = await bs(w, "GET", path);
      expect(other.status, path).toBe(403);
      expect(other.body.forbidden.message).toBe("Policy doesn't allow volume_extension:quotas:show to be performed.");
    }
    expect((await bs(w, "GET", `/os-quota-sets/${w.demoProject}`, { token: w.admin })).status).toBe(200);
    const defaults = await bs(w, "GET", "/os-quota-sets/someone-else/defaults", { token: w.admin });
    expect(defaults.status).toBe(200);
    expect(defaults.body.quota_set).toMatchObject({ id: "someone-else", volumes: 10 });
  });

  it("updates (admin) and deletes back to the defaults", async () => {
    const res = await setQuota({ volumes: 2, gigabytes_ssd: 5 });
    expect(res.status).toBe(200);
    expect(res.body.quota_set).toMatchObject({ volumes: 2, gigabytes_ssd: 5 });
    expect(res.body.quota_set).not.toHaveProperty("id");
    expect((await bs(w, "GET", `/os-quota-sets/${w.demoProject}`)).body.quota_set.volumes).toBe(2);
    expect((await bs(w, "DELETE", `/os-quota-sets/${w.demoProject}`, { token: w.admin })).status).toBe(200);
    expect((await bs(w, "GET", `/os-quota-sets/${w.demoProject}`)).body.quota_set.volumes).toBe(10);
  });

  it("skips the tenant_id cinderclient puts in the body", async () => {
    const res = await setQuota({ tenant_id: w.demoProject, gigabytes: 5, volumes: 3 });
    expect(res.status).toBe(200);
    expect(res.body.quota_set).toMatchObject({ gigabytes: 5, volumes: 3 });
  });

  it("refuses unknown keys, limits below usage and users, changing nothing", async () => {
    await createVolume(w, { size: 4 });
    const before = exported(w);
    expect((await setQuota({ bananas: 3 })).status).toBe(400);
    expect((await setQuota({ gigabytes: 3 })).status).toBe(400);
    expect((await setQuota({ volumes: -2 })).status).toBe(400);
    expect((await bs(w, "PUT", `/os-quota-sets/${w.demoProject}`, { body: { quota_set: { volumes: 1 } } })).status).toBe(403);
    expect(exported(w)).toBe(before);
  });
});

describe("quota classes", () => {
  const classSet = (name: string, body?: unknown) =>
    bs(w, body === undefined ? "GET" : "PUT", `/os-quota-class-sets/${name}`, { token: w.admin, ...(body === undefined ? {} : { body }) });

  it("shows a class (admins only); the default class's update is every project's defaults, enforced", async () => {
    const shown = await classSet("default");
    expect(shown.status).toBe(200);
    expect(shown.body.quota_class_set).toMatchObject({ id: "default", volumes: 10, gigabytes: 1000, volumes_ssd: -1 });
    expect((await bs(w, "GET", "/os-quota-class-sets/default")).status).toBe(403);
    const res = await classSet("default", { quota_class_set: { volumes: 1, gigabytes_ssd: 50, bogus: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.quota_class_set).toMatchObject({ volumes: 1, gigabytes_ssd: 50 });
    expect(res.body.quota_class_set).not.toHaveProperty("id");
    expect(res.body.quota_class_set).not.toHaveProperty("bogus");
    expect((await bs(w, "GET", `/os-quota-sets/${w.demoProject}/defaults`)).body.quota_set).toMatchObject({ volumes: 1, gigabytes_ssd: 50 });
    expect((await bs(w, "GET", `/os-quota-sets/${w.demoProject}`)).body.quota_set.volumes).toBe(1);
    await createVolume(w);
    expect((await bs(w, "POST", "/volumes", { body: { volume: { size: 1 } } })).status).toBe(413);
    // another class keeps its own limits and takes the rest from the default class
    expect((await classSet("gold", { quota_class_set: { snapshots: 99 } })).body.quota_class_set).toMatchObject({ snapshots: 99, volumes: 1 });
    expect((await classSet("default")).body.quota_class_set.snapshots).toBe(10);
    // a class named like an Object.prototype key is an ordinary class
    expect((await classSet("__proto__", { quota_class_set: { volumes: 5 } })).body.quota_class_set.volumes).toBe(5);
    expect((await classSet("default")).body.quota_class_set.volumes).toBe(1);
    expect((await classSet("__proto__")).body.quota_class_set).toMatchObject({ id: "__proto__", volumes: 5 });
  });

  it("refuses a limit that is no integer or below -1, and a user, changing nothing", async () => {
    for (const body of [{ quota_class_set: { volumes: "many" } }, { quota_class_set: { volumes: -2 } }, {}]) {
      const before = exported(w);
      expect((await classSet("default", body)).status).toBe(400);
      expect(exported(w)).toBe(before);
    }
    const before = exported(w);
    expect((await bs(w, "PUT", "/os-quota-class-sets/default", { body: { quota_class_set: { volumes: 1 } } })).status).toBe(403);
    expect(exported(w)).toBe(before);
  });
});

describe("enforcement", () => {
  it("refuses a volume past the volumes limit with VolumeLimitExceeded", async () => {
    await setQuota({ volumes: 1 });
    await createVolume(w);
    const before = exported(w);
    const res = await bs(w, "POST", "/volumes", { body: { volume: { size: 1 } } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ overLimit: { code: 413, message: "VolumeLimitExceeded: Maximum number of volumes allowed (1) exceeded for quota 'volumes'." } });
    expect(exported(w)).toBe(before);
  });

  it("refuses gigabytes past the limit with VolumeSizeExceedsAvailableQuota, per type too", async () => {
    await setQuota({ gigabytes: 5, gigabytes_ssd: 2 });
    await createVolume(w, { size: 4 });
    const res = await bs(w, "POST", "/volumes", { body: { volume: { size: 2 } } });
    expect(res.status).toBe(413);
    expect(res.body.overLimit.message).toBe("VolumeSizeExceedsAvailableQuota: Requested volume or snapshot exceeds allowed gigabytes quota. Requested 2G, quota is 5G and 4G has been consumed.");
    const typed = await bs(w, "POST", "/volumes", { body: { volume: { size: 1, volume_type: "ssd" } } });
    expect(typed.status).toBe(202);
    const over = await bs(w, "POST", "/volumes", { body: { volume: { size: 1, volume_type: "ssd" } } });
    expect(over.status).toBe(413);
  });

  it("refuses a volume larger than per_volume_gigabytes", async () => {
    await setQuota({ per_volume_gigabytes: 5 });
    const res = await bs(w, "POST", "/volumes", { body: { volume: { size: 6 } } });
    expect(res.status).toBe(413);
    expect(res.body.overLimit.message).toBe("VolumeSizeExceedsLimit: Requested volume size 6G is larger than maximum allowed limit 5G.");
  });
});

describe("limits", () => {
  it("shows the absolute limits and what is used", async () => {
    await availableVolume(w, { size: 2 });
    const res = await bs(w, "GET", "/limits");
    expect(res.status).toBe(200);
    expect(res.body.limits.rate).toEqual([]);
    expect(res.body.limits.absolute).toMatchObject({ maxTotalVolumes: 10, maxTotalVolumeGigabytes: 1000, totalVolumesUsed: 1, totalGigabytesUsed: 2 });
  });
});

describe("retype and quotas", () => {
  it("checks only the new type's own limits: a project at its volume limit may still retype", async () => {
    const v = await availableVolume(w);
    await setQuota({ volumes: 1, volumes_ssd: 0 });
    const before = exported(w);
    const refused = await bs(w, "POST", `/volumes/${v.id}/action`, { body: { "os-retype": { new_type: "ssd", migration_policy: "on-demand" } } });
    expect(refused.status).toBe(413);
    expect(refused.body.overLimit.message).toBe("VolumeLimitExceeded: Maximum number of volumes allowed (0) exceeded for quota 'volumes_ssd'.");
    expect(exported(w)).toBe(before);
    expect((await bs(w, "POST", `/volumes/${v.id}/action`, { body: { "os-retype": { new_type: "lvmdriver-1" } } })).status).toBe(202);
    await advance(w, 2);
    const q = (await bs(w, "GET", `/os-quota-sets/${w.demoProject}?usage=true`)).body.quota_set;
    expect(q["volumes_lvmdriver-1"].in_use).toBe(1);
    expect(q.volumes___DEFAULT__.in_use).toBe(0);
    expect(q.volumes.in_use).toBe(1);
  });
});

describe("tenants of the control API", () => {
  it("take block-storage limits of their own", async () => {
    const tenant = await call(w.emu, "POST", "/_emulator/tenants", { body: { name: "bs-tenant", network: false, quotas: { "block-storage": { volumes: 2, gigabytes: 20 } } } });
    expect(tenant.status, tenant.text).toBe(201);
    const q = (await bs(w, "GET", `/os-quota-sets/${tenant.body.project.id}`, { token: w.admin })).body.quota_set;
    expect(q).toMatchObject({ volumes: 2, gigabytes: 20, snapshots: 10 });
    const bad = await call(w.emu, "POST", "/_emulator/tenants", { body: { quotas: { "block-storage": { volumes_ssd: 2 } } } });
    expect(bad.status).toBe(400);
  });
});
