// Fault rules on the steps a compute host carries out (compute.server.reboot, .stop, .start, .pause,
// .unpause, .suspend, .resume, .rebuild, .evacuate): the step fails, the server goes to ERROR with the
// rule's status and message as its fault; a failed evacuation stays on its source host, the destination's
// claim given back and the migration `failed`.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, actionApi, CIRROS, states, type ActionApi } from "./server-actions-setup.js";

async function rule(t: ActionApi, body: Record<string, unknown>) {
  const res = await call(t.emu, "POST", "/_emulator/faults", { body: { effect: { type: "error", status: 503, message: "hypervisor said no" }, ...body } });
  expect(res.status, res.text).toBe(201);
}

const instanceErrors = async (t: ActionApi) => (await t.events("compute.instance.error")).map((e) => e.payload);

describe("a fault rule on a server step", () => {
  it("fails the step it names, for the servers it matches: ERROR with the rule's status and message, the host kept", async () => {
    const t = await actionApi();
    const doomed = await t.active({ name: "doomed-1" });
    const spared = await t.active({ name: "spared" });
    await rule(t, { operation: "compute.server.stop", resourceName: "doomed*" });
    for (const s of [doomed, spared]) await t.ok(s.id, { "os-stop": null });
    t.advance(ACTION_MS);
    const failed = await t.show(doomed.id);
    expect(states(failed)).toMatchObject({ status: "ERROR", vm: "error", task: null });
    expect(failed.fault).toMatchObject({ code: 503, message: "hypervisor said no" });
    expect(failed["OS-EXT-SRV-ATTR:host"]).toBe(doomed["OS-EXT-SRV-ATTR:host"]);
    expect((await t.show(spared.id)).status).toBe("SHUTOFF");
    expect(await instanceErrors(t)).toEqual([{ host: doomed["OS-EXT-SRV-ATTR:host"], serverId: doomed.id, projectId: expect.any(String), cause: "server_error" }]);
    // the action's event ends in Error, as Nova's does
    const actions = (await t.api("GET", `/servers/${doomed.id}/os-instance-actions`, { token: t.admin })).body.instanceActions;
    const stop = (await t.api("GET", `/servers/${doomed.id}/os-instance-actions/${actions[0].request_id}`, { token: t.admin, version: "2.51" })).body.instanceAction;
    expect(stop.events.map((e: any) => e.result)).toEqual(["Error"]);
  });

  it("a failed rebuild from ERROR publishes no second compute.instance.error; a rebuild that then works clears the fault", async () => {
    const t = await actionApi();
    const server = await t.active();
    await rule(t, { operation: "compute.server.rebuild", times: 2 });
    for (let i = 0; i < 2; i++) {
      await t.ok(server.id, { rebuild: { imageRef: CIRROS } }, 202, { token: t.admin });
      t.advance(ACTION_MS);
      expect((await t.show(server.id)).status).toBe("ERROR");
    }
    expect(await instanceErrors(t)).toHaveLength(1);
    await t.ok(server.id, { rebuild: { imageRef: CIRROS } }, 202, { token: t.admin });
    t.advance(ACTION_MS);
    const rebuilt = await t.show(server.id);
    expect(rebuilt.status).toBe("ACTIVE");
    expect(rebuilt.fault).toBeUndefined();
  });

  it("a failed evacuation: ERROR on the failed source host, the destination's claim back, the migration failed, no instance error", async () => {
    const t = await actionApi();
    const server = await t.active();
    const source = (await t.show(server.id))["OS-EXT-SRV-ATTR:host"];
    await rule(t, { operation: "compute.server.evacuate", times: 1 });
    await call(t.emu, "POST", `/_emulator/compute/hosts/${source}/fail`);
    await t.ok(server.id, { evacuate: {} }, 200, { token: t.admin, version: "2.14" });
    const dest = (await t.hosts()).find((h) => h.name !== source && h.vcpusUsed > 0)!;
    expect(dest).toBeDefined();
    t.advance(ACTION_MS);
    const failed = await t.show(server.id);
    expect({ status: failed.status, host: failed["OS-EXT-SRV-ATTR:host"], fault: failed.fault?.message }).toEqual({ status: "ERROR", host: source, fault: "hypervisor said no" });
    expect((await t.hosts()).find((h) => h.name === dest.name)!.vcpusUsed).toBe(0);
    const migrations = (await t.api("GET", `/os-migrations?instance_uuid=${server.id}`, { token: t.admin, version: "2.59" })).body.migrations;
    expect(migrations.map((m: any) => [m.migration_type, m.status, m.source_compute])).toEqual([["evacuation", "failed", source]]);
    expect((await instanceErrors(t)).map((e) => e.cause)).toEqual(["host_failure"]);
    // the rule spent, a second evacuation works
    await t.ok(server.id, { evacuate: {} }, 200, { token: t.admin, version: "2.14" });
    t.advance(ACTION_MS);
    expect((await t.show(server.id))["OS-EXT-SRV-ATTR:host"]).not.toBe(source);
  });
});
