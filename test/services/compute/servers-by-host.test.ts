// What a host holds: an admin's host= (and node=) list, whole and paged, and what the control API says a
// host holds. Through cold and live migration, a resize and its revert, evacuation from a failed host, a
// shelve offload and unshelve, deletes and a snapshot import, each must say exactly what the servers' own
// records say, in creation order (a server that moved to a host lists by when it was created), and the
// servers' index of hosts, which the list reads, holds exactly what the records say.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, actionApi, defaultWorld, type ActionApi } from "./server-actions-setup.js";
import { tableProblem } from "../../../src/kernel/store/check.js";

const hostOf = (s: Record<string, any>) => s["OS-EXT-SRV-ATTR:host"] as string | null;

async function listIds(t: ActionApi, query: string): Promise<string[]> {
  const res = await t.api("GET", `/servers/detail?all_tenants=1${query}`, { token: t.admin });
  expect(res.status, res.text).toBe(200);
  return res.body.servers.map((s: any) => s.id);
}

/** Every host's list, whole and paged by two, and what the control API says it holds, against the records. */
async function check(t: ActionApi): Promise<void> {
  // the servers' index of hosts (which the host= list reads) says what each record says
  expect(tableProblem((t.emu.kernel.store.state as any).compute.servers)).toBeUndefined();
  const all = (await t.api("GET", "/servers/detail?all_tenants=1", { token: t.admin })).body.servers as Array<Record<string, any>>;
  const hosts = await t.hosts();
  for (const h of [...hosts.map((x) => x.name as string), "no-such-host"]) {
    const want = all.filter((s) => hostOf(s) === h).map((s) => s.id);
    expect(await listIds(t, `&host=${h}`), h).toEqual(want);
    expect(await listIds(t, `&node=${h}&status=ACTIVE`), `${h} active`).toEqual(all.filter((s) => hostOf(s) === h && s.status === "ACTIVE").map((s) => s.id));
    const paged: string[] = [];
    for (let marker = ""; ; ) {
      const page = await listIds(t, `&host=${h}&limit=2${marker}`);
      paged.push(...page);
      if (page.length < 2) break;
      marker = `&marker=${page[1]}`;
    }
    expect(paged, `${h} paged`).toEqual(want);
    const held = hosts.find((x) => x.name === h);
    if (held) expect([...held.serverIds].sort(), `${h} held`).toEqual([...want].sort());
  }
}

describe("servers by host", () => {
  it("list, and are held, exactly as their records say, through every way a server changes host", async () => {
    const world = defaultWorld();
    world.compute.hosts = Array.from({ length: 10 }, (_, i) => ({ name: `hx-${i}`, zone: "nova", host_ip: `192.168.150.${i + 1}`, vcpus: 64, memory_mb: 131072, local_gb: 2000 }));
    world.compute.quotas = [{ project: "demo", instances: -1, cores: -1, ram: -1 }];
    const t = await actionApi(world);
    const servers: Array<Record<string, any>> = [];
    for (let i = 0; i < 16; i++) servers.push(await t.active({ name: `hx-server-${i}` }));
    await check(t);
    const admin = { token: t.admin };

    // a cold migration confirmed, then a live one
    await t.ok(servers[0]!.id, { migrate: null }, 202, admin);
    t.advance(3 * ACTION_MS);
    expect((await t.action(servers[0]!.id, { confirmResize: null })).status).toBe(204);
    await t.ok(servers[1]!.id, { "os-migrateLive": { host: null, block_migration: "auto" } }, 202, { ...admin, version: "2.30" });
    t.advance(3 * ACTION_MS);
    await check(t);

    // a resize, then its revert: back on its first host
    const before = hostOf(await t.show(servers[2]!.id));
    await t.ok(servers[2]!.id, { resize: { flavorRef: "2" } });
    t.advance(3 * ACTION_MS);
    await check(t);
    await t.ok(servers[2]!.id, { revertResize: null });
    t.advance(3 * ACTION_MS);
    expect(hostOf(await t.show(servers[2]!.id))).toBe(before);
    await check(t);

    // shelved, which offloads it at once (no host), then unshelved onto one
    await t.ok(servers[3]!.id, { shelve: null });
    t.advance(3 * ACTION_MS);
    expect(hostOf(await t.show(servers[3]!.id))).toBeNull();
    await check(t);
    await t.ok(servers[3]!.id, { unshelve: null });
    t.advance(3 * ACTION_MS);
    await check(t);

    // a host fails: its servers are evacuated one by one; each lands elsewhere
    const failed = hostOf(await t.show(servers[4]!.id))!;
    expect((await call(t.emu, "POST", `/_emulator/compute/hosts/${failed}/fail`)).status).toBe(200);
    const onFailed = await listIds(t, `&host=${failed}`);
    expect(onFailed).toContain(servers[4]!.id);
    for (const id of onFailed) await t.ok(id, { evacuate: {} }, 200, { ...admin, version: "2.29" });
    t.advance(5 * ACTION_MS);
    expect(await listIds(t, `&host=${failed}`)).toEqual([]);
    await check(t);

    // deleted servers leave their host
    for (const s of servers.slice(5, 9)) expect((await t.api("DELETE", `/servers/${s.id}`, { token: t.demo })).status).toBe(204);
    t.advance(3 * ACTION_MS);
    await check(t);

    // and after a round trip through a snapshot
    const snapshot = JSON.parse((await call(t.emu, "GET", "/_emulator/state")).text);
    expect((await call(t.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    await check(t);
  });
});
