// migrate (cold, admin): RESIZE then VERIFY_RESIZE on another host with the same flavor, confirmed or
// reverted as a resize; os-migrateLive (admin): MIGRATING then ACTIVE on another host; both recorded in
// os-migrations; a live migration's force_complete (2.22) and abort (2.24) through /servers/{id}/migrations.

import { describe, expect, it } from "vitest";
import { ACTION_MS, actionApi, fault, states } from "./server-actions-setup.js";

const host = (s: Record<string, any>) => s["OS-EXT-SRV-ATTR:host"] as string;

describe("migrate", () => {
  it("moves the server to another host: RESIZE, VERIFY_RESIZE, confirmResize -> ACTIVE there; os-migrations shows it", async () => {
    const t = await actionApi();
    const server = await t.active();
    const from = host(server);
    await t.ok(server.id, { migrate: null }, 202, { token: t.admin });
    expect((await t.show(server.id)).status).toBe("RESIZE");
    t.advance(3 * ACTION_MS);
    const moved = await t.show(server.id);
    expect(states(moved)).toMatchObject({ status: "VERIFY_RESIZE", vm: "resized" });
    expect(host(moved)).not.toBe(from);
    expect(moved.flavor).toEqual(server.flavor);
    const list = (await t.api("GET", "/os-migrations", { version: "2.59" })).body.migrations;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ instance_uuid: server.id, migration_type: "migration", status: "finished", source_compute: from, dest_compute: host(moved), id: 1 });
    expect(list[0].uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.action(server.id, { confirmResize: null })).status).toBe(204);
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", vm: "active" });
    expect((await t.api("GET", "/os-migrations")).body.migrations[0]).toMatchObject({ status: "confirmed" });
    expect((await t.api("GET", "/os-migrations")).body.migrations[0].migration_type).toBeUndefined();
  });

  it("is admin-only (403), refuses an unknown or the same host (400), host only from 2.56", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.refuse(server.id, { migrate: null }, 403);
    const admin = { token: t.admin };
    expect(fault(await t.refuse(server.id, { migrate: { host: "nope" } }, 400, { ...admin, version: "2.56" })).message).toBe("Compute host nope could not be found.");
    expect(fault(await t.refuse(server.id, { migrate: { host: host(server) } }, 400, { ...admin, version: "2.56" })).message).toBe("Cannot migrate to the host where the server exists.");
    expect(fault(await t.refuse(server.id, { migrate: { host: host(server) } }, 400, { ...admin, version: "2.55" })).message).toContain("'host' was unexpected");
    await t.ok(server.id, { pause: null });
    t.advance(ACTION_MS);
    expect(fault(await t.refuse(server.id, { migrate: null }, 409, admin)).message).toBe(`Cannot 'migrate' instance ${server.id} while it is in vm_state paused`);
  });

  it("a resize is recorded too, and revertResize marks it reverted", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { resize: { flavorRef: "2" } });
    t.advance(3 * ACTION_MS);
    await t.ok(server.id, { revertResize: null });
    expect((await t.api("GET", "/os-migrations?migration_type=resize", { version: "2.23" })).body.migrations[0]).toMatchObject({ status: "reverting", old_instance_type_id: 1, new_instance_type_id: 2 });
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/os-migrations?instance_uuid=${server.id}`)).body.migrations[0]).toMatchObject({ status: "reverted" });
    expect((await t.api("GET", "/os-migrations?status=confirmed")).body.migrations).toEqual([]);
    await t.refused(403, "GET", "/os-migrations", { token: t.demo });
  });
});

describe("os-migrateLive", () => {
  it("MIGRATING while running, then ACTIVE on another host; the in-progress migration shows under the server", async () => {
    const t = await actionApi();
    const server = await t.active();
    const from = host(server);
    await t.ok(server.id, { "os-migrateLive": { host: null, block_migration: "auto" } }, 202, { token: t.admin, version: "2.25" });
    expect(states(await t.show(server.id))).toMatchObject({ status: "MIGRATING", vm: "active", task: "migrating" });
    const list = await t.api("GET", `/servers/${server.id}/migrations`, { version: "2.23" });
    expect(list.body.migrations).toHaveLength(1);
    expect(list.body.migrations[0]).toMatchObject({ server_uuid: server.id, status: "running", source_compute: from });
    const mid = list.body.migrations[0].id;
    expect((await t.api("GET", `/servers/${server.id}/migrations/${mid}`, { version: "2.23" })).body.migration.id).toBe(mid);
    const all = (await t.api("GET", "/os-migrations", { version: "2.23" })).body.migrations;
    expect(all[0].links[0].href).toBe(`http://localhost/compute/v2.1/servers/${server.id}/migrations/${mid}`);
    t.advance(ACTION_MS);
    const moved = await t.show(server.id);
    expect(states(moved)).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
    expect(host(moved)).not.toBe(from);
    expect((await t.api("GET", `/servers/${server.id}/migrations`, { version: "2.23" })).body.migrations).toEqual([]);
    expect((await t.api("GET", "/os-migrations", { version: "2.23" })).body.migrations[0]).toMatchObject({ status: "completed", migration_type: "live-migration" });
  });

  it("force_complete (2.22) finishes it at once; abort (2.24) cancels it and the server stays where it was", async () => {
    const t = await actionApi();
    const a = await t.active();
    const admin = { token: t.admin, version: "2.25" };
    await t.ok(a.id, { "os-migrateLive": { host: null, block_migration: false } }, 202, admin);
    const mid = (await t.api("GET", `/servers/${a.id}/migrations`, admin)).body.migrations[0].id;
    const forced = await t.api("POST", `/servers/${a.id}/migrations/${mid}/action`, { ...admin, body: { force_complete: null } });
    expect(forced.status).toBe(202);
    expect(host(await t.show(a.id))).not.toBe(host(a));
    const b = await t.active();
    await t.ok(b.id, { "os-migrateLive": { host: null, block_migration: "auto" } }, 202, admin);
    const bid = (await t.api("GET", `/servers/${b.id}/migrations`, admin)).body.migrations[0].id;
    await t.refused(404, "DELETE", `/servers/${b.id}/migrations/${bid}`, { token: t.admin, version: "2.23" });
    await t.refused(403, "DELETE", `/servers/${b.id}/migrations/${bid}`, { token: t.demo, version: "2.24" });
    expect((await t.api("DELETE", `/servers/${b.id}/migrations/${bid}`, { token: t.admin, version: "2.24" })).status).toBe(202);
    const stayed = await t.show(b.id);
    expect(states(stayed)).toMatchObject({ status: "ACTIVE", task: null });
    expect(host(stayed)).toBe(host(b));
    expect((await t.api("GET", `/os-migrations?instance_uuid=${b.id}`)).body.migrations[0].status).toBe("cancelled");
    await t.refused(404, "GET", `/servers/${b.id}/migrations/${bid}`, { token: t.admin, version: "2.24" });
  });

  it("is admin-only; needs disk_over_commit before 2.25, refuses force without a host, and an unknown host", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.refuse(server.id, { "os-migrateLive": { host: null, block_migration: "auto" } }, 403, { version: "2.25" });
    const admin = { token: t.admin };
    await t.refuse(server.id, { "os-migrateLive": { host: null, block_migration: false } }, 400, { ...admin, version: "2.24" });
    await t.refuse(server.id, { "os-migrateLive": { host: null, block_migration: "auto" } }, 400, { ...admin, version: "2.24" });
    expect(fault(await t.refuse(server.id, { "os-migrateLive": { host: null, block_migration: "auto", force: true } }, 400, { ...admin, version: "2.30" })).message).toBe("Can't force to a non-provided destination");
    expect(fault(await t.refuse(server.id, { "os-migrateLive": { host: "nope", block_migration: "auto" } }, 400, { ...admin, version: "2.30" })).message).toBe("Compute host nope could not be found.");
  });

  it("from 2.34 a failed pre-check answers 202, records the migration in error and the action as Error; before, 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    const self = { "os-migrateLive": { host: host(server), block_migration: "auto" } };
    expect(fault(await t.refuse(server.id, self, 400, { token: t.admin, version: "2.33" })).message).toBe(`Unable to migrate instance (${server.id}) to current host (${host(server)}).`);
    const res = await t.ok(server.id, self, 202, { token: t.admin, version: "2.34" });
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: null });
    expect((await t.api("GET", "/os-migrations", { version: "2.23" })).body.migrations[0]).toMatchObject({ status: "error", migration_type: "live-migration" });
    const reqId = res.headers.get("x-openstack-request-id");
    const action = (await t.api("GET", `/servers/${server.id}/os-instance-actions/${reqId}`)).body.instanceAction;
    expect(action).toMatchObject({ action: "live-migration", message: "Error" });
    expect(action.events[0]).toMatchObject({ event: "compute_live_migration", result: "Error" });
  });

  it("os-migrations pages from 2.59 (newest first, limit, marker by uuid, unknown marker 400), filters by host", async () => {
    const t = await actionApi();
    const a = await t.active();
    const b = await t.active();
    const admin = { token: t.admin, version: "2.25" };
    await t.ok(a.id, { "os-migrateLive": { host: null, block_migration: "auto" } }, 202, admin);
    t.advance(ACTION_MS);
    await t.ok(b.id, { "os-migrateLive": { host: null, block_migration: "auto" } }, 202, admin);
    t.advance(ACTION_MS);
    const all = (await t.api("GET", "/os-migrations", { version: "2.59" })).body.migrations;
    expect(all.map((m: any) => m.instance_uuid)).toEqual([b.id, a.id]);
    const first = (await t.api("GET", "/os-migrations?limit=1", { version: "2.59" })).body;
    expect(first.migrations.map((m: any) => m.uuid)).toEqual([all[0].uuid]);
    expect(first.migrations_links[0].href).toContain(`marker=${all[0].uuid}`);
    const next = (await t.api("GET", `/os-migrations?limit=1&marker=${all[0].uuid}`, { version: "2.59" })).body;
    expect(next.migrations.map((m: any) => m.uuid)).toEqual([all[1].uuid]);
    await t.refused(400, "GET", "/os-migrations?marker=nope", { version: "2.59" });
    const onHost = (await t.api("GET", `/os-migrations?host=${all[1].dest_compute}`, { version: "2.59" })).body.migrations;
    expect(onHost.every((m: any) => m.source_compute === all[1].dest_compute || m.dest_compute === all[1].dest_compute)).toBe(true);
    expect(all[0].user_id).toBeUndefined();
  });
});
