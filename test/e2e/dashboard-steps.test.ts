// The dashboard in Chromium, stepping, filtering and the seed world: a server held in BUILD by a `manual`
// override shows in the Chaos view's planned steps and goes ACTIVE on its Step button; the Overview names the
// seed world in use; the requests journal filters by method; a live refresh keeps the keyboard focus. The views keep no serious or critical axe-core violation.

import { describe, expect, it } from "vitest";
import { createDemoServer, dashboardSuite, seriousViolations } from "../helpers/browser.js";
import { call, login } from "../helpers/emulator.js";
import { CIRROS } from "../helpers/compute.js";

const open = dashboardSuite();

describe("dashboard: manual steps and the method filter", () => {
  it("steps a server held by a manual override from the Chaos view", async () => {
    const session = await open("chaos");
    const { page, emu, problems } = session;
    expect((await call(emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", mode: "manual" } })).status).toBe(201);
    const token = await login(emu, "demo");
    const net = (await call(emu, "GET", "/networking/v2.0/networks?name=private", { token })).body.networks[0].id;
    const id = (await call(emu, "POST", "/compute/v2.1/servers", { token, body: { server: { name: "held", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: net }] } } })).body.server.id;
    const row = page.locator(`#pending tr[data-id="${id}"]`);
    await expect.poll(() => row.locator('[data-col="mode"]').textContent()).toBe("manual");
    expect(await row.locator('[data-col="to"]').textContent()).toBe("active");
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole("button", { name: `Step compute.server ${id} to active` }).click();
    await expect.poll(() => page.textContent("#toast")).toBe(`compute.server ${id} stepped to active.`);
    expect((await call(emu, "GET", `/_emulator/resources/compute.server/${id}`)).body.status).toBe("ACTIVE");
    await expect.poll(() => row.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("shows what changed while its live updates were still connecting", async () => {
    const session = await open("chaos");
    const { page, emu, problems } = session;
    // the page's event stream is held until the world has changed: it then carries no event of the change
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_emulator/events/stream*", async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect.poll(() => page.locator("#hosts tbody tr").count()).toBeGreaterThan(0);
    expect((await call(emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", mode: "manual" } })).status).toBe(201);
    const token = await login(emu, "demo");
    const net = (await call(emu, "GET", "/networking/v2.0/networks?name=private", { token })).body.networks[0].id;
    const id = (await call(emu, "POST", "/compute/v2.1/servers", { token, body: { server: { name: "unseen", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: net }] } } })).body.server.id;
    release();
    // once the stream opens, the view reads the world again
    await expect.poll(() => page.locator(`#pending tr[data-id="${id}"]`).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("keeps the keyboard focus on a row's button while the list is drawn again", async () => {
    const { page, emu, problems } = await open("resources?kind=compute.server");
    const id = await createDemoServer(emu, "focus-kept");
    const show = page.getByRole("button", { name: `Show compute.server ${id}` });
    await expect.poll(() => show.count()).toBe(1);
    await show.focus();
    // another server: the live list is drawn again, rows and buttons anew
    const other = await createDemoServer(emu, "focus-other");
    await expect.poll(() => page.getByRole("button", { name: `Show compute.server ${other}` }).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`Show compute.server ${id}`);
    expect(problems).toEqual([]);
  });

  it("shows the seed world in use on the Overview, and follows a scenario loaded from the page", async () => {
    const session = await open("overview");
    const { page, emu, problems } = session;
    await expect.poll(() => page.textContent("#seed-in-use")).toBe("default");
    await page.selectOption("#seed-scenario", "two-tenants");
    await page.click("#seed-form button[type=submit]");
    await expect.poll(() => page.textContent("#seed-in-use")).toBe("two-tenants");
    const merged = await fetch(`${session.url}/_emulator/seed?mode=merge`, { method: "POST", headers: { "Content-Type": "application/yaml" }, body: "identity:\n  projects:\n    - { name: extra }\n" });
    expect(merged.status).toBe(200);
    // a merge makes no event for the page to refresh on: shown on the next load
    await page.reload();
    await expect.poll(() => page.textContent("#seed-in-use")).toBe("two-tenants, with body merged in");
    expect((await call(emu, "GET", "/_emulator/scenarios")).body.seed).toEqual({ ref: "two-tenants", merged: ["body"] });
    expect(problems).toEqual([]);
  });

  it("filters the requests journal by method", async () => {
    const session = await open("journals");
    const { page, url, emu, problems } = session;
    await page.selectOption("#rq-method", "POST");
    await page.click("#rq-filter button[type=submit]");
    const token = await login(emu);
    expect((await fetch(`${url}/compute/v2.1/flavors`, { headers: { "X-Auth-Token": token } })).status).toBe(200);
    const created = await fetch(`${url}/identity/v3/projects`, {
      method: "POST",
      headers: { "X-Auth-Token": token, "Content-Type": "application/json" },
      body: JSON.stringify({ project: { name: "by-method" } }),
    });
    expect(created.status).toBe(201);
    const methods = page.locator('#rq-table tbody [data-col="method"]');
    await expect.poll(async () => (await methods.allTextContents()).includes("POST")).toBe(true);
    expect(new Set(await methods.allTextContents())).toEqual(new Set(["POST"]));
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
