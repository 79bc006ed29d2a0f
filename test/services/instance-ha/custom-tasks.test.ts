// JavaScript custom tasks (BaseTask): a module named in a config file (its path relative to the file), and
// task objects or factories handed over in code; both run in the host failure flow, can be named by a
// later reconfiguration, and a bad module or task is an error at start.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { optionsFromFile, resolveOptions, OptionsError } from "../../../src/config.js";
import type { BaseTask } from "../../../src/services/instance-ha/engine/index.js";
import { haCluster } from "./engine-setup.js";

const MODULE = `
// default export: an array of tasks (an object, and a function making a fresh one per try)
export default [
  { name: "AuditTask", execute(ctx) { ctx.progress("audited " + ctx.hostname, 1); } },
  () => {
    let calls = 0;
    return {
      name: "SlowTask",
      execute(ctx) {
        calls++;
        if (calls < 3) return { again: 5000 };
        ctx.progress("done after " + calls + " calls", 1);
      },
    };
  },
];
`;

function configDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "skymock-tasks-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("custom tasks", () => {
  it("a config file's module (relative to the file) registers its tasks, which the host failure flow runs", async () => {
    const dir = configDir({
      "tasks.mjs": MODULE,
      "skymock.json": JSON.stringify({
        instanceHa: {
          customTasks: ["./tasks.mjs"],
          recoveryWorkflowOnStop: { targets: ["disableComputeNodeTask", "AuditTask", "SlowTask", "PrepareHAEnabled", "EvacuateHost"] },
        },
      }),
    });
    const file = optionsFromFile(join(dir, "skymock.json"));
    const instanceHa = resolveOptions(file).instanceHa!;
    expect(instanceHa.customTasks).toEqual([join(dir, "tasks.mjs")]);

    const t = await haCluster(instanceHa as never);
    expect((await t.control("GET", "/instance-ha/config")).body.availableTasks.javascript).toEqual(["AuditTask", "SlowTask"]);
    await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = (await t.notification()).notification_uuid;
    const end = await t.control("POST", `/instance-ha/notifications/${id}/advance`);
    expect(end.body.status).toBe("finished");
    const details = (await t.notification(id)).recovery_workflow_details;
    expect(details.map((d: any) => [d.name, d.state])).toEqual([
      ["DisableComputeServiceTask", "SUCCESS"],
      ["AuditTask", "SUCCESS"],
      ["SlowTask", "SUCCESS"],
      ["PrepareHAEnabledInstancesTask", "SUCCESS"],
      ["EvacuateInstancesTask", "SUCCESS"],
    ]);
    expect(details[1].progress_details[0].message).toBe("audited compute-1");
    expect(details[2].progress_details[0].message).toBe("done after 3 calls");
  });

  it("tasks handed over in code run, and a reconfiguration may name them (only them)", async () => {
    const reverted: string[] = [];
    const tag: BaseTask = {
      name: "TagTask",
      execute: (ctx) => ctx.progress(`tagged ${ctx.notification.id}`, 1),
      revert: (ctx) => void reverted.push(ctx.hostname),
    };
    const boom = () => ({ name: "Boom", execute: () => { throw new Error("boom"); } }) satisfies BaseTask;
    const t = await haCluster({ customTasks: [tag, boom], taskAttempts: 1 });
    const ok = await t.control("PUT", "/instance-ha/config", { recoveryWorkflowOnStop: { targets: ["TagTask", "Boom"] } });
    expect(ok.status).toBe(200);
    expect(ok.body.availableTasks.javascript).toEqual(["TagTask", "Boom"]);
    expect((await t.control("PUT", "/instance-ha/config", { recoveryWorkflowOnStop: { targets: ["Other"] } })).status).toBe(400);

    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = (await t.notification()).notification_uuid;
    expect((await t.control("POST", `/instance-ha/notifications/${id}/advance`, { until: "error" })).body.status).toBe("error");
    const n = await t.notification(id);
    expect(n.recovery_workflow_details.map((d: any) => [d.name, d.state])).toEqual([
      ["TagTask", "REVERTED"],
      ["Boom", "FAILURE"],
    ]);
    expect(n.recovery_workflow_details[0].progress_details[0].message).toBe(`tagged ${id}`);
    expect(reverted).toEqual(["compute-1"]);
  });

  it("a config file's customTasks must be paths or tasks; a module that is missing or exports no task fails the start", async () => {
    expect(() => resolveOptions({ instanceHa: { customTasks: [42 as never] } })).toThrow(OptionsError);
    expect(() => resolveOptions({ instanceHa: { customTasks: [{ name: "x" } as never] } })).toThrow(/instanceHa/);
    const dir = configDir({ "empty.mjs": "export default { nothing: true };", "twice.mjs": "export default [{ name: 'A', execute() {} }, { name: 'A', execute() {} }];" });
    await expect(haCluster({ customTasks: [join(dir, "missing.mjs")] })).rejects.toThrow(/customTasks: cannot load .*missing\.mjs/);
    await expect(haCluster({ customTasks: [join(dir, "empty.mjs")] })).rejects.toThrow(/empty\.mjs: not a task/);
    await expect(haCluster({ customTasks: [join(dir, "twice.mjs")] })).rejects.toThrow(/a task named A is registered twice/);
  });
});
