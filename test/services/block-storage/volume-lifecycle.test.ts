// The volume lifecycle as the control API sees it: events, transition overrides on `block-storage.volume`
// (stick, redirect, immediate), fault rules failing a step (error, error_deleting), the --volume-seconds
// option, metadata sub-resources, per-project reset and state export/import.

import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { advance, availableVolume, bs, createVolume, exported, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

const statusOf = async (id: string) => (await bs(w, "GET", `/volumes/${id}`, { token: w.admin })).body.volume?.status;

describe("events", () => {
  it("publishes created, status_changed, extended and deleted", async () => {
    const v = await availableVolume(w, { name: "ev" });
    await bs(w, "POST", `/volumes/${v.id}/action`, { body: { "os-extend": { new_size: 2 } } });
    await advance(w, 2);
    await bs(w, "DELETE", `/volumes/${v.id}`);
    await advance(w, 2);
    const events = (await call(w.emu, "GET", "/_emulator/events?type=block-storage.volume.*")).body.events.filter((e: any) => e.payload.id === v.id);
    expect(events.map((e: any) => e.type)).toEqual([
      "block-storage.volume.created",
      "block-storage.volume.status_changed",
      "block-storage.volume.status_changed",
      "block-storage.volume.status_changed",
      "block-storage.volume.extended",
      "block-storage.volume.status_changed",
      "block-storage.volume.deleted",
    ]);
    expect(events[0].payload).toMatchObject({ name: "ev", size: 1, volumeType: "__DEFAULT__", zone: "nova", projectId: w.demoProject });
    expect(events[1].payload).toMatchObject({ from: "creating", to: "available" });
  });

  it("publishes attached and detached", async () => {
    const v = await availableVolume(w);
    await bs(w, "POST", `/volumes/${v.id}/action`, { body: { "os-attach": { instance_uuid: "s-1", mountpoint: "/dev/vdb" } } });
    await bs(w, "POST", `/volumes/${v.id}/action`, { body: { "os-detach": null } });
    const types = (await call(w.emu, "GET", "/_emulator/events?type=block-storage.volume.*")).body.events.map((e: any) => e.type);
    expect(types).toContain("block-storage.volume.attached");
    expect(types).toContain("block-storage.volume.detached");
  });
});

describe("transitions", () => {
  it("declares the volume steps for the control API", async () => {
    const defs = (await call(w.emu, "GET", "/_emulator/transitions")).body.definitions.filter((d: any) => d.type === "block-storage.volume");
    expect(defs.map((d: any) => [d.from, d.to, d.afterMs])).toEqual([
      ["creating", "available", 2000],
      ["extending", "available", 2000],
      ["retyping", "available", 2000],
      ["deleting", "deleted", 2000],
      ["uploading", "available", 2000],
      ["downloading", "available", 2000],
    ]);
  });

  it("stick keeps a volume creating; removing the override lets it finish", async () => {
    const override = await call(w.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "block-storage.volume", mode: "stick" } });
    expect(override.status).toBe(201);
    const v = await createVolume(w);
    await advance(w, 60);
    expect(await statusOf(v.id)).toBe("creating");
    await call(w.emu, "DELETE", `/_emulator/transitions/overrides/${override.body.id}`);
    expect(await statusOf(v.id)).toBe("available");
  });

  it("redirect to error fails a creation; immediate answers the create already available", async () => {
    await call(w.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "block-storage.volume", from: "creating", mode: "redirect", to: "error" } });
    const failed = await createVolume(w);
    await advance(w, 2);
    expect(await statusOf(failed.id)).toBe("error");
    // an error volume may be deleted
    expect((await bs(w, "DELETE", `/volumes/${failed.id}`)).status).toBe(202);
    await call(w.emu, "DELETE", "/_emulator/transitions/overrides");
    await call(w.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "block-storage.volume", from: "creating", mode: "immediate" } });
    expect((await createVolume(w)).status).toBe("available");
  });

  it("takes the step time from the volumeSeconds option", async () => {
    const slow = await world({ volumeSeconds: 30 });
    const res = await bs(slow, "POST", "/volumes", { body: { volume: { size: 1 } } });
    await advance(slow, 29);
    expect((await bs(slow, "GET", `/volumes/${res.body.volume.id}`)).body.volume.status).toBe("creating");
    await advance(slow, 1);
    expect((await bs(slow, "GET", `/volumes/${res.body.volume.id}`)).body.volume.status).toBe("available");
  });
});

describe("fault rules on lifecycle steps", () => {
  it("fail a deletion: error_deleting, and the volume and its quota stay", async () => {
    const v = await availableVolume(w, { name: "doomed" });
    const rule = await call(w.emu, "POST", "/_emulator/faults", { body: { operation: "block-storage.volume.deleting", resourceName: "doomed", effect: { type: "error", status: 500 } } });
    expect(rule.status, rule.text).toBe(201);
    await bs(w, "DELETE", `/volumes/${v.id}`);
    await advance(w, 2);
    expect(await statusOf(v.id)).toBe("error_deleting");
    expect((await bs(w, "GET", `/os-quota-sets/${w.demoProject}?usage=true`)).body.quota_set.volumes.in_use).toBe(1);
  });

  it("fail a creation (error) and an extend (error_extending, the reserved gigabytes given back)", async () => {
    await call(w.emu, "POST", "/_emulator/faults", { body: { operation: "block-storage.volume.creating", effect: { type: "error", status: 500 }, times: 1 } });
    const v = await createVolume(w);
    await advance(w, 2);
    expect(await statusOf(v.id)).toBe("error");
    const ok = await availableVolume(w);
    await call(w.emu, "POST", "/_emulator/faults", { body: { operation: "block-storage.volume.extending", effect: { type: "error", status: 500 } } });
    await bs(w, "POST", `/volumes/${ok.id}/action`, { body: { "os-extend": { new_size: 4 } } });
    await advance(w, 2);
    expect((await bs(w, "GET", `/volumes/${ok.id}`)).body.volume).toMatchObject({ status: "error_extending", size: 1 });
    expect((await bs(w, "GET", `/os-quota-sets/${w.demoProject}?usage=true`)).body.quota_set.gigabytes.in_use).toBe(2);
  });
});

describe("metadata", () => {
  it("lists, merges, replaces, shows, sets and deletes keys (200 each)", async () => {
    const v = await createVolume(w, { metadata: { a: "1" } });
    const path = `/volumes/${v.id}/metadata`;
    expect((await bs(w, "GET", path)).body).toEqual({ metadata: { a: "1" } });
    expect((await bs(w, "POST", path, { body: { metadata: { b: "2" } } })).body).toEqual({ metadata: { a: "1", b: "2" } });
    expect((await bs(w, "PUT", path, { body: { metadata: { c: "3" } } })).body).toEqual({ metadata: { c: "3" } });
    expect((await bs(w, "GET", `${path}/c`)).body).toEqual({ meta: { c: "3" } });
    expect((await bs(w, "PUT", `${path}/d`, { body: { meta: { d: "4" } } })).body).toEqual({ meta: { d: "4" } });
    expect((await bs(w, "DELETE", `${path}/c`)).status).toBe(200);
    expect((await bs(w, "GET", path)).body).toEqual({ metadata: { d: "4" } });
  });

  it("keeps keys that look like object internals as plain keys", async () => {
    const v = await createVolume(w);
    const path = `/volumes/${v.id}/metadata`;
    const res = await bs(w, "POST", path, { body: JSON.parse('{"metadata": {"__proto__": "x", "constructor": "y"}}') });
    expect(res.status).toBe(200);
    expect((await bs(w, "GET", `${path}/__proto__`)).text).toBe('{"meta":{"__proto__":"x"}}');
    expect((await bs(w, "GET", `${path}/toString`)).status).toBe(404);
  });

  it("refuses a missing key, a body naming another key and another project's volume, changing nothing", async () => {
    const v = await createVolume(w);
    const theirs = await createVolume(w, {}, w.admin);
    const before = exported(w);
    const missing = await bs(w, "GET", `/volumes/${v.id}/metadata/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.itemNotFound.message).toBe(`Volume ${v.id} has no metadata with key nope.`);
    expect((await bs(w, "DELETE", `/volumes/${v.id}/metadata/nope`)).status).toBe(404);
    expect((await bs(w, "PUT", `/volumes/${v.id}/metadata/a`, { body: { meta: { b: "1" } } })).status).toBe(400);
    expect((await bs(w, "POST", `/volumes/${theirs.id}/metadata`, { body: { metadata: { b: "1" } } })).status).toBe(404);
    expect(exported(w)).toBe(before);
  });
});

describe("reset and state", () => {
  it("a project reset takes its volumes, overrides and usage back to the seed, other projects' stay", async () => {
    const mine = await availableVolume(w);
    const theirs = await availableVolume(w, {}, w.admin);
    await bs(w, "PUT", `/os-quota-sets/${w.demoProject}`, { token: w.admin, body: { quota_set: { volumes: 3 } } });
    const res = await call(w.emu, "POST", `/_emulator/reset?project=${w.demoProject}`);
    expect(res.status).toBeLessThan(300);
    expect((await bs(w, "GET", `/volumes/${mine.id}`, { token: w.admin })).status).toBe(404);
    expect((await bs(w, "GET", `/volumes/${theirs.id}`, { token: w.admin })).status).toBe(200);
    const q = (await bs(w, "GET", `/os-quota-sets/${w.demoProject}?usage=true`)).body.quota_set;
    expect(q.volumes).toMatchObject({ limit: 10, in_use: 0 });
  });

  it("a reset forgets a pending step, so nothing moves afterwards", async () => {
    const v = await createVolume(w);
    await call(w.emu, "POST", `/_emulator/reset?project=${w.demoProject}`);
    const pending = (await call(w.emu, "GET", "/_emulator/transitions")).body.pending.filter((p: any) => p.resourceId === v.id);
    expect(pending).toEqual([]);
  });

  it("exports and imports the state with volumes, types and quotas intact", async () => {
    const v = await availableVolume(w, { volume_type: "ssd", metadata: { k: "v" } });
    await bs(w, "PUT", `/os-quota-sets/${w.demoProject}`, { token: w.admin, body: { quota_set: { volumes: 4 } } });
    const state = await call(w.emu, "GET", "/_emulator/state");
    expect(state.status).toBe(200);
    const other = await world();
    const imported = await call(other.emu, "PUT", "/_emulator/state", { raw: state.text });
    expect(imported.status).toBeLessThan(300);
    const token = await (await import("../../helpers/emulator.js")).login(other.emu, "demo");
    const shown = await call(other.emu, "GET", `/volume/v3/volumes/${v.id}`, { token });
    expect(shown.body.volume).toMatchObject({ status: "available", volume_type: "ssd", metadata: { k: "v" } });
    const q = await call(other.emu, "GET", `/volume/v3/os-quota-sets/${w.demoProject}?usage=true`, { token });
    expect(q.body.quota_set.volumes).toMatchObject({ limit: 4, in_use: 1 });
  });
});

describe("control API", () => {
  it("reads a volume's status and advances until it is available", async () => {
    const v = await createVolume(w);
    const shown = await call(w.emu, "GET", `/_emulator/resources/block-storage.volume/${v.id}`);
    expect(shown.body).toMatchObject({ type: "block-storage.volume", id: v.id, status: "creating", pending: { from: "creating", to: "available" } });
    const until = await call(w.emu, "POST", "/_emulator/clock/advance-until", { body: { type: "block-storage.volume", id: v.id, status: "available" } });
    expect(until.status, until.text).toBe(200);
    expect(await statusOf(v.id)).toBe("available");
  });
});
