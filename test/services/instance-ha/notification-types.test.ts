// The spec's notification contract by default, Masakari's with `--profile upstream`: the spec's payload
// shape {event, cluster_status, host_status} for COMPUTE_HOST, COMPUTE_INSTANCE and COMPUTE_PROCESS (and
// Masakari's payloads that name the instance or process), the spec's type names in every answer, and what
// the engine then does with each; under upstream only COMPUTE_HOST, VM and PROCESS, Masakari's payloads
// and wrapped body, shown by Masakari's names.

import { describe, expect, it } from "vitest";
import { fault } from "../../helpers/compute.js";
import { haApi, HOST_DOWN } from "./setup.js";

async function ready(profile?: "spec" | "upstream") {
  const t = await haApi(profile ? { profile } : {});
  const s = await t.segment();
  await t.host(s.uuid);
  return t;
}

const SPEC_PAYLOAD = { event: "STOPPED", cluster_status: "OFFLINE", host_status: "NORMAL" };
const UUID = "11111111-2222-3333-4444-555555555555";

describe("the spec profile (default)", () => {
  it.each(["COMPUTE_HOST", "COMPUTE_INSTANCE", "COMPUTE_PROCESS"])("takes the spec's payload for %s, answers new and shows the spec's name", async (type) => {
    const t = await ready();
    const res = await t.api("POST", "/notifications", { bearer: true, body: { hostname: "compute-1", type, payload: SPEC_PAYLOAD } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.notification).toMatchObject({ type, status: "new", payload: SPEC_PAYLOAD });
    const listed = (await t.api("GET", "/notifications?status=new")).body.notifications;
    expect(listed.map((n: any) => [n.notification_uuid, n.type])).toEqual([[res.body.notification.notification_uuid, type]]);
    expect((await t.api("GET", `/notifications?type=${type}`)).body.notifications).toHaveLength(1);
  });

  it("takes Masakari's names and payloads as well, and shows the spec's names", async () => {
    const t = await ready();
    const vm = await t.notify({ type: "VM", payload: { instance_uuid: UUID, vir_domain_event: "STOPPED_FAILED", event: "LIFECYCLE" } });
    expect(vm.status, vm.text).toBe(202);
    expect(vm.body.notification.type).toBe("COMPUTE_INSTANCE");
    const proc = await t.notify({ type: "PROCESS", payload: { process_name: "nova-compute", event: "STOPPED" } });
    expect(proc.body.notification.type).toBe("COMPUTE_PROCESS");
    // the spec's shape may name the instance or process
    const named = await t.notify({ type: "COMPUTE_INSTANCE", payload: { event: "STOPPED", instance_uuid: UUID } });
    expect(named.status, named.text).toBe(202);
    const types = (await t.api("GET", "/notifications")).body.notifications.map((n: any) => n.type);
    expect(types).toEqual(["COMPUTE_INSTANCE", "COMPUTE_PROCESS", "COMPUTE_INSTANCE"]);
    expect((await t.api("GET", "/notifications?type=VM")).body.notifications).toHaveLength(2);
    // one type under two names: the same payload by the other name is a duplicate, named the spec's way
    const again = await t.refused(409, "POST", "/notifications", {
      body: { notification: { type: "COMPUTE_INSTANCE", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: { instance_uuid: UUID, vir_domain_event: "STOPPED_FAILED", event: "LIFECYCLE" } } },
    });
    expect(fault(again).message).toBe("Notification received from host compute-1 of type COMPUTE_INSTANCE is duplicate.");
  });

  it.each([
    ["an instance event outside STARTED/STOPPED without vir_domain_event", { type: "COMPUTE_INSTANCE", payload: { event: "LIFECYCLE", instance_uuid: UUID } }],
    ["an instance_uuid that is no uuid", { type: "COMPUTE_INSTANCE", payload: { event: "STOPPED", instance_uuid: "abc" } }],
    ["a host_status outside NORMAL/UNKNOWN", { type: "COMPUTE_INSTANCE", payload: { event: "STOPPED", host_status: "BROKEN" } }],
    ["an unknown payload key", { type: "COMPUTE_PROCESS", payload: { event: "STOPPED", pid: "1" } }],
    ["an empty process_name", { type: "COMPUTE_PROCESS", payload: { event: "STOPPED", process_name: "" } }],
  ])("refuses %s with 400", async (_, fields) => {
    const t = await ready();
    const res = await t.refused(400, "POST", "/notifications", {
      body: { notification: { hostname: "compute-1", generated_time: "2030-01-01T00:00:00", ...fields } },
    });
    expect(fault(res).name).toBe("badRequest");
  });

  it.each([
    ["COMPUTE_INSTANCE", { event: "STARTED" }, "finished", "The instance has STARTED: nothing to recover."],
    ["COMPUTE_INSTANCE", SPEC_PAYLOAD, "ignored", "Ignored: the instance notification names no instance (payload.instance_uuid), so no instance can be recovered."],
    ["COMPUTE_PROCESS", { event: "STARTED" }, "finished", "The process nova-compute has STARTED: nothing to recover."],
  ])("the engine ends a %s %j as %s, saying why", async (type, payload, status, message) => {
    const t = await ready();
    const id = (await t.notify({ type, payload })).body.notification.notification_uuid;
    t.advance(1);
    const shown = (await t.api("GET", `/notifications/${id}`, { version: "1.1" })).body.notification;
    expect(shown).toMatchObject({ type, status, message, recovery_workflow_details: [] });
  });

  it("a COMPUTE_PROCESS STOPPED of the spec's shape runs the process flow: the host's compute service is disabled", async () => {
    const t = await ready();
    const id = (await t.notify({ type: "COMPUTE_PROCESS", payload: SPEC_PAYLOAD })).body.notification.notification_uuid;
    t.advance(1);
    const shown = (await t.api("GET", `/notifications/${id}`, { version: "1.1" })).body.notification;
    expect(shown.status).toBe("finished");
    expect(shown.recovery_workflow_details.map((d: any) => [d.name, d.state])).toEqual([
      ["DisableComputeNodeTask", "SUCCESS"],
      ["ConfirmComputeNodeDisabledTask", "SUCCESS"],
    ]);
  });
});

describe("the upstream profile", () => {
  it("takes Masakari's types and payloads and shows Masakari's names", async () => {
    const t = await ready("upstream");
    const vm = await t.notify({ type: "VM", payload: { instance_uuid: UUID, vir_domain_event: "STOPPED_FAILED", event: "LIFECYCLE" } });
    expect(vm.status, vm.text).toBe(202);
    expect(vm.body.notification).toMatchObject({ type: "VM", status: "new" });
    const proc = await t.notify({ type: "PROCESS", payload: { process_name: "nova-compute", event: "STOPPED" } });
    expect(proc.body.notification).toMatchObject({ type: "PROCESS", status: "new" });
    const host = await t.notify({ payload: { event: "STARTED", host_status: "NORMAL" } });
    expect(host.body.notification).toMatchObject({ type: "COMPUTE_HOST", status: "new" });
    expect((await t.api("GET", "/notifications?type=VM")).body.notifications.map((n: any) => n.type)).toEqual(["VM"]);
    // Masakari compares the filter as given: the spec's name matches nothing
    expect((await t.api("GET", "/notifications?type=COMPUTE_INSTANCE")).body.notifications).toEqual([]);
  });

  it.each([
    ["the spec's COMPUTE_INSTANCE", { type: "COMPUTE_INSTANCE", payload: { instance_uuid: UUID, vir_domain_event: "STOPPED_FAILED", event: "LIFECYCLE" } }],
    ["the spec's COMPUTE_PROCESS", { type: "COMPUTE_PROCESS", payload: { process_name: "nova-compute", event: "STOPPED" } }],
    ["the spec's payload for VM", { type: "VM", payload: SPEC_PAYLOAD }],
    ["the spec's payload for PROCESS", { type: "PROCESS", payload: SPEC_PAYLOAD }],
    ["a process payload without process_name", { type: "PROCESS", payload: { event: "STOPPED" } }],
  ])("refuses %s with 400", async (_, fields) => {
    const t = await ready("upstream");
    const res = await t.refused(400, "POST", "/notifications", {
      body: { notification: { hostname: "compute-1", generated_time: "2030-01-01T00:00:00", ...fields } },
    });
    expect(fault(res).name).toBe("badRequest");
  });

  it("wants Masakari's wrapped body with generated_time", async () => {
    const t = await ready("upstream");
    await t.refused(400, "POST", "/notifications", { bearer: true, body: { hostname: "compute-1", type: "COMPUTE_HOST", payload: HOST_DOWN } });
    await t.refused(400, "POST", "/notifications", { body: { notification: { hostname: "compute-1", type: "COMPUTE_HOST", payload: HOST_DOWN } } });
  });

  it("answers new and ignores host_status UNKNOWN later, as Masakari does", async () => {
    const t = await ready("upstream");
    const res = await t.notify({ payload: { event: "STOPPED", host_status: "UNKNOWN" } });
    expect(res.body.notification.status).toBe("new");
    expect((await t.api("GET", "/notifications?status=new")).body.notifications).toHaveLength(1);
    t.advance(1);
    expect((await t.api("GET", "/notifications?status=ignored")).body.notifications).toHaveLength(1);
  });
});
