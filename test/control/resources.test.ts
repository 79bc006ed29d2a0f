// GET /_emulator/resources and /_emulator/resources/{type}: every kind the mounted services declare
// (ServiceModule.resources), counted, and one kind's summaries paged by project and status; a service's kinds
// show here without control/ naming it.

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";

const control = (emu: ReturnType<typeof testEmulator>, path: string) => call(emu, "GET", `/_emulator${path}`);

describe("GET /_emulator/resources", () => {
  it("lists each service's kinds with how many there are and the filters their lists take", async () => {
    const emu = testEmulator();
    const res = await control(emu, "/resources");
    expect(res.status).toBe(200);
    const kinds = new Map(res.body.kinds.map((k: any) => [k.type, k]));
    const tenants = await call(emu, "POST", "/_emulator/tenants", { body: { name: "counted" } });
    expect(tenants.status).toBe(201);
    const after = new Map((await control(emu, "/resources")).body.kinds.map((k: any) => [k.type, k]));
    expect(kinds.get("compute.server")).toMatchObject({ service: "compute", filters: ["project", "status"] });
    expect(kinds.get("compute.flavor")).toMatchObject({ service: "compute", filters: [] });
    expect(kinds.get("instance-ha.notification")).toMatchObject({ service: "instance-ha", filters: ["status"] });
    // the tenant's project and network are counted at once
    expect((after.get("identity.project") as any).count).toBe((kinds.get("identity.project") as any).count + 1);
    expect((after.get("networking.network") as any).count).toBe((kinds.get("networking.network") as any).count + 1);
    // every mounted service declares its kinds
    expect(new Set(res.body.kinds.map((k: any) => k.service))).toEqual(new Set(emu.services.map((s) => s.name)));
  });

  it("pages one kind's summaries, filtered by project and status", async () => {
    const emu = testEmulator();
    const made = [];
    for (const name of ["p-1", "p-2", "p-3"]) made.push((await call(emu, "POST", "/_emulator/tenants", { body: { name } })).body);
    const all = (await control(emu, "/resources/identity.project?limit=1000")).body;
    expect(all.next).toBeNull();
    expect(all.resources.map((p: any) => p.name)).toEqual(expect.arrayContaining(["p-1", "p-2", "p-3"]));
    expect(all.resources.find((p: any) => p.name === "p-2")).toEqual({ id: made[1].project.id, name: "p-2", domainId: "default" });

    const pages: string[] = [];
    let marker: string | null = null;
    do {
      const page: any = (await control(emu, `/resources/identity.project?limit=2${marker ? `&marker=${marker}` : ""}`)).body;
      expect(page.resources.length).toBeLessThanOrEqual(2);
      pages.push(...page.resources.map((p: any) => p.id));
      marker = page.next;
    } while (marker);
    expect(pages).toEqual(all.resources.map((p: any) => p.id));

    const own = (await control(emu, `/resources/networking.network?project=${made[0].project.id}`)).body.resources;
    expect(own).toEqual([expect.objectContaining({ id: made[0].network.id, name: "p-1-net", projectId: made[0].project.id })]);
    const active = (await control(emu, "/resources/networking.network?status=active")).body.resources;
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((n: any) => n.status === "ACTIVE")).toBe(true);
    expect((await control(emu, "/resources/networking.network?status=NOPE")).body.resources).toEqual([]);
  });

  it("refuses an unknown kind (404, naming the kinds), a filter the kind lacks and an unknown marker (400)", async () => {
    const emu = testEmulator();
    const unknown = await control(emu, "/resources/compute.widget");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/No resource kind compute.widget\. Kinds: .*compute\.server/);
    const noProject = await control(emu, "/resources/compute.flavor?project=x");
    expect(noProject.status).toBe(400);
    expect(noProject.body.error.message).toMatch(/belongs to no project/);
    const noStatus = await control(emu, "/resources/identity.user?status=x");
    expect(noStatus.status).toBe(400);
    expect((await control(emu, "/resources/compute.flavor?marker=nope")).status).toBe(400);
    expect((await control(emu, "/resources/compute.flavor?limit=-1")).status).toBe(400);
  });
});

describe("GET /_emulator/resources/{type}?project= on a kind grouped by project", () => {
  it("pages only that project's servers", async () => {
    const emu = testEmulator();
    const t = (await call(emu, "POST", "/_emulator/tenants", { body: { name: "grouped" } })).body;
    const token = (await call(emu, "POST", "/identity/v3/auth/tokens", {
      body: { auth: { identity: { methods: ["password"], password: { user: { name: t.credentials.username, domain: { name: "Default" }, password: t.credentials.password } } }, scope: { project: { id: t.project.id } } } },
    })).headers.get("x-subject-token")!;
    const ids: string[] = [];
    for (const name of ["a", "b", "c"]) {
      const res = await call(emu, "POST", "/compute/v2.1/servers", { token, body: { server: { name, flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: [{ uuid: t.network.id }] } } });
      expect(res.status, res.text).toBe(202);
      ids.push(res.body.server.id);
    }
    const first = (await control(emu, `/resources/compute.server?project=${t.project.id}&limit=2`)).body;
    expect(first.resources.map((r: any) => r.id)).toEqual(ids.slice(0, 2));
    const second = (await control(emu, `/resources/compute.server?project=${t.project.id}&limit=2&marker=${first.next}`)).body;
    expect(second).toMatchObject({ resources: [expect.objectContaining({ id: ids[2], projectId: t.project.id })], next: null });
  });
});
