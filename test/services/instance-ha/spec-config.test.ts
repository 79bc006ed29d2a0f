// The spec's configuration keys (Events 3): `notification_drivers` and the section
// `recovery_workflow_on_stop` with its comma-separated `targets`, in a config file's instanceHa object and in
// PUT /_emulator/instance-ha/config, beside the camelCase keys; and the periodic task armed again by a
// reconfiguration or an import, so a notification left `new` meanwhile is retried.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OptionsError, optionsFromFile, resolveOptions } from "../../../src/config.js";
import { haCluster, type Cluster } from "./engine-setup.js";

const SPEC_BODY = {
  notification_drivers: ["nova_notification", "taskflow"],
  recovery_workflow_on_stop: { targets: "disableComputeNodeTask,PrepareHAEnabled,EvacuateHost" },
};

async function hostDown(t: Cluster, host = "compute-1"): Promise<string> {
  expect((await t.control("POST", `/compute/hosts/${host}/fail`)).status).toBe(200);
  const list = (await t.ha("GET", "/notifications?sort_key=created_at&sort_dir=desc")).body.notifications;
  return list[0].notification_uuid;
}

describe("the spec's configuration keys", () => {
  it("PUT /config takes notification_drivers and recovery_workflow_on_stop.targets (comma-separated or a list)", async () => {
    const t = await haCluster();
    const put = await t.control("PUT", "/instance-ha/config", SPEC_BODY);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      notificationDrivers: ["nova_notification", "taskflow"],
      recoveryWorkflowOnStop: { targets: ["disableComputeNodeTask", "PrepareHAEnabled", "EvacuateHost"] },
    });
    expect((await t.control("GET", "/instance-ha/config")).body).toEqual(put.body);

    // an ordered list of the spec's tasks: the next host failure runs exactly those
    const only = await t.control("PUT", "/instance-ha/config", { recovery_workflow_on_stop: { targets: ["disableComputeNodeTask"] } });
    expect(only.body.recoveryWorkflowOnStop.targets).toEqual(["disableComputeNodeTask"]);
    const id = await hostDown(t);
    expect((await t.control("POST", `/instance-ha/notifications/${id}/advance`)).body.status).toBe("finished");
    expect((await t.notification(id)).recovery_workflow_details.map((d: any) => d.name)).toEqual(["DisableComputeServiceTask"]);
  });

  it("both spellings at once: accepted when they agree, a 400 naming both when they do not", async () => {
    const t = await haCluster();
    const agree = await t.control("PUT", "/instance-ha/config", {
      notification_drivers: "nova_notification, taskflow",
      notificationDrivers: ["nova_notification", "taskflow"],
    });
    expect(agree.status).toBe(200);
    expect(agree.body.notificationDrivers).toEqual(["nova_notification", "taskflow"]);

    const before = (await t.control("GET", "/instance-ha/config")).body;
    const clash = await t.control("PUT", "/instance-ha/config", {
      recovery_workflow_on_stop: { targets: "disableComputeNodeTask" },
      recoveryWorkflowOnStop: { targets: ["EvacuateHost"] },
    });
    expect(clash.status).toBe(400);
    expect(clash.text).toMatch(/recovery_workflow_on_stop and recoveryWorkflowOnStop are two spellings of one setting and disagree/);
    expect((await t.control("GET", "/instance-ha/config")).body).toEqual(before);
  });

  it.each([
    [{ recovery_workflow_on_stop: { targets: "disableComputeNodeTask,Nope" } }, /unknown task Nope. Known tasks: disableComputeNodeTask, PrepareHAEnabled, EvacuateHost/],
    [{ notification_drivers: ["smoke_signals"] }, /notificationDrivers/],
    [{ recovery_workflow_on_stop: { targets: "EvacuateHost", extra: 1 } }, /extra/],
  ])("refuses %j with a 400 and changes nothing", async (body, message) => {
    const t = await haCluster();
    const before = (await t.control("GET", "/instance-ha/config")).body;
    const res = await t.control("PUT", "/instance-ha/config", body);
    expect(res.status).toBe(400);
    expect(res.text).toMatch(message);
    expect((await t.control("GET", "/instance-ha/config")).body).toEqual(before);
  });

  it("a config file's instanceHa object takes the spec's keys; disagreeing spellings fail the start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "skymock-ha-config-"));
    const file = join(dir, "skymock.yaml");
    writeFileSync(
      file,
      ["instanceHa:", "  notification_drivers: nova_notification,taskflow", "  recovery_workflow_on_stop:", "    targets: disableComputeNodeTask, EvacuateHost", ""].join("\n"),
    );
    const instanceHa = resolveOptions(optionsFromFile(file)).instanceHa!;
    expect(instanceHa).toMatchObject({ notificationDrivers: ["nova_notification", "taskflow"], recoveryWorkflowOnStop: { targets: ["disableComputeNodeTask", "EvacuateHost"] } });
    const t = await haCluster(instanceHa as never);
    const shown = (await t.control("GET", "/instance-ha/config")).body;
    expect(shown).toMatchObject({ notificationDrivers: ["nova_notification", "taskflow"], recoveryWorkflowOnStop: { targets: ["disableComputeNodeTask", "EvacuateHost"] } });

    const clash = () => resolveOptions({ instanceHa: { notification_drivers: ["taskflow"], notificationDrivers: ["nova_notification"] } });
    expect(clash).toThrow(OptionsError);
    expect(clash).toThrow(/config key instanceHa: .* is not valid: notification_drivers and notificationDrivers are two spellings of one setting/);
    expect(() => resolveOptions({ instanceHa: { recovery_workflow_on_stop: { targets: 3 as never } } })).toThrow(/config key instanceHa/);
  });
});

describe("the periodic task after a reconfiguration or an import", () => {
  it("a notification left `new` while taskflow was off is picked up once the drivers are reconfigured", async () => {
    const t = await haCluster();
    expect((await t.control("PUT", "/instance-ha/config", { notification_drivers: ["nova_notification"] })).status).toBe(200);
    const id = await hostDown(t);
    t.advance(1_800_000); // (within the token's hour)
    expect((await t.notification(id)).status).toBe("new");
    expect((await t.control("GET", "/instance-ha/recoveries")).body.periodicTaskAt).toBeNull();

    expect((await t.control("PUT", "/instance-ha/config", SPEC_BODY)).status).toBe(200);
    expect((await t.control("GET", "/instance-ha/recoveries")).body.periodicTaskAt).not.toBeNull();
    const end = await t.control("POST", `/instance-ha/notifications/${id}/advance`);
    expect(end.body).toMatchObject({ status: "finished" });
    // the periodic task's interval (process_unfinished_notifications_interval, 120 s), then the flow
    expect(end.body.advancedMs).toBeGreaterThanOrEqual(120_000);
  });

  it("a snapshot holding a `new` notification is picked up after PUT /_emulator/state", async () => {
    const off = await haCluster({ notificationDrivers: ["nova_notification"] });
    const id = await hostDown(off);
    const snapshot = (await off.control("GET", "/state")).body;
    await off.emu.close();

    const t = await haCluster();
    expect((await t.control("GET", "/instance-ha/recoveries")).body.periodicTaskAt).toBeNull();
    expect((await t.control("PUT", "/state", snapshot)).status).toBe(200);
    expect((await t.notification(id)).status).toBe("new");
    expect((await t.control("GET", "/instance-ha/recoveries")).body.periodicTaskAt).not.toBeNull();
    expect((await t.control("POST", `/instance-ha/notifications/${id}/advance`)).body.status).toBe("finished");
  });

  it("an idle emulator's reconfiguration plans nothing", async () => {
    const t = await haCluster();
    expect((await t.control("PUT", "/instance-ha/config", SPEC_BODY)).status).toBe(200);
    expect((await t.control("GET", "/instance-ha/recoveries")).body.periodicTaskAt).toBeNull();
  });
});
