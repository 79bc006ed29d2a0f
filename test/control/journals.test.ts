import { beforeEach, describe, expect, it } from "vitest";
import { call, login } from "../helpers/emulator.js";
import { createWidget, toyEmulator } from "../helpers/toy-service/index.js";
import { derivedId } from "../../src/services/identity/seed.js";

const ADMIN = derivedId("project", "default", "admin");
const emu = toyEmulator();
let token: string;

beforeEach(async () => {
  emu.reset();
  token = await login(emu);
});

describe("GET /_emulator/events", () => {
  it("lists domain events published after each commit, oldest first", async () => {
    const w = await createWidget(emu, token);
    await call(emu, "DELETE", `/toy/widgets/${w.id}`, { token });
    const events = (await call(emu, "GET", "/_emulator/events")).body.events;
    expect(events.map((e: any) => e.type)).toEqual(["identity.token.issued", "toy.widget.created", "toy.widget.deleted"]);
    expect(events[1]).toMatchObject({ at: "2030-01-01T00:00:00.000Z", payload: { id: w.id, name: "w1", projectId: ADMIN } });
    expect(events[2].seq).toBeGreaterThan(events[1].seq);
  });

  it("filters by exact type or by a prefix ending in *", async () => {
    await createWidget(emu, token);
    const only = async (q: string) => (await call(emu, "GET", `/_emulator/events?${q}`)).body.events.map((e: any) => e.type);
    expect(await only("type=toy.widget.created")).toEqual(["toy.widget.created"]);
    expect(await only("type=toy.*")).toEqual(["toy.widget.created"]);
    expect(await only("type=identity.*")).toEqual(["identity.token.issued"]);
    expect(await only("type=toy")).toEqual([]);
  });

  it("reads after a seq, with a limit, for polling", async () => {
    await createWidget(emu, token, "a");
    await createWidget(emu, token, "b");
    const all = (await call(emu, "GET", "/_emulator/events")).body.events;
    const after = (await call(emu, "GET", `/_emulator/events?after=${all[0].seq}&limit=1`)).body.events;
    expect(after).toEqual([all[1]]);
    expect((await call(emu, "GET", `/_emulator/events?after=${all.at(-1).seq}`)).body.events).toEqual([]);
    expect((await call(emu, "GET", "/_emulator/events?after=-1")).status).toBe(400);
    expect((await call(emu, "GET", "/_emulator/events?limit=ten")).status).toBe(400);
  });

  it("publishes nothing for a change that failed", async () => {
    await call(emu, "DELETE", "/toy/widgets/missing", { token });
    expect((await call(emu, "GET", "/_emulator/events?type=toy.*")).body.events).toEqual([]);
  });

  it("is cleared by DELETE, and numbering carries on", async () => {
    await createWidget(emu, token);
    const last = (await call(emu, "GET", "/_emulator/events")).body.events.at(-1).seq;
    expect((await call(emu, "DELETE", "/_emulator/events")).status).toBe(204);
    expect((await call(emu, "GET", "/_emulator/events")).body.events).toEqual([]);
    await createWidget(emu, token);
    expect((await call(emu, "GET", "/_emulator/events")).body.events[0].seq).toBeGreaterThan(last);
  });
});

describe("journal bounds", () => {
  it("keep only the newest entries, as configured", async () => {
    const small = toyEmulator({ eventLogSize: 3, requestLogSize: 2 });
    const admin = await login(small);
    for (const name of ["a", "b", "c", "d"]) await createWidget(small, admin, name);
    const events = (await call(small, "GET", "/_emulator/events")).body.events;
    expect(events.map((e: any) => e.payload.name)).toEqual(["b", "c", "d"]);
    expect(events.map((e: any) => e.seq)).toEqual([3, 4, 5]);
    expect((await call(small, "GET", "/_emulator/requests")).body.requests.map((r: any) => r.path)).toEqual(["/toy/widgets", "/toy/widgets"]);
  });

  it("number requests in order across wrap-around and clearing; after and limit page through them", async () => {
    const small = toyEmulator({ requestLogSize: 3 });
    const admin = await login(small); // request 1
    for (const name of ["a", "b", "c", "d", "e"]) await createWidget(small, admin, name); // requests 2..6
    const seqs = async (q = "") => (await call(small, "GET", `/_emulator/requests${q}`)).body.requests.map((r: any) => r.seq);
    expect(await seqs()).toEqual([4, 5, 6]);
    expect(await seqs("?after=4")).toEqual([5, 6]);
    expect(await seqs("?after=1&limit=2")).toEqual([4, 5]);
    await call(small, "DELETE", "/_emulator/requests");
    expect(await seqs()).toEqual([]);
    await createWidget(small, admin, "f");
    expect(await seqs()).toEqual([7]);
  });
});

describe("GET /_emulator/requests", () => {
  it("records method, path, service, operation, project, status and duration", async () => {
    await createWidget(emu, token);
    await call(emu, "GET", "/toy/widgets/missing", { token });
    await call(emu, "GET", "/toy/nowhere", { token });
    await call(emu, "GET", "/toy/widgets");
    const requests = (await call(emu, "GET", "/_emulator/requests")).body.requests;
    expect(requests.map((r: any) => [r.method, r.path, r.service, r.operation, r.project, r.status])).toEqual([
      ["POST", "/identity/v3/auth/tokens", "identity", "identity.token.create", null, 201],
      ["POST", "/toy/widgets", "toy", "toy.widget.create", ADMIN, 201],
      ["GET", "/toy/widgets/missing", "toy", "toy.widget.show", ADMIN, 404],
      ["GET", "/toy/nowhere", "toy", null, null, 404],
      ["GET", "/toy/widgets", "toy", "toy.widget.list", null, 401],
    ]);
    expect(requests[1]).toMatchObject({ at: "2030-01-01T00:00:00.000Z", requestId: expect.stringMatching(/^req-/) });
    expect(new Set(requests.map((r: any) => r.requestId)).size).toBe(requests.length);
    expect(requests[1].durationMs).toBeGreaterThanOrEqual(0);
  });

  it("names each request by the x-openstack-request-id its response carried", async () => {
    const ok = await call(emu, "GET", "/identity/v3/auth/tokens", { token, headers: { "x-subject-token": token } });
    const head = await call(emu, "HEAD", "/identity/v3/auth/tokens", { token, headers: { "x-subject-token": token } });
    const missing = await call(emu, "GET", "/toy/widgets/missing", { token });
    const unknown = await call(emu, "GET", "/toy/nowhere", { token });
    const other = await login(emu);
    const revoked = await call(emu, "DELETE", "/identity/v3/auth/tokens", { token, headers: { "x-subject-token": other } });
    expect([ok.status, head.status, revoked.status]).toEqual([200, 200, 204]);
    const responses = [ok, head, missing, unknown, revoked];
    const records = (await call(emu, "GET", "/_emulator/requests")).body.requests;
    const ids = records.filter((r: any) => r.path !== "/identity/v3/auth/tokens" || r.method !== "POST").slice(-5).map((r: any) => r.requestId);
    expect(ids).toEqual(responses.map((r) => r.headers.get("x-openstack-request-id")));
    expect(ids.every((id: string) => /^req-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
  });

  it("gives the same request ids in the same order for the same random seed, and others for another", async () => {
    const ids = async (randomSeed: number) => {
      const e = toyEmulator({ randomSeed });
      const t = await login(e);
      const res = [await call(e, "GET", "/toy/widgets", { token: t }), await call(e, "GET", "/toy/nowhere", { token: t })];
      return res.map((r) => r.headers.get("x-openstack-request-id"));
    };
    const [a, b, c] = [await ids(11), await ids(11), await ids(12)];
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(2);
    expect(c.some((id, i) => id === a[i])).toBe(false);
  });

  it("filters by service, and is cleared by DELETE", async () => {
    await createWidget(emu, token);
    expect((await call(emu, "GET", "/_emulator/requests?service=toy")).body.requests).toHaveLength(1);
    expect((await call(emu, "DELETE", "/_emulator/requests")).status).toBe(204);
    expect((await call(emu, "GET", "/_emulator/requests")).body.requests).toEqual([]);
  });
});
