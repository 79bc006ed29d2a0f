// What the API shows of the records the recovery engine writes, written here through the service's own
// operations (the engine's entry points) on a frozen clock: recovery_workflow_details (1.1), the vmoves
// of a host notification (1.3: list with filters and paging, show; 404 before 1.3; 400 for other types),
// and a status change releasing the host and segment for updates. Also a notification created
// programmatically (the nova_notification driver's way in).

import { describe, expect, it } from "vitest";
import { runOperation } from "../../../src/kernel/operation.js";
import { createNotification, setNotificationStatus } from "../../../src/services/instance-ha/operations/notifications.js";
import { setHostFlags } from "../../../src/services/instance-ha/operations/hosts.js";
import { addVMove, updateVMove } from "../../../src/services/instance-ha/operations/vmoves.js";
import { sliceOf } from "../../../src/services/instance-ha/state.js";
import type { InstanceHaState } from "../../../src/services/instance-ha/state.js";
import type { OperationContext } from "../../../src/kernel/operation.js";
import { fault } from "../../helpers/compute.js";
import { haApi, type HaApi } from "./setup.js";

const SYSTEM = { projectId: "", userId: "masakari", isAdmin: true };
const engine = <R>(t: HaApi, op: (s: InstanceHaState, ctx: OperationContext) => R): R =>
  runOperation(t.emu.kernel, SYSTEM, (ctx) => op(sliceOf(ctx.root), ctx));

async function failed() {
  const t = await haApi();
  const s = await t.segment();
  const host = await t.host(s.uuid);
  const id: string = (await t.notify()).body.notification.notification_uuid;
  return { t, s, host, id };
}

describe("recovery_workflow_details", () => {
  // Masakari: a task's progress is a float, each detail's progress the str() of one ("1.0")
  it("renders each task's state, progress and timestamped messages at 1.1", async () => {
    const { t, id } = await failed();
    engine(t, (s, ctx) => {
      const n = s.notifications && setNotificationStatus(s, ctx, id, "running");
      n.workflow.details.push(
        { name: "DisableComputeServiceTask", state: "SUCCESS", progress: 1, progressDetails: [
          { timestamp: ctx.now, message: "Disabling compute service on host: 'compute-1'", progress: 0 },
          { timestamp: ctx.now + 1500, message: "Disabled compute service on host: 'compute-1'", progress: 1 },
        ] },
        { name: "PrepareHAEnabledInstancesTask", state: "RUNNING", progress: 0, progressDetails: [] },
      );
    });
    const res = await t.api("GET", `/notifications/${id}`, { version: "1.1" });
    expect(res.body.notification.status).toBe("running");
    expect(res.body.notification.recovery_workflow_details).toEqual([
      {
        name: "DisableComputeServiceTask",
        state: "SUCCESS",
        progress: 1,
        progress_details: [
          { timestamp: "2030-01-01 00:00:00.000000", message: "Disabling compute service on host: 'compute-1'", progress: "0.0" },
          { timestamp: "2030-01-01 00:00:01.500000", message: "Disabled compute service on host: 'compute-1'", progress: "1.0" },
        ],
      },
      { name: "PrepareHAEnabledInstancesTask", state: "RUNNING", progress: 0, progress_details: [] },
    ]);
  });
});

describe("status changes", () => {
  it("keeps the segment in use through running and error, and frees it once finished", async () => {
    const { t, s, id } = await failed();
    for (const status of ["running", "error"] as const) {
      engine(t, (st, ctx) => setNotificationStatus(st, ctx, id, status));
      await t.refused(409, "PUT", `/segments/${s.uuid}`, { body: { segment: { description: "x" } } });
    }
    engine(t, (st, ctx) => setNotificationStatus(st, ctx, id, "finished"));
    expect((await t.api("PUT", `/segments/${s.uuid}`, { body: { segment: { description: "x" } } })).status).toBe(200);
    expect((await t.api("GET", "/notifications?status=finished")).body.notifications).toHaveLength(1);
    const changes = await t.events("instance-ha.notification.status_changed");
    expect(changes.map((e) => [e.payload.from, e.payload.to])).toEqual([
      ["new", "running"],
      ["running", "error"],
      ["error", "finished"],
    ]);
  });

  it("sets a host's on_maintenance and reserved for the engine, and a maintenance host then refuses notifications", async () => {
    const { t, host, s } = await failed();
    engine(t, (st, ctx) => setHostFlags(st, ctx, host.uuid, { onMaintenance: true, reserved: false }));
    const shown = await t.api("GET", `/segments/${s.uuid}/hosts/${host.uuid}`);
    expect(shown.body.host).toMatchObject({ on_maintenance: true, reserved: false });
    await t.refused(409, "POST", "/notifications", {
      body: { notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T01:00:00", payload: { event: "STOPPED", host_status: "NORMAL" } } },
    });
  });

  it("creates a notification programmatically with the API's rules", async () => {
    const t = await haApi();
    const s = await t.segment();
    await t.host(s.uuid, { name: "compute-2" });
    const options = { duplicateNotificationDetectionIntervalSeconds: 180 };
    const n = engine(t, (st, ctx) =>
      createNotification(st, ctx, { type: "COMPUTE_HOST", hostname: "compute-2", payload: { event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" } }, options),
    );
    expect(n.status).toBe("new");
    expect((await t.api("GET", `/notifications/${n.id}`)).body.notification).toMatchObject({ generated_time: "2030-01-01T00:00:00.000000" });
    expect(() =>
      engine(t, (st, ctx) => createNotification(st, ctx, { type: "COMPUTE_HOST", hostname: "compute-9", payload: { event: "STOPPED" } }, options)),
    ).toThrow("Host with name compute-9 could not be found.");
  });
});

describe("vmoves (1.3)", () => {
  async function moved() {
    const f = await failed();
    const [a, b] = engine(f.t, (s, ctx) => {
      const a = addVMove(s, ctx, f.id, { serverId: "aaaaaaaa-0000-4000-8000-000000000001", serverName: "web-1", sourceHost: "compute-1", type: "evacuation" });
      const b = addVMove(s, ctx, f.id, { serverId: "aaaaaaaa-0000-4000-8000-000000000002", serverName: "db-1", sourceHost: "compute-1", type: "evacuation" });
      updateVMove(s, ctx, f.id, a.id, { status: "ongoing", destHost: "compute-2" });
      return [a, b];
    });
    engine(f.t, (s, ctx) => updateVMove(s, ctx, f.id, a!.id, { status: "succeeded", endTime: ctx.now + 30_000 }));
    return { ...f, a: a!, b: b! };
  }

  it("lists a host notification's vmoves, newest first, with type and status filters and paging", async () => {
    const { t, id, a, b } = await moved();
    const res = await t.api("GET", `/notifications/${id}/vmoves`, { version: "1.3" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.vmoves.map((v: any) => v.instance_name)).toEqual(["db-1", "web-1"]);
    expect(res.body.vmoves[1]).toEqual({
      id: 1,
      uuid: a.id,
      notification_uuid: id,
      instance_uuid: "aaaaaaaa-0000-4000-8000-000000000001",
      instance_name: "web-1",
      source_host: "compute-1",
      dest_host: "compute-2",
      start_time: "2030-01-01T00:00:00.000000",
      end_time: "2030-01-01T00:00:30.000000",
      type: "evacuation",
      status: "succeeded",
      message: null,
      created_at: "2030-01-01T00:00:00.000000",
      updated_at: "2030-01-01T00:00:00.000000",
      deleted: false,
      deleted_at: null,
    });
    const pending = await t.api("GET", `/notifications/${id}/vmoves?status=pending`, { version: "1.3" });
    expect(pending.body.vmoves.map((v: any) => v.uuid)).toEqual([b.id]);
    expect((await t.api("GET", `/notifications/${id}/vmoves?type=migration`, { version: "1.3" })).body.vmoves).toEqual([]);
    const page = await t.api("GET", `/notifications/${id}/vmoves?limit=1&marker=${b.seq}`, { version: "1.3" });
    expect(page.body.vmoves.map((v: any) => v.uuid)).toEqual([a.id]);
    expect((await t.api("GET", `/notifications/${id}/vmoves?marker=zzz`, { version: "1.3" })).status).toBe(400);
  });

  it("shows one vmove; 404 for an unknown one", async () => {
    const { t, id, b } = await moved();
    const res = await t.api("GET", `/notifications/${id}/vmoves/${b.id}`, { version: "1.3" });
    expect(res.body.vmove).toMatchObject({ uuid: b.id, status: "pending", dest_host: null, start_time: null });
    const missing = await t.api("GET", `/notifications/${id}/vmoves/nope`, { version: "1.3" });
    expect(fault(missing)).toEqual({ name: "itemNotFound", code: 404, message: "No vm move with id nope." });
  });

  it("is not there before 1.3 (404), nor for an unknown notification (404); other types have none (400)", async () => {
    const { t, id } = await moved();
    expect((await t.api("GET", `/notifications/${id}/vmoves`, { version: "1.2" })).status).toBe(404);
    expect((await t.api("GET", `/notifications/nope/vmoves`, { version: "1.3" })).status).toBe(404);
    const proc = await t.notify({ type: "PROCESS", payload: { process_name: "nova-compute", event: "STOPPED" } });
    const res = await t.api("GET", `/notifications/${proc.body.notification.notification_uuid}/vmoves`, { version: "1.3" });
    expect(res.status).toBe(400);
    expect(fault(res).message).toBe(`This notification ${proc.body.notification.notification_uuid} without vm moves.`);
  });
});
