// Notifications through the HTTP API: POST (202) with every field validated exactly, the spec's bare
// body and type names, the status a notification starts in (always new; the engine decides on the clock's
// next move: ignored for a disabled segment or a host status other than NORMAL, finished for STARTED),
// unknown host 400, host on maintenance 409, duplicates 409 within the detection interval, the created
// event, list filters/sort/paging, show. Refusals leave the state unchanged. (The spec's payload shape for
// every type and the upstream profile: notification-types.test.ts.)

import { describe, expect, it } from "vitest";
import { fault } from "../../helpers/compute.js";
import { haApi, HOST_DOWN } from "./setup.js";

async function ready() {
  const t = await haApi();
  const s = await t.segment();
  const host = await t.host(s.uuid);
  return { t, s, host };
}

describe("create", () => {
  it("keeps generated_time to the microsecond as given, a zone moving it to UTC (Masakari)", async () => {
    const cases: Array<[string, string]> = [
      ["2030-01-01T00:00:00.123456", "2030-01-01T00:00:00.123456"],
      ["2030-01-01 00:00:01.5", "2030-01-01T00:00:01.500000"],
      ["2030-01-01T02:00:02.000007+02:00", "2030-01-01T00:00:02.000007"],
    ];
    for (const [given, shown] of cases) {
      const { t } = await ready();
      const res = await t.notify({ generated_time: given });
      expect(res.status, res.text).toBe(202);
      expect(res.body.notification.generated_time).toBe(shown);
      const read = await t.api("GET", `/notifications/${res.body.notification.notification_uuid}`);
      expect(read.body.notification.generated_time).toBe(shown);
    }
  });

  it("answers 202 with the record, status new, and publishes instance-ha.notification.created", async () => {
    const { t, s, host } = await ready();
    const res = await t.notify({ generated_time: "2030-01-01 00:00:00" });
    expect(res.status, res.text).toBe(202);
    expect(res.body.notification).toEqual({
      id: 1,
      notification_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: "COMPUTE_HOST",
      status: "new",
      source_host_uuid: host.uuid,
      failover_segment_uuid: s.uuid,
      generated_time: "2030-01-01T00:00:00.000000",
      payload: HOST_DOWN,
      message: null,
      created_at: "2030-01-01T00:00:00.000000",
      updated_at: null,
      deleted: false,
      deleted_at: null,
    });
    const events = await t.events("instance-ha.notification.created");
    expect(events.map((e) => e.payload)).toEqual([
      {
        id: res.body.notification.notification_uuid,
        type: "COMPUTE_HOST",
        hostname: "compute-1",
        sourceHostUuid: host.uuid,
        segmentId: s.uuid,
        status: "new",
        payload: HOST_DOWN,
        generatedTime: Date.parse("2030-01-01T00:00:00Z"),
      },
    ]);
  });

  it("takes the spec's request: a bare body with a Bearer token, no generated_time (now), and Masakari's VM/PROCESS payloads under the spec's names", async () => {
    const { t } = await ready();
    t.advance(42_000);
    const res = await t.api("POST", "/notifications", {
      bearer: true,
      body: { hostname: "compute-1", type: "COMPUTE_HOST", payload: { event: "STOPPED", cluster_status: "OFFLINE", host_status: "NORMAL" } },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.notification).toMatchObject({ status: "new", generated_time: "2030-01-01T00:00:42.000000" });
    const vm = await t.api("POST", "/notifications", {
      body: {
        notification: {
          type: "COMPUTE_INSTANCE",
          hostname: "compute-1",
          generated_time: "2030-01-01T00:00:00Z",
          payload: { instance_uuid: "11111111-2222-3333-4444-555555555555", vir_domain_event: "STOPPED_FAILED", event: "LIFECYCLE" },
        },
      },
    });
    expect(vm.status, vm.text).toBe(202);
    expect(vm.body.notification).toMatchObject({ type: "COMPUTE_INSTANCE", status: "new" });
    const proc = await t.notify({ type: "COMPUTE_PROCESS", payload: { process_name: "nova-compute", event: "STOPPED" } });
    expect(proc.body.notification).toMatchObject({ type: "COMPUTE_PROCESS", status: "new" });
    // both names filter
    for (const name of ["COMPUTE_INSTANCE", "VM"]) {
      const listed = await t.api("GET", `/notifications?type=${name}`);
      expect(listed.body.notifications.map((n: any) => n.type)).toEqual(["COMPUTE_INSTANCE"]);
    }
  });

  it.each([
    ["host_status UNKNOWN", { type: "COMPUTE_HOST", payload: { event: "STOPPED", host_status: "UNKNOWN" } }, "ignored", /host_status is UNKNOWN/],
    ["no host_status", { type: "COMPUTE_HOST", payload: { event: "STOPPED", cluster_status: "OFFLINE" } }, "ignored", /no host_status/],
    ["a host STARTED", { type: "COMPUTE_HOST", payload: { event: "STARTED", host_status: "NORMAL" } }, "finished", /STARTED: nothing to recover/],
    ["a process STARTED", { type: "PROCESS", payload: { process_name: "nova-compute", event: "STARTED" } }, "finished", /STARTED: nothing to recover/],
  ])("starts %s as new (listed by status=new); the engine then makes it %s", async (_, body, status, message) => {
    const { t } = await ready();
    const res = await t.notify(body);
    expect(res.status, res.text).toBe(202);
    expect(res.body.notification.status).toBe("new");
    const id = res.body.notification.notification_uuid;
    expect((await t.api("GET", "/notifications?status=new")).body.notifications.map((n: any) => n.notification_uuid)).toEqual([id]);
    t.advance(1);
    const shown = (await t.api("GET", `/notifications/${id}`)).body.notification;
    expect(shown.status).toBe(status);
    expect(shown.message).toMatch(message);
  });

  it("a process STOPPED starts new and runs the process flow on the clock's next move", async () => {
    const { t } = await ready();
    const res = await t.notify({ type: "PROCESS", payload: { process_name: "nova-compute", event: "STOPPED" } });
    expect(res.body.notification.status).toBe("new");
    t.advance(1);
    expect((await t.api("GET", `/notifications/${res.body.notification.notification_uuid}`)).body.notification.status).toBe("finished");
  });

  it("accepts a notification of a disabled segment's host as new, then ignores it (and the segment is free again)", async () => {
    const t = await haApi();
    const s = await t.segment({ enabled: false });
    await t.host(s.uuid);
    const res = await t.notify();
    expect(res.status).toBe(202);
    expect(res.body.notification.status).toBe("new");
    // new is in use, as in Masakari: the segment cannot go until the engine has looked at it
    expect((await t.api("DELETE", `/segments/${s.uuid}`)).status).toBe(409);
    t.advance(1);
    const shown = (await t.api("GET", `/notifications/${res.body.notification.notification_uuid}`)).body.notification;
    expect(shown).toMatchObject({ status: "ignored", message: "Recovery aboart: the segment HA is disabled." });
    expect((await t.api("DELETE", `/segments/${s.uuid}`)).status).toBe(204);
  });

  it.each([
    ["an unknown type", { type: "COMPUTE_NODE" }],
    ["a hostname outside the pattern", { hostname: "compute 1" }],
    ["a 256-character hostname", { hostname: "h".repeat(256) }],
    ["a generated_time that is no date-time", { generated_time: "yesterday" }],
    ["a generated_time on a day that does not exist", { generated_time: "2030-02-30T00:00:00" }],
    ["a payload that is no object", { payload: "STOPPED" }],
    ["a payload value that is no string", { payload: { event: "STOPPED", host_status: 1 } }],
    ["a payload key outside the pattern", { payload: { "ev/ent": "STOPPED" } }],
    ["a host payload without event", { payload: { host_status: "NORMAL" } }],
    ["a host event outside STARTED/STOPPED", { payload: { event: "CRASHED", host_status: "NORMAL" } }],
    ["a host_status outside NORMAL/UNKNOWN", { payload: { event: "STOPPED", host_status: "BROKEN" } }],
    ["a cluster_status outside ONLINE/OFFLINE", { payload: { event: "STOPPED", cluster_status: "DOWN" } }],
    ["an extra host payload key", { payload: { event: "STOPPED", host_status: "NORMAL", extra: "x" } }],
    ["a process payload with an unknown key", { type: "PROCESS", payload: { event: "STOPPED", pid: "42" } }],
    ["a VM payload without vir_domain_event", { type: "VM", payload: { instance_uuid: "11111111-2222-3333-4444-555555555555", event: "LIFECYCLE" } }],
    ["a VM instance_uuid that is no uuid", { type: "VM", payload: { instance_uuid: "abc", vir_domain_event: "STOPPED_FAILED", event: "LIFECYCLE" } }],
  ])("refuses %s with 400", async (_, fields) => {
    const { t } = await ready();
    const res = await t.refused(400, "POST", "/notifications", {
      body: { notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: HOST_DOWN, ...fields } },
    });
    expect(fault(res).name).toBe("badRequest");
  });

  it("refuses a missing field or an extra one in Masakari's wrapped body", async () => {
    const { t } = await ready();
    await t.refused(400, "POST", "/notifications", { body: { notification: { type: "COMPUTE_HOST", hostname: "compute-1" } } });
    await t.refused(400, "POST", "/notifications", { body: { notification: { type: "COMPUTE_HOST", payload: HOST_DOWN } } });
    await t.refused(400, "POST", "/notifications", {
      body: { notification: { type: "COMPUTE_HOST", hostname: "compute-1", payload: HOST_DOWN, status: "finished" } },
    });
    await t.refused(400, "POST", "/notifications", { body: [] });
  });

  it("refuses a hostname that is no host of any segment with 400", async () => {
    const { t } = await ready();
    const res = await t.refused(400, "POST", "/notifications", {
      body: { notification: { type: "COMPUTE_HOST", hostname: "compute-2", generated_time: "2030-01-01T00:00:00", payload: HOST_DOWN } },
    });
    expect(fault(res)).toEqual({ name: "badRequest", code: 400, message: "Host with name compute-2 could not be found." });
  });

  it("refuses a notification from a host on maintenance with 409, whatever its type", async () => {
    const t = await haApi();
    const s = await t.segment();
    await t.host(s.uuid, { on_maintenance: true });
    const res = await t.refused(409, "POST", "/notifications", {
      body: { notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: HOST_DOWN } },
    });
    expect(fault(res)).toEqual({
      name: "conflictingRequest",
      code: 409,
      message: "Notification received from host compute-1 of type 'COMPUTE_HOST' is ignored as the host is already under maintenance.",
    });
    await t.refused(409, "POST", "/notifications", {
      body: { notification: { type: "PROCESS", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: { process_name: "p", event: "STOPPED" } } },
    });
  });

  it("refuses a duplicate (same type, host and payload) generated within 180 s with 409", async () => {
    const { t } = await ready();
    expect((await t.notify({ generated_time: "2030-01-01T00:00:00" })).status).toBe(202);
    const res = await t.refused(409, "POST", "/notifications", {
      body: { notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T00:03:00", payload: { cluster_status: "OFFLINE", host_status: "NORMAL", event: "STOPPED" } } },
    });
    expect(fault(res).message).toBe("Notification received from host compute-1 of type COMPUTE_HOST is duplicate.");
    // an earlier one is a duplicate too (Masakari counts every notification generated since new - interval)
    await t.refused(409, "POST", "/notifications", {
      body: { notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2029-12-31T23:59:00", payload: HOST_DOWN } },
    });
    // a different payload, or one generated 181 s later, is not
    expect((await t.notify({ payload: { event: "STOPPED", host_status: "NORMAL" } })).status).toBe(202);
    expect((await t.notify({ generated_time: "2030-01-01T00:03:01" })).status).toBe(202);
  });
});

describe("list and show", () => {
  async function history() {
    const { t, s, host } = await ready();
    const spare = await t.host(s.uuid, { name: "compute-2" });
    // the clock stands still: the recovery engine does not pick `new` ones up (and put the host on maintenance)
    const a = (await t.notify({ generated_time: "2030-01-01T00:00:00" })).body.notification;
    const b = (await t.notify({ hostname: "compute-2", generated_time: "2030-01-01T01:00:00", payload: { event: "STOPPED", host_status: "UNKNOWN" } })).body.notification;
    const c = (await t.notify({ type: "PROCESS", generated_time: "2030-01-01T02:00:00", payload: { process_name: "nova-compute", event: "STOPPED" } })).body
      .notification;
    return { t, host, spare, a, b, c };
  }
  const ids = (res: { body: any }) => res.body.notifications.map((n: any) => n.notification_uuid);

  it("lists newest first and filters by status (the spec's status filter new), source host, type and generated-since", async () => {
    const { t, host, spare, a, b, c } = await history();
    expect(ids(await t.api("GET", "/notifications"))).toEqual([c.notification_uuid, b.notification_uuid, a.notification_uuid]);
    // every one is new until the engine looks at it (b, host_status UNKNOWN, too)
    expect(ids(await t.api("GET", "/notifications?status=new"))).toEqual([c.notification_uuid, b.notification_uuid, a.notification_uuid]);
    expect(ids(await t.api("GET", "/notifications?status=ignored"))).toEqual([]);
    expect(ids(await t.api("GET", `/notifications?source_host_uuid=${spare.uuid}`))).toEqual([b.notification_uuid]);
    expect(ids(await t.api("GET", `/notifications?source_host_uuid=${host.uuid}&type=COMPUTE_HOST`))).toEqual([a.notification_uuid]);
    expect(ids(await t.api("GET", "/notifications?generated-since=2030-01-01T00:30:00"))).toEqual([c.notification_uuid, b.notification_uuid]);
    expect(ids(await t.api("GET", "/notifications?generated-since=2030-01-01 01:00:00"))).toEqual([c.notification_uuid, b.notification_uuid]);
    const bad = await t.api("GET", "/notifications?generated-since=soon");
    expect(bad.status).toBe(400);
    expect(fault(bad).name).toBe("badRequest");
  });

  it("sorts and pages the way the SDK does (limit, then marker = the last integer id until empty)", async () => {
    const { t, a, b, c } = await history();
    expect(ids(await t.api("GET", "/notifications?sort_key=generated_time&sort_dir=asc"))).toEqual([
      a.notification_uuid,
      b.notification_uuid,
      c.notification_uuid,
    ]);
    // by the type's name as shown (COMPUTE_HOST, COMPUTE_PROCESS), then generated_time
    expect(ids(await t.api("GET", "/notifications?sort_key=type&sort_dir=asc&sort_key=generated_time&sort_dir=desc"))).toEqual([
      b.notification_uuid,
      a.notification_uuid,
      c.notification_uuid,
    ]);
    const pages: string[][] = [];
    let marker = "";
    for (;;) {
      const page = await t.api("GET", `/notifications?limit=2${marker}`);
      expect(page.status).toBe(200);
      if (page.body.notifications.length === 0) break;
      pages.push(ids(page));
      marker = `&marker=${page.body.notifications.at(-1).id}`;
    }
    expect(pages).toEqual([[c.notification_uuid, b.notification_uuid], [a.notification_uuid]]);
    expect(ids(await t.api("GET", `/notifications?marker=${b.notification_uuid}`))).toEqual([a.notification_uuid]);
    expect((await t.api("GET", "/notifications?marker=x")).status).toBe(400);
    expect((await t.api("GET", "/notifications?sort_key=payload")).status).toBe(400);
  });

  it("shows one; recovery_workflow_details from 1.1; 404 for an unknown or non-uuid id", async () => {
    const { t, a } = await history();
    const v10 = await t.api("GET", `/notifications/${a.notification_uuid}`);
    expect(v10.status).toBe(200);
    expect(v10.body.notification).not.toHaveProperty("recovery_workflow_details");
    const v11 = await t.api("GET", `/notifications/${a.notification_uuid}`, { version: "1.1" });
    expect(v11.body.notification).toMatchObject({ notification_uuid: a.notification_uuid, recovery_workflow_details: [] });
    // lists never carry the details
    expect((await t.api("GET", "/notifications", { version: "1.3" })).body.notifications[0]).not.toHaveProperty("recovery_workflow_details");
    const missing = await t.api("GET", "/notifications/nope");
    expect(missing.status).toBe(404);
    expect(fault(missing)).toEqual({ name: "itemNotFound", code: 404, message: "No notification with id nope." });
  });
});
