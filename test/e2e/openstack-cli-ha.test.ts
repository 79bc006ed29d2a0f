// The unmodified masakari client (Debian python3-masakariclient: `openstack segment …`, `openstack segment
// host …`, `openstack notification …`, openstacksdk's instance_ha underneath) against an in-process
// emulator listening on loopback with a frozen clock (so every new notification stays new): segment create /
// list / show / update / delete, segment host create / list / show / update, notification create / list
// with the status filter and paging / show; and a Bearer-token request of the spec's exact shape.

import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession, loginWithEnvironment } from "../helpers/openstack-cli.js";
import { testEmulator } from "../helpers/emulator.js";

vi.setConfig({ testTimeout: 120_000 });

const skip = clientSkipReason("openstack-cli-ha.test.ts", "openstack", "masakari");

describe.skipIf(skip)("openstack CLI: instance HA (skipped only where the openstack CLI or its masakari plugin is not installed)", () => {
  const session = cliSession(() => testEmulator(), { as: "admin" });
  const { run, ok } = session;

  it("creates, lists, shows and updates a segment (microversion 1.2: is_enabled)", async () => {
    const created = await ok(["segment", "create", "seg-a", "auto", "COMPUTE", "--description", "rack A", "-f", "json"]);
    expect(created).toMatchObject({ name: "seg-a", recovery_method: "auto", service_type: "COMPUTE", description: "rack A", is_enabled: true, id: 1 });
    await ok(["segment", "create", "seg-b", "reserved_host", "COMPUTE", "--is_enabled", "false", "-f", "json"]);
    const listed = await ok(["segment", "list", "-f", "json"]);
    expect(listed.map((s: any) => [s.name, s.is_enabled])).toEqual([
      ["seg-b", false],
      ["seg-a", true],
    ]);
    const shown = await ok(["segment", "show", "seg-a", "-f", "json"]);
    expect(shown.uuid).toBe(created.uuid);
    const updated = await ok(["segment", "update", "seg-b", "--recovery_method", "rh_priority", "--is_enabled", "true", "-f", "json"]);
    expect(updated).toMatchObject({ recovery_method: "rh_priority", is_enabled: true });
    // the SDK pages with the last row's integer id until an empty page
    const paged = await ok(["segment", "list", "--limit", "1", "-f", "json"]);
    expect(paged.map((s: any) => s.name)).toEqual(["seg-b", "seg-a"]);
  });

  it("adds hosts (the CLI's string booleans), lists them with filters, shows and updates one", async () => {
    const host = await ok(["segment", "host", "create", "compute-1", "COMPUTE", "SSH", "seg-a", "-f", "json"]);
    expect(host).toMatchObject({ name: "compute-1", type: "COMPUTE", control_attributes: "SSH", reserved: false, on_maintenance: false });
    await ok(["segment", "host", "create", "compute-2", "COMPUTE", "SSH", "seg-a", "--reserved", "True", "-f", "json"]);
    const listed = await ok(["segment", "host", "list", "seg-a", "-f", "json"]);
    expect(listed.map((h: any) => h.name)).toEqual(["compute-2", "compute-1"]);
    const reserved = await ok(["segment", "host", "list", "seg-a", "--filters", "reserved=True", "-f", "json"]);
    expect(reserved.map((h: any) => h.name)).toEqual(["compute-2"]);
    const shown = await ok(["segment", "host", "show", "seg-a", "compute-1", "-f", "json"]);
    expect(shown.uuid).toBe(host.uuid);
    const updated = await ok(["segment", "host", "update", "seg-a", "compute-2", "--reserved", "False", "-f", "json"]);
    expect(updated.reserved).toBe(false);
    const refused = await run(["segment", "host", "create", "compute-99", "COMPUTE", "SSH", "seg-a"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Compute service with name compute-99 could not be found.");
  });

  it("creates a notification, lists it with the status filter, shows it with its workflow details", async () => {
    const created = await ok([
      "notification", "create", "COMPUTE_HOST", "compute-1", "2030-01-01T00:00:00.000",
      JSON.stringify({ event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" }), "-f", "json",
    ]);
    expect(created).toMatchObject({ type: "COMPUTE_HOST", status: "new", generated_time: "2030-01-01T00:00:00.000000", recovery_workflow_details: [] });
    expect(created.payload).toEqual({ event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" });
    // host_status UNKNOWN: new as well (the engine ignores it once the clock moves)
    const unknown = await ok(["notification", "create", "COMPUTE_HOST", "compute-2", "2030-01-01T00:00:00", JSON.stringify({ event: "STOPPED", host_status: "UNKNOWN" }), "-f", "json"]);
    expect(unknown.status).toBe("new");
    const fresh = await ok(["notification", "list", "--filters", "status=new", "-f", "json"]);
    expect(fresh.map((n: any) => n.notification_uuid)).toEqual([unknown.notification_uuid, created.notification_uuid]);
    const all = await ok(["notification", "list", "--limit", "1", "--sort", "created_at:asc", "-f", "json"]);
    expect(all.map((n: any) => n.notification_uuid)).toEqual([created.notification_uuid, unknown.notification_uuid]);
    const shown = await ok(["notification", "show", created.notification_uuid, "-f", "json"]);
    expect(shown).toMatchObject({ notification_uuid: created.notification_uuid, status: "new" });
    const duplicate = await run([
      "notification", "create", "COMPUTE_HOST", "compute-1", "2030-01-01T00:01:00",
      JSON.stringify({ event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" }),
    ]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain("409");
  });

  it("takes the spec's request: Authorization: Bearer and the bare notification body", async () => {
    const login = await loginWithEnvironment(session.admin);
    const token = login.headers.get("x-subject-token")!;
    const res = await fetch(`${session.server.url}/instance-ha/v1/notifications`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ hostname: "compute-2", type: "COMPUTE_HOST", payload: { event: "STOPPED", cluster_status: "OFFLINE", host_status: "NORMAL" } }),
    });
    expect(res.status).toBe(202);
    expect((await res.json()).notification).toMatchObject({ status: "new", type: "COMPUTE_HOST" });
  });

  it("deletes a segment without notifications, and names the conflict of one in use", async () => {
    await ok(["segment", "create", "seg-c", "auto", "COMPUTE", "-f", "json"]);
    const deleted = await run(["segment", "delete", "seg-c"]);
    expect(deleted.stdout).toContain("Segment deleted: seg-c");
    // the CLI prints a delete's error on stdout and exits 0
    const busy = await run(["segment", "delete", "seg-a"]);
    expect(busy.stdout).toContain("ConflictException: 409");
    expect(busy.stdout).toContain("in-use to process notifications");
  });
});
