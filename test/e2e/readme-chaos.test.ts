// The README's chaos walkthrough, run as written against a real process (`npm start -- --seed ha-cluster
// --frozen-clock`): the unmodified CLI with its masakari plugin, the control API failing compute-1 and a
// fault rule failing two evacuation tries, the recovery advanced to its end, and the spec's Bearer
// request. Then, through the same HTTP interface, what a user would check: the notification finished after
// the retries, compute-1 disabled, every server that was on it elsewhere (the stopped one still SHUTOFF),
// and the Bearer notification new, then ignored (host_status UNKNOWN) once the clock moves.

import { afterAll, describe, expect, it } from "vitest";
import { adminEnv, clientSkipReason, loginWithEnvironment } from "../helpers/openstack-cli.js";
import { runWalkthrough, type Walkthrough } from "../helpers/readme-run.js";

const skip = clientSkipReason("readme-chaos.test.ts", "openstack", "masakari");

let run: Walkthrough | undefined;
afterAll(() => run?.close());

async function json(url: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

describe.skipIf(skip)(skip ? `README chaos walkthrough (skipped: ${skip})` : "README chaos walkthrough", () => {
  it("recovers compute-1 as written, through retried evacuations", async () => {
    run = await runWalkthrough("## Chaos testing: a host fails, instance HA recovers it");
    if (run.code !== 0) console.error(run.output);
    expect(run.code).toBe(0);

    const auth = await loginWithEnvironment(adminEnv(run.url));
    const headers = { "X-Auth-Token": auth.headers.get("x-subject-token")!, "OpenStack-API-Version": "instance-ha 1.1" };

    const list = async () => (await json(`${run!.url}/instance-ha/v1/notifications?sort_key=created_at&sort_dir=asc`, { headers })).notifications;
    let byHost = Object.fromEntries((await list()).map((n: any) => [n.payload.host_status, n]));
    expect(byHost.NORMAL.status).toBe("finished");
    // the Bearer notification is new until the (frozen) clock moves; then the engine ignores it
    expect(byHost.UNKNOWN.status).toBe("new");
    await json(`${run.url}/_emulator/clock/advance`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ by: "1s" }) });
    byHost = Object.fromEntries((await list()).map((n: any) => [n.payload.host_status, n]));
    expect(byHost.UNKNOWN).toMatchObject({ status: "ignored", message: "Ignored: host_status is UNKNOWN; evacuating a host that may still run is unsafe." });
    const shown = (await json(`${run.url}/instance-ha/v1/notifications/${byHost.NORMAL.notification_uuid}`, { headers })).notification;
    expect(shown.recovery_workflow_details.map((d: any) => [d.name, d.state])).toEqual([
      ["DisableComputeServiceTask", "SUCCESS"],
      ["PrepareHAEnabledInstancesTask", "SUCCESS"],
      ["EvacuateInstancesTask", "SUCCESS"],
    ]);
    // the fault rule fired twice: two tries failed before the third evacuated everything
    const fired = (await json(`${run.url}/_emulator/faults/fired`)).fired;
    expect(fired.filter((f: any) => f.operation === "instance-ha.task.EvacuateHost")).toHaveLength(2);

    const compute = { ...headers, "OpenStack-API-Version": "compute 2.53" };
    const { services } = await json(`${run.url}/compute/v2.1/os-services?host=compute-1&binary=nova-compute`, { headers: compute });
    expect(services[0]).toMatchObject({ status: "disabled", state: "down", disabled_reason: "Masakari detected host failed." });
    const { servers } = await json(`${run.url}/compute/v2.1/servers/detail?all_tenants=1`, { headers: compute });
    expect(servers).toHaveLength(6);
    for (const s of servers) expect(s["OS-EXT-SRV-ATTR:host"]).not.toBe("compute-1");
    const status = Object.fromEntries(servers.map((s: any) => [s.name, s.status]));
    expect(status).toEqual({ "web-1": "ACTIVE", "web-2": "ACTIVE", "batch-1": "SHUTOFF", "db-1": "ACTIVE", "cache-1": "ACTIVE", "app-1": "ACTIVE" });
  }, 240_000);
});
