// An attached volume extended through the block storage API (3.42+) shows on its server as Nova's
// `extend_volume` instance action, whose compute_extend_volume event has finished with Success; a volume
// extended while detached records nothing.

import { expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { computeApi } from "../../helpers/compute.js";

it("records extend_volume on the server an in-use volume is attached to, once the extend finishes", async () => {
  const t = await computeApi();
  const server = await t.active();
  const created = await call(t.emu, "POST", "/volume/v3/volumes", { token: t.demo, body: { volume: { size: 1 } } });
  t.advance(2000);
  const volumeId = created.body.volume.id;
  const actions = async () => (await t.api("GET", `/servers/${server.id}/os-instance-actions`, { token: t.demo })).body.instanceActions.map((a: any) => a.action);
  const extend = (size: number) =>
    call(t.emu, "POST", `/volume/v3/volumes/${volumeId}/action`, { token: t.demo, body: { "os-extend": { new_size: size } }, headers: { "OpenStack-API-Version": "volume 3.42" } });

  // detached: nothing for the server
  expect((await extend(2)).status).toBe(202);
  t.advance(5000);
  expect(await actions()).not.toContain("extend_volume");

  expect((await t.api("POST", `/servers/${server.id}/os-volume_attachments`, { token: t.demo, body: { volumeAttachment: { volumeId } } })).status).toBe(200);
  t.advance(5000);
  expect((await extend(3)).status).toBe(202);
  expect(await actions()).not.toContain("extend_volume");
  t.advance(5000);
  const list = (await t.api("GET", `/servers/${server.id}/os-instance-actions`, { token: t.demo })).body.instanceActions;
  const action = list.find((a: any) => a.action === "extend_volume");
  expect(action).toMatchObject({ instance_uuid: server.id, project_id: server.tenant_id });
  const shown = (await t.api("GET", `/servers/${server.id}/os-instance-actions/${action.request_id}`, { token: t.admin })).body.instanceAction;
  expect(shown.events).toEqual([expect.objectContaining({ event: "compute_extend_volume", result: "Success" })]);
  expect(shown.events[0].finish_time).not.toBeNull();
});
