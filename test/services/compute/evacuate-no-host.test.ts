// An evacuation with nowhere to go (every other host down): the server ends in ERROR with NoValidHost, its
// migration failed, and its instance action's event closed as Error (not Success).

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { actionApi } from "./server-actions-setup.js";

describe("evacuate without a destination", () => {
  it("ends in ERROR and closes the evacuate action's event as Error", async () => {
    const t = await actionApi();
    const server = await t.active();
    for (const h of ["compute-1", "compute-2", "compute-3"]) await call(t.emu, "POST", `/_emulator/compute/hosts/${h}/fail`);
    expect((await t.action(server.id, { evacuate: {} }, { token: t.admin, version: "2.29" })).status).toBe(200);
    t.advance(10_000);
    const shown = await t.show(server.id);
    expect(shown.status).toBe("ERROR");
    expect(shown.fault.message).toMatch(/No valid host/);
    const actions = (await t.api("GET", `/servers/${server.id}/os-instance-actions`)).body.instanceActions;
    expect(actions[0]).toMatchObject({ action: "evacuate", message: "Error" });
    const detail = (await t.api("GET", `/servers/${server.id}/os-instance-actions/${actions[0].request_id}`)).body.instanceAction;
    expect(detail.events.map((e: any) => e.result)).toEqual(["Error"]);
  });
});
