// POST /_emulator/tenants' `quotas` are each service's own (ServiceModule.tenants.quotaKeys): a service that
// takes none, or a key the service lacks, is a 400 naming what it takes, and nothing is made.

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";

describe("POST /_emulator/tenants quotas", () => {
  it.each([
    [{ quotas: { image: { images: 1 } } }, /quotas\.image: no service here takes tenant quotas by that name \(networking, block-storage, compute do\)/],
    [{ quotas: { nova: { instances: 1 } } }, /quotas\.nova/],
    [{ quotas: { "block-storage": { volumez: 1 } } }, /quotas\.block-storage: unknown key volumez; the keys are volumes, /],
    [{ quotas: { compute: "many" } }, /quotas/],
  ])("refuses %j and makes nothing", async (body, message) => {
    const emu = testEmulator();
    const before = JSON.stringify(emu.kernel.store.state);
    const res = await call(emu, "POST", "/_emulator/tenants", { body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect(JSON.stringify(emu.kernel.store.state)).toBe(before);
  });

  it("sets each service's limits on the tenant's project", async () => {
    const emu = testEmulator();
    const res = await call(emu, "POST", "/_emulator/tenants", { body: { name: "q", quotas: { "block-storage": { volumes: 3 }, compute: { instances: 2 } } } });
    expect(res.status, res.text).toBe(201);
    const admin = (await call(emu, "POST", "/identity/v3/auth/tokens", {
      body: { auth: { identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } }, scope: { project: { name: "admin", domain: { name: "Default" } } } } },
    })).headers.get("x-subject-token")!;
    const volume = await call(emu, "GET", `/volume/v3/os-quota-sets/${res.body.project.id}`, { token: admin });
    expect(volume.body.quota_set.volumes).toBe(3);
    const compute = await call(emu, "GET", `/compute/v2.1/os-quota-sets/${res.body.project.id}`, { token: admin });
    expect(compute.body.quota_set.instances).toBe(2);
  });
});
