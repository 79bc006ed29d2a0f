// A per-project reset rebuilds networking's tables from rows it shares with the live state and the seed world
// (it copies each row before changing it, not the whole slice). Counts and lists it rebuilds on other
// projects' rows (a network's ports and subnets, a subnet's routers, a group's ports) must land on those
// copies: written into a shared row, they would change the seed world, and the next full reset would give
// back a different world.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { netApi } from "./api-setup.js";
import { interfaceCall, port, router, seedWorld, tenantNetwork } from "./l3-setup.js";

describe("networking: a per-project reset and the rows it shares", () => {
  it("leaves the seed world as it was: a full reset after it gives back the same world", async () => {
    const n = await netApi();
    const seeded = n.fingerprint();
    const w = await seedWorld(n);

    // demo (a seeded project) uses admin's public network and the seeded shared networks
    const { subnet } = await tenantNetwork(n, "demo-net", "10.77.0.0/24");
    const r = await router(n, { external_gateway_info: { network_id: w.publicNet.id } }, n.demo);
    expect((await interfaceCall(n.api, r.id, "add", { subnet_id: subnet.id }, n.demo)).status).toBe(200);
    await port(n, { network_id: w.privateNet.id }, n.demo);
    // another project keeps a port on admin's public network and one in demo's default group's seeded network
    const tenant = await call(n.emu, "POST", "/_emulator/tenants", { body: { name: "other" } });
    expect(tenant.status, tenant.text).toBe(201);
    await port(n, { network_id: w.publicNet.id, project_id: tenant.body.project.id });
    await port(n, { network_id: w.privateNet.id });
    const fip = await n.api("POST", "/v2.0/floatingips", { body: { floatingip: { floating_network_id: w.publicNet.id } } });
    expect(fip.status, fip.text).toBe(201);

    // demo's reset, while admin's and the other project's ports stay on the networks it recounts
    const reset = await call(n.emu, "POST", `/_emulator/reset?project=${n.demoProject}`);
    expect(reset.status, reset.text).toBe(200);
    expect((await call(n.emu, "POST", "/_emulator/reset")).status).toBe(200);
    expect(n.fingerprint()).toBe(seeded);
  });

  it("writes into no row of the state before it (that state deep-frozen, every service's reset runs)", async () => {
    const n = await netApi();
    const w = await seedWorld(n);
    const { subnet } = await tenantNetwork(n, "demo-net", "10.78.0.0/24");
    const r = await router(n, { external_gateway_info: { network_id: w.publicNet.id } }, n.demo);
    expect((await interfaceCall(n.api, r.id, "add", { subnet_id: subnet.id }, n.demo)).status).toBe(200);
    await port(n, { network_id: w.publicNet.id });
    await port(n, { network_id: subnet.network_id });
    deepFreeze(n.emu.kernel.store.state);
    const before = n.fingerprint();
    const reset = await call(n.emu, "POST", `/_emulator/reset?project=${n.demoProject}`);
    expect(reset.status, reset.text).toBe(200);
    expect(n.fingerprint()).not.toBe(before);
    // admin's port on demo's network went with the network; admin's port on the public network stayed
    const ports = (await n.api("GET", "/v2.0/ports")).body.ports as Array<{ network_id: string }>;
    expect(ports.some((p) => p.network_id === subnet.network_id)).toBe(false);
    expect(ports.some((p) => p.network_id === w.publicNet.id)).toBe(true);
  });

  it("counts other projects' ports on a network again after a project's reset", async () => {
    const n = await netApi();
    const w = await seedWorld(n);
    const made = await port(n, { network_id: w.publicNet.id });
    const resetDemo = await call(n.emu, "POST", `/_emulator/reset?project=${n.demoProject}`);
    expect(resetDemo.status, resetDemo.text).toBe(200);
    // admin's port is still there and still holds its address: deleting it frees the address again
    expect((await n.api("GET", `/v2.0/ports/${made.id}`)).status).toBe(200);
    expect((await n.api("DELETE", `/v2.0/ports/${made.id}`)).status).toBe(204);
    const again = await port(n, { network_id: w.publicNet.id, fixed_ips: made.fixed_ips });
    expect(again.fixed_ips).toEqual(made.fixed_ips);
    expect((await n.api("DELETE", `/v2.0/ports/${again.id}`)).status).toBe(204);
  });
});

function deepFreeze(value: unknown, seen = new Set<object>()): void {
  if (value === null || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key], seen);
  Object.freeze(value);
}
