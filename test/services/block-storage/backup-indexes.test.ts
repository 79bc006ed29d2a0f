// Backups are indexed by name, parent and volume: has_dependent_backups (on every show and detail row), an
// incremental backup's parent and the delete check read the parent and volume indexes, and the name filter
// reads the name index. Through incremental creates on two volumes, renames, deletes, the import of a
// snapshot of a build that kept none of them and a per-project reset, each must say what the backups are.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { fault, STEP_MS, storageApi, type StorageApi } from "./snapshots-setup.js";

const detail = async (t: StorageApi, query = "") => {
  const res = await t.api("GET", `/backups/detail?all_tenants=1${query}`, { token: t.admin });
  expect(res.status, res.text).toBe(200);
  return res.body.backups as Array<Record<string, any>>;
};

/** The name filter, whole and paged two at a time, against the full list filtered here. */
async function expectNamed(t: StorageApi, name: string): Promise<void> {
  const want = (await detail(t)).filter((b) => b.name === name).map((b) => b.id);
  const query = `&name=${encodeURIComponent(name)}`;
  expect((await detail(t, query)).map((b) => b.id), name).toEqual(want);
  const paged: string[] = [];
  for (let marker = ""; ; ) {
    const page = await detail(t, `${query}&limit=2${marker}`);
    paged.push(...page.map((b) => b.id));
    if (page.length < 2) break;
    marker = `&marker=${page[1]!.id}`;
  }
  expect(paged, `${name} paged`).toEqual(want);
}

describe("backups through their name, parent and volume indexes", () => {
  it("say which backups have dependents, choose each volume's parent, and filter by name, through every change", async () => {
    const t = await storageApi();
    const [a, b] = [await t.volume(), await t.volume()];
    // backups of two volumes interleaved: each incremental builds on its own volume's latest backup
    const a1 = await t.backup(a.id, { name: "nightly" });
    const b1 = await t.backup(b.id, { name: "nightly" });
    const a2 = await t.backup(a.id, { name: "weekly", incremental: true });
    const b2 = await t.backup(b.id, { name: "nightly", incremental: true });
    const a3 = await t.backup(a.id, { name: "nightly", incremental: true });
    const dependents = async () => Object.fromEntries((await detail(t)).map((x) => [x.id, x.has_dependent_backups]));
    expect(await dependents()).toEqual({ [a1.id]: true, [b1.id]: true, [a2.id]: true, [b2.id]: false, [a3.id]: false });
    for (const x of [a1, b1, a2, b2, a3]) expect((await t.show(`backups/${x.id}`)).has_dependent_backups).toBe((await dependents())[x.id]);
    for (const name of ["nightly", "weekly", "none"]) await expectNamed(t, name);

    // a parent is not deleted while an incremental builds on it
    const blocked = await t.refused(409, "DELETE", `/backups/${a2.id}`);
    expect(fault(blocked).message).toBe("Invalid backup: Incremental backups exist for this backup.");
    expect((await t.api("DELETE", `/backups/${a3.id}`)).status).toBe(202);
    t.advance(STEP_MS);
    expect((await dependents())[a2.id]).toBe(false);

    // renames move a backup between names; it lists by creation, not by when it took the name
    const rename = (id: string, name: string) => t.api("PUT", `/backups/${id}`, { version: "3.9", body: { backup: { name } } });
    expect((await rename(a1.id, "weekly")).status).toBe(200);
    expect((await rename(b2.id, "monthly")).status).toBe(200);
    for (const name of ["nightly", "weekly", "monthly"]) await expectNamed(t, name);
    expect((await detail(t, "&name=weekly")).map((x) => x.id)).toEqual([a2.id, a1.id]);

    // a snapshot of a build without these indexes gets them built on import
    const snapshot = JSON.parse((await call(t.emu, "GET", "/_emulator/state")).text);
    delete snapshot.state["block-storage"].backups.also;
    expect((await call(t.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    expect(await dependents()).toEqual({ [a1.id]: true, [b1.id]: true, [a2.id]: false, [b2.id]: false });
    for (const name of ["nightly", "weekly", "monthly"]) await expectNamed(t, name);
    const b3 = await t.backup(b.id, { name: "nightly", incremental: true });
    expect((await dependents())[b2.id]).toBe(true);
    expect(b3.is_incremental).toBe(true);

    // demo's reset takes its backups out of every index
    expect((await call(t.emu, "POST", `/_emulator/reset?project=${t.demoProject}`)).status).toBeLessThan(300);
    expect(await detail(t)).toEqual([]);
    expect(await detail(t, "&name=nightly")).toEqual([]);
  });
});
