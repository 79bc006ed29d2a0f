// os-instance-actions: every action on a server is recorded under its request id (x-openstack-request-id),
// newest first; events (admins, and owners from 2.51) end when the server comes to rest; 2.58 updated_at
// and paging; 2.62 hostId (host for admins); a refused action leaves no record; a deleted server's log stays (2.21).

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, BUILD_MS, CIRROS, actionApi, fault } from "./server-actions-setup.js";

describe("os-instance-actions", () => {
  it("lists the actions newest first with the request ids the API answered with, the create first of all", async () => {
    const t = await actionApi();
    const server = await t.active();
    const stop = await t.ok(server.id, { "os-stop": null });
    t.advance(ACTION_MS);
    const start = await t.ok(server.id, { "os-start": null });
    await t.refuse(server.id, { "os-start": null }, 409);
    const res = await t.api("GET", `/servers/${server.id}/os-instance-actions`, { token: t.demo });
    expect(res.status).toBe(200);
    expect(res.body.instanceActions).toEqual([
      { action: "start", instance_uuid: server.id, message: null, project_id: t.demoProject, request_id: start.headers.get("x-openstack-request-id"), start_time: "2030-01-01T00:00:07.000000", user_id: t.demoUser },
      { action: "stop", instance_uuid: server.id, message: null, project_id: t.demoProject, request_id: stop.headers.get("x-openstack-request-id"), start_time: "2030-01-01T00:00:05.000000", user_id: t.demoUser },
      expect.objectContaining({ action: "create", instance_uuid: server.id, start_time: "2030-01-01T00:00:00.000000", user_id: t.demoUser }),
    ]);
  });

  it("shows one action with its event, finished when the server came to rest; owners see events from 2.51", async () => {
    const t = await actionApi();
    const server = await t.active();
    const reqId = (await t.ok(server.id, { reboot: { type: "SOFT" } })).headers.get("x-openstack-request-id")!;
    const path = `/servers/${server.id}/os-instance-actions/${reqId}`;
    const running = (await t.api("GET", path, { version: "2.62" })).body.instanceAction;
    expect(running.events).toEqual([
      { event: "compute_reboot_instance", start_time: "2030-01-01T00:00:05.000000", finish_time: null, result: null, traceback: null, host: server["OS-EXT-SRV-ATTR:host"], hostId: server.hostId },
    ]);
    t.advance(ACTION_MS);
    const done = (await t.api("GET", path, { version: "2.58" })).body.instanceAction;
    expect(done).toMatchObject({ action: "reboot", request_id: reqId, updated_at: "2030-01-01T00:00:07.000000" });
    expect(done.events[0]).toMatchObject({ finish_time: "2030-01-01T00:00:07.000000", result: "Success" });
    expect((await t.api("GET", path, { token: t.demo, version: "2.50" })).body.instanceAction.events).toBeUndefined();
    const owner = (await t.api("GET", path, { token: t.demo, version: "2.51" })).body.instanceAction.events[0];
    expect(owner.traceback).toBeUndefined();
    expect(owner.result).toBe("Success");
    expect(fault(await t.refused(404, "GET", `/servers/${server.id}/os-instance-actions/req-nope`)).message).toBe("Action req-nope not found");
  });

  it("pages from 2.58 (limit, marker, links; unknown marker 400) and filters by changes-since", async () => {
    const t = await actionApi();
    const server = await t.active();
    const ids: string[] = [];
    for (const key of ["pause", "unpause", "suspend"]) {
      ids.push((await t.ok(server.id, { [key]: null })).headers.get("x-openstack-request-id")!);
      t.advance(ACTION_MS);
    }
    const base = `/servers/${server.id}/os-instance-actions`;
    const first = (await t.api("GET", `${base}?limit=2`, { version: "2.58" })).body;
    expect(first.instanceActions.map((a: any) => a.request_id)).toEqual([ids[2], ids[1]]);
    expect(first.links[0]).toMatchObject({ rel: "next" });
    expect(first.links[0].href).toContain(`marker=${ids[1]}`);
    const next = (await t.api("GET", `${base}?limit=2&marker=${ids[1]}`, { version: "2.58" })).body;
    // the last page: the first pause, then the server's create
    expect(next.instanceActions.map((a: any) => a.request_id)[0]).toBe(ids[0]);
    expect(next.instanceActions.map((a: any) => a.action)).toEqual(["pause", "create"]);
    await t.refused(400, "GET", `${base}?marker=nope`, { version: "2.58" });
    const since = (await t.api("GET", `${base}?changes-since=2030-01-01T00:00:09Z`, { version: "2.58" })).body;
    expect(since.instanceActions.map((a: any) => a.request_id)).toEqual([ids[2], ids[1]]);
  });

  it("another project's server is 404; a deleted server's log stays readable from 2.21", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { lock: null });
    await t.ok(server.id, { unlock: null });
    const admins = await t.active({}, { token: t.admin });
    await t.ok(admins.id, { lock: null }, 202, { token: t.admin });
    await t.refused(404, "GET", `/servers/${admins.id}/os-instance-actions`, { token: t.demo });
    expect((await t.api("DELETE", `/servers/${server.id}`, { token: t.demo })).status).toBe(204);
    t.advance(ACTION_MS);
    await t.refused(404, "GET", `/servers/${server.id}/os-instance-actions`, { version: "2.20" });
    const after = await t.api("GET", `/servers/${server.id}/os-instance-actions`, { version: "2.21" });
    expect(after.status).toBe(200);
    expect(after.body.instanceActions.map((a: any) => a.action)).toContain("lock");
  });

  it("an action done at once has its event finished at once (confirmResize); lock and unlock have none", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { resize: { flavorRef: "2" } });
    t.advance(3 * ACTION_MS);
    const confirm = await t.action(server.id, { confirmResize: null });
    expect(confirm.status).toBe(204);
    const reqId = confirm.headers.get("x-openstack-request-id");
    const shown = (await t.api("GET", `/servers/${server.id}/os-instance-actions/${reqId}`)).body.instanceAction;
    expect(shown.events).toEqual([expect.objectContaining({ event: "compute_confirm_resize", result: "Success", finish_time: shown.start_time })]);
    const lock = await t.ok(server.id, { lock: null });
    const locked = (await t.api("GET", `/servers/${server.id}/os-instance-actions/${lock.headers.get("x-openstack-request-id")}`)).body.instanceAction;
    expect(locked).toMatchObject({ action: "lock", events: [] });
  });
});

describe("records of deleted servers", () => {
  it("keep the action logs of the last 1,000 deleted servers (Nova archives older rows): churn does not grow the world", async () => {
    const t = await actionApi();
    const admin = { token: t.admin, version: "2.37" };
    const project = (await call(t.emu, "GET", "/identity/v3/auth/tokens", { token: t.admin, headers: { "X-Subject-Token": t.admin } })).body.token.project.id;
    await t.api("PUT", `/os-quota-sets/${project}`, { token: t.admin, body: { quota_set: { instances: -1, cores: -1, ram: -1 } } });
    const created = await t.api("POST", "/servers", {
      ...admin,
      body: { server: { name: "churn", flavorRef: "1", imageRef: CIRROS, networks: "none", min_count: 1001, max_count: 1001 } },
    });
    expect(created.status).toBe(202);
    t.advance(BUILD_MS);
    const page = async (query: string) => (await t.api("GET", `/servers?name=churn${query}`, admin)).body.servers.map((s: { id: string }) => s.id) as string[];
    const first = await page("");
    const ids = [...first, ...(await page(`&marker=${first[first.length - 1]}`))];
    expect(ids).toHaveLength(1001);
    // the oldest deleted first: the list is newest first
    for (const id of [...ids].reverse()) expect((await t.api("DELETE", `/servers/${id}`, admin)).status).toBe(204);
    t.advance(ACTION_MS);
    const log = (id: string) => t.api("GET", `/servers/${id}/os-instance-actions`, { token: t.admin, version: "2.21" });
    expect((await log(ids[ids.length - 1]!)).status).toBe(404);
    expect((await log(ids[ids.length - 2]!)).body.instanceActions.map((a: { action: string }) => a.action)).toEqual(["delete", "create"]);
    expect((await log(ids[0]!)).status).toBe(200);
    expect(t.emu.kernel.slice<{ instanceActions: { size: number } }>("compute").instanceActions.size).toBe(1000);
  });
});
