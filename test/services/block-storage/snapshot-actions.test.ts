// os-update_snapshot_status through the HTTP API on a frozen clock (cinder/api/contrib/snapshot_actions.py):
// the owner or an admin finishes or fails a creating snapshot and fails a deleting one, with a progress;
// every other move, a malformed progress and another project's caller are refused, the state unchanged.
// And a snapshot update that tells another project's caller nothing, whatever its body.

import { describe, expect, it } from "vitest";
import { call, login } from "../../helpers/emulator.js";
import { fault, STEP_MS, storageApi, type StorageApi } from "./snapshots-setup.js";

const status = (s: string, progress?: string) => ({ "os-update_snapshot_status": progress === undefined ? { status: s } : { status: s, progress } });

/** A snapshot of a fresh demo volume, still creating (the clock not advanced). */
async function creating(t: StorageApi): Promise<string> {
  const volume = await t.volume();
  const res = await t.api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id, name: "s" } } });
  expect(res.status, res.text).toBe(202);
  return res.body.snapshot.id;
}

/** A token of another project's member (a control-API tenant). */
async function otherProject(t: StorageApi): Promise<string> {
  const tenant = await call(t.emu, "POST", "/_emulator/tenants", { body: { name: "other", password: "other", network: false } });
  expect(tenant.status, tenant.text).toBe(201);
  return login(t.emu, "other", "other", "other");
}

describe("os-update_snapshot_status", () => {
  it("lets the owner report progress on a creating snapshot, then finish it; the clock has nothing left to do", async () => {
    const t = await storageApi();
    const id = await creating(t);
    const action = `/snapshots/${id}/action`;
    expect((await t.api("POST", action, { body: status("creating", "90%") })).status).toBe(202);
    expect(await t.show(`snapshots/${id}`)).toMatchObject({ status: "creating", "os-extended-snapshot-attributes:progress": "90%" });
    t.advance(1000);
    const res = await t.api("POST", action, { body: status("available") });
    expect(res.status, res.text).toBe(202);
    expect(res.text).toBe("");
    const shown = await t.show(`snapshots/${id}`);
    expect(shown).toMatchObject({ status: "available", "os-extended-snapshot-attributes:progress": "90%", updated_at: "2030-01-01T00:00:03.000000" });
    t.advance(10 * STEP_MS);
    expect(await t.show(`snapshots/${id}`)).toEqual(shown);
  });

  it("a creating snapshot left to the clock finishes at 100% whatever progress was reported", async () => {
    const t = await storageApi();
    const id = await creating(t);
    expect((await t.api("POST", `/snapshots/${id}/action`, { body: status("creating", "40%") })).status).toBe(202);
    t.advance(STEP_MS);
    expect(await t.show(`snapshots/${id}`)).toMatchObject({ status: "available", "os-extended-snapshot-attributes:progress": "100%" });
  });

  it("fails a creating snapshot (which may then be deleted) and a deleting one (as an admin)", async () => {
    const t = await storageApi();
    const id = await creating(t);
    expect((await t.api("POST", `/snapshots/${id}/action`, { body: status("error") })).status).toBe(202);
    t.advance(STEP_MS);
    expect((await t.show(`snapshots/${id}`)).status).toBe("error");
    expect((await t.api("DELETE", `/snapshots/${id}`)).status).toBe(202);
    const res = await t.api("POST", `/snapshots/${id}/action`, { token: t.admin, body: status("error_deleting") });
    expect(res.status, res.text).toBe(202);
    t.advance(STEP_MS);
    expect((await t.show(`snapshots/${id}`)).status).toBe("error_deleting");
  });

  it("refuses a status the snapshot's own does not lead to, and a snapshot at rest, with Cinder's messages", async () => {
    const t = await storageApi();
    const id = await creating(t);
    const action = `/snapshots/${id}/action`;
    const wrong = await t.refused(409, "POST", action, { body: status("error_deleting") });
    expect(fault(wrong)).toMatchObject({ name: "conflictingRequest", message: "Provided snapshot status error_deleting not allowed for snapshot with status creating." });
    t.advance(STEP_MS);
    const resting = await t.refused(409, "POST", action, { token: t.admin, body: status("error") });
    expect(fault(resting).message).toBe("Snapshot status available not allowed for update_snapshot_status");
  });

  it("refuses a progress that is not an integer percentage, and a body without a status", async () => {
    const t = await storageApi();
    const id = await creating(t);
    const action = `/snapshots/${id}/action`;
    for (const progress of ["101%", "90", "ninety%", "-5%"]) {
      const res = await t.refused(400, "POST", action, { body: status("creating", progress) });
      expect(fault(res).message).toContain("progress must be an integer percentage");
    }
    await t.refused(400, "POST", action, { body: { "os-update_snapshot_status": { progress: "10%" } } });
    await t.refused(400, "POST", action, { body: { "os-update_snapshot_status": { status: "creating", extra: 1 } } });
  });

  it("answers another project's member 404, as for a snapshot that does not exist", async () => {
    const t = await storageApi();
    const id = await creating(t);
    const other = await otherProject(t);
    const res = await t.refused(404, "POST", `/snapshots/${id}/action`, { token: other, body: status("available") });
    const unknown = await t.refused(404, "POST", "/snapshots/00000000-0000-0000-0000-000000000000/action", { token: other, body: status("available") });
    expect(fault(res).message).toBe(`Snapshot ${id} could not be found.`);
    expect(fault(unknown).message).toBe("Snapshot 00000000-0000-0000-0000-000000000000 could not be found.");
  });
});

describe("update across projects", () => {
  it("answers another project's member 404 for any body, an empty one included; the owner gets the 400", async () => {
    const t = await storageApi();
    const snap = await t.snapshot((await t.volume()).id);
    const other = await otherProject(t);
    for (const body of [{ snapshot: {} }, { snapshot: { name: "x" } }]) {
      const res = await t.refused(404, "PUT", `/snapshots/${snap.id}`, { token: other, body });
      expect(fault(res).message).toBe(`Snapshot ${snap.id} could not be found.`);
    }
    const own = await t.refused(400, "PUT", `/snapshots/${snap.id}`, { body: { snapshot: {} } });
    expect(fault(own).message).toBe("Invalid input for field 'snapshot': Invalid input: name or description is required");
  });
});
