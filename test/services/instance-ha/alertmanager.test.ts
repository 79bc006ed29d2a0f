// The webhook driver's Alertmanager intake: POST /instance-ha/v1[/{project_id}]/alertmanager with the body
// Alertmanager's webhook receiver sends; firing alerts matched by the label rules become notifications, the
// rest are reported per alert.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { haCluster } from "./engine-setup.js";

const DRIVERS = ["nova_notification", "taskflow", "webhook"];

const alert = (status: "firing" | "resolved", labels: Record<string, string>) => ({
  status,
  labels,
  annotations: { summary: "test" },
  startsAt: "2030-01-01T00:00:00Z",
  endsAt: "0001-01-01T00:00:00Z",
  generatorURL: "http://prometheus:9090/graph",
  fingerprint: `fp-${labels.alertname}-${labels.instance ?? labels.host ?? ""}`,
});

const payload = (alerts: unknown[]) => ({
  receiver: "instance-ha",
  status: "firing",
  alerts,
  groupLabels: { alertname: "HostDown" },
  commonLabels: {},
  commonAnnotations: {},
  externalURL: "http://alertmanager:9093",
  version: "4",
  groupKey: '{}:{alertname="HostDown"}',
  truncatedAlerts: 0,
});

async function cluster(drivers = DRIVERS) {
  const t = await haCluster({ notificationDrivers: drivers });
  const post = (body: unknown, token = t.admin, path = "/instance-ha/v1/alertmanager") =>
    call(t.emu, "POST", path, { body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { t, post };
}

describe("Alertmanager intake", () => {
  it("makes a COMPUTE_HOST notification of a firing HostDown alert and reports every other alert", async () => {
    const { t, post } = await cluster();
    const res = await post(
      payload([
        alert("firing", { alertname: "HostDown", instance: "compute-1:9100", severity: "critical" }),
        alert("resolved", { alertname: "NodeDown", host: "compute-2" }),
        alert("firing", { alertname: "HighCPU", instance: "compute-2:9100" }),
        alert("firing", { alertname: "nodedown", host: "compute-9" }),
        alert("firing", { alertname: "HostDown", job: "node" }),
      ]),
    );
    expect(res.status).toBe(200);
    const notifications = (await t.ha("GET", "/notifications")).body.notifications;
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      type: "COMPUTE_HOST",
      status: "new",
      payload: { event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" },
    });
    expect(res.body).toEqual({
      created: 1,
      skipped: 4,
      alerts: [
        {
          alert: 0, alertname: "HostDown", fingerprint: "fp-HostDown-compute-1:9100", hostname: "compute-1", status: "created",
          notification_uuid: notifications[0].notification_uuid, notification_status: "new",
        },
        { alert: 1, alertname: "NodeDown", fingerprint: "fp-NodeDown-compute-2", hostname: null, status: "skipped", reason: "resolved: nothing to recover" },
        { alert: 2, alertname: "HighCPU", fingerprint: "fp-HighCPU-compute-2:9100", hostname: null, status: "skipped", reason: "no label rule matches the alert" },
        { alert: 3, alertname: "nodedown", fingerprint: "fp-nodedown-compute-9", hostname: "compute-9", status: "skipped", reason: "the host is in no failover segment" },
        { alert: 4, alertname: "HostDown", fingerprint: "fp-HostDown-", hostname: null, status: "skipped", reason: "the alert has none of the labels instance, host" },
      ],
    });
    expect((await t.events("instance-ha.alert.skipped")).map((e) => e.payload.host)).toEqual([null, null, "compute-9", null]);
    // the engine recovers it like any other notification
    const done = await t.control("POST", `/instance-ha/notifications/${notifications[0].notification_uuid}/advance`);
    expect(done.body.status).toBe("finished");
  });

  it("the same alert again (Alertmanager's repeat) is a duplicate within the detection interval: reported, not a 409", async () => {
    const { t, post } = await cluster();
    const body = payload([alert("firing", { alertname: "HostDown", host: "compute-2" })]);
    // the catalog's form of the path names the token's own project (another project is refused: project-path.test.ts)
    const me = await call(t.emu, "GET", "/identity/v3/auth/tokens", { token: t.admin, headers: { "X-Subject-Token": t.admin } });
    expect((await post(body, t.admin, `/instance-ha/v1/${me.body.token.project.id}/alertmanager`)).body.created).toBe(1);
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 0, skipped: 1 });
    expect(again.body.alerts[0].reason).toMatch(/compute-2/);
    expect((await t.ha("GET", "/notifications")).body.notifications).toHaveLength(1);
  });

  it("label rules come from the configuration", async () => {
    const { t, post } = await cluster();
    const put = await t.control("PUT", "/instance-ha/config", {
      notificationDrivers: DRIVERS,
      alertmanager: {
        rules: [
          {
            match: { alertname: "NovaComputeDown", severity: "critical|page" },
            hostLabels: ["nodename"],
            type: "PROCESS",
            payload: { event: "STOPPED", process_name: "nova-compute" },
          },
        ],
      },
    });
    expect(put.status).toBe(200);
    const res = await post(
      payload([
        alert("firing", { alertname: "NovaComputeDown", severity: "page", nodename: "compute-3" }),
        alert("firing", { alertname: "NovaComputeDown", severity: "warning", nodename: "compute-2" }),
        alert("firing", { alertname: "HostDown", instance: "compute-1" }),
      ]),
    );
    expect(res.body.alerts.map((a: any) => a.status)).toEqual(["created", "skipped", "skipped"]);
    const [n] = (await t.ha("GET", "/notifications")).body.notifications;
    expect(n).toMatchObject({ type: "COMPUTE_PROCESS", payload: { event: "STOPPED", process_name: "nova-compute" } });
  });

  it("refuses a bad body (400), a bad rule (400), a member (403), no token (401) and a disabled driver (409), creating nothing", async () => {
    const { t, post } = await cluster();
    const firing = payload([alert("firing", { alertname: "HostDown", host: "compute-1" })]);
    const bad = await post({ version: "4", alerts: [{ status: "pending", labels: {} }] });
    expect(bad.status).toBe(400);
    expect(bad.body.badRequest.message).toMatch(/status/);
    expect((await post({ version: "4" })).status).toBe(400);
    expect((await post(firing, t.demo)).status).toBe(403);
    expect((await post(firing, "")).status).toBe(401);
    const rule = await t.control("PUT", "/instance-ha/config", { alertmanager: { rules: [{ match: { alertname: "(" } }] } });
    expect(rule.status).toBe(400);
    expect(rule.text).toMatch(/not a regular expression/);
    const { t: off, post: postOff } = await cluster(["nova_notification", "taskflow"]);
    const refused = await postOff(firing, off.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.conflictingRequest.message).toMatch(/webhook notification driver is off/);
    for (const x of [t, off]) expect((await x.ha("GET", "/notifications")).body.notifications).toEqual([]);
  });
});
