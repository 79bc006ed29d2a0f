// Cinder's exact `name=` filter on volumes and snapshots reads the tables' name index: after creates,
// renames (PUT), a restore that names its new volume after the backed-up one, deletes, a snapshot import
// without the index and a per-project reset, a filtered page holds exactly the unfiltered list's rows of
// that name, in its order (newest first, or as sorted), and pages by marker the same way.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { advance, availableVolume, bs, world, type World } from "./setup.js";

async function ids(w: World, collection: "volumes" | "snapshots", query: string, token = w.admin): Promise<string[]> {
  const res = await bs(w, "GET", `/${collection}${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body[collection].map((r: { id: string }) => r.id);
}

/** Each name's filtered list (with and without all_tenants, newest and oldest first) against the full list. */
async function check(w: World, names: string[]): Promise<void> {
  for (const collection of ["volumes", "snapshots"] as const) {
    for (const [token, scope] of [[w.admin, "?all_tenants=1"], [w.demo, "?x=1"]] as const) {
      for (const order of ["", "&sort=created_at:asc"]) {
        const all = (await bs(w, "GET", `/${collection}${scope}${order}`, { token })).body[collection] as Array<{ id: string; name: string | null }>;
        for (const name of names) {
          const want = all.filter((r) => r.name === name).map((r) => r.id);
          const query = `${scope}${order}&name=${encodeURIComponent(name)}`;
          expect(await ids(w, collection, query, token), `${collection} ${query}`).toEqual(want);
          // paged two at a time by marker, the same rows in the same order
          const paged: string[] = [];
          let marker = "";
          for (let i = 0; i < 10; i++) {
            const page = await ids(w, collection, `${query}&limit=2${marker}`, token);
            paged.push(...page);
            if (page.length < 2) break;
            marker = `&marker=${page[1]}`;
          }
          expect(paged, `${collection} ${query} paged`).toEqual(want);
        }
      }
    }
  }
}

describe("the name filter through the name index", () => {
  it("lists exactly the volumes and snapshots so named, through renames, a restore, deletes, a reset and an old snapshot", async () => {
    const w = await world();
    const volumes = [];
    for (let i = 0; i < 6; i++) {
      const token = i % 2 ? w.demo : w.admin;
      const v = await availableVolume(w, { name: i < 4 ? "twin" : `solo-${i}` }, token);
      const snap = await bs(w, "POST", "/snapshots", { token, body: { snapshot: { volume_id: v.id, name: i < 4 ? "twin" : `solo-${i}` } } });
      expect(snap.status).toBe(202);
      volumes.push({ volume: v, snapshot: snap.body.snapshot, token });
    }
    await advance(w, 5);
    const names = ["twin", "solo-4", "solo-5", "nobody"];
    await check(w, names);

    // renames, one of them back to a name it had: it lists by creation, not by when it took the name
    const rename = (collection: string, id: string, name: string, token: string) =>
      bs(w, "PUT", `/${collection}/${id}`, { token, body: { [collection.slice(0, -1)]: { name } } });
    expect((await rename("volumes", volumes[0]!.volume.id, "solo-4", w.admin)).status).toBe(200);
    expect((await rename("snapshots", volumes[1]!.snapshot.id, "solo-5", w.demo)).status).toBe(200);
    expect((await rename("volumes", volumes[5]!.volume.id, "twin", w.demo)).status).toBe(200);
    await check(w, names);
    expect((await rename("volumes", volumes[0]!.volume.id, "twin", w.admin)).status).toBe(200);
    expect((await ids(w, "volumes", "?all_tenants=1&name=twin&sort=created_at:asc"))[0]).toBe(volumes[0]!.volume.id);
    await check(w, names);

    // a restore into a new volume names it after the backed-up volume once it ends
    const backup = await bs(w, "POST", "/backups", { body: { backup: { volume_id: volumes[2]!.volume.id, name: "b" } }, token: w.admin });
    expect(backup.status).toBe(202);
    await advance(w, 30);
    const restored = await bs(w, "POST", `/backups/${backup.body.backup.id}/restore`, { token: w.admin, body: { restore: {} } });
    expect(restored.status).toBe(202);
    await advance(w, 30);
    expect(await ids(w, "volumes", "?all_tenants=1&name=twin")).toContain(restored.body.restore.volume_id);
    await check(w, names);

    // deletes leave the index
    expect((await bs(w, "DELETE", `/snapshots/${volumes[3]!.snapshot.id}`, { token: w.demo })).status).toBe(202);
    await advance(w, 5);
    await check(w, names);

    // a snapshot from a build without the name index reads the same once imported
    const snapshot = JSON.parse((await call(w.emu, "GET", "/_emulator/state")).text);
    delete snapshot.state["block-storage"].volumes.also;
    delete snapshot.state["block-storage"].snapshots.also;
    expect((await call(w.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    await check(w, names);

    // a per-project reset of demo drops demo's rows from every name
    expect((await call(w.emu, "POST", `/_emulator/reset?project=${w.demoProject}`)).status).toBeLessThan(300);
    expect(await ids(w, "volumes", "?all_tenants=1&name=twin")).not.toContain(volumes[1]!.volume.id);
    await check(w, names);
  });
});
