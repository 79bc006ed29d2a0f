// The dashboard in Chromium, the controls: the Overview's clock (unfreeze, speed factor, freeze), Advance
// until idle (a building server ACTIVE, the clock moved just as far), a scenario loaded from the page, an
// import of a file that is no snapshot (a clear error, the state unchanged); the Chaos view's override form
// (added, listed, and holding a new server in BUILD until it is stepped).

import { describe, expect, it } from "vitest";
import { dashboardSuite, seriousViolations, createDemoServer } from "../helpers/browser.js";
import { call, START } from "../helpers/emulator.js";
import { BUILD_MS } from "../helpers/compute.js";
import type { Emulator } from "../../src/app.js";

const open = dashboardSuite();

const createServer = createDemoServer;

const status = async (emu: Emulator, id: string) => (await call(emu, "GET", `/_emulator/resources/compute.server/${id}`)).body.status;

describe("dashboard: the clock, the world and the overrides", () => {
  it("unfreezes, sets the speed factor and freezes the clock", async () => {
    const { page, emu, problems } = await open("overview");
    await expect.poll(() => page.textContent("#clock-mode")).toBe("frozen");
    await page.getByRole("button", { name: "Unfreeze" }).click();
    await expect.poll(() => page.textContent("#clock-mode")).toBe("running ×1");
    expect(emu.clock.state().frozen).toBe(false);
    await page.fill("#clock-factor", "60");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent("#clock-mode")).toBe("running ×60");
    expect(emu.clock.state().factor).toBe(60);
    await page.getByRole("button", { name: "Freeze" }).click();
    await expect.poll(() => page.textContent("#clock-mode")).toBe("frozen");
    expect(emu.clock.state()).toMatchObject({ frozen: true, factor: 60 });
    // a factor the API refuses: its message, the clock as it was
    await page.fill("#clock-factor", "0");
    await page.evaluate(() => (document.getElementById("clock-factor") as HTMLInputElement).removeAttribute("min"));
    await page.click("#clock-factor-form button[type=submit]");
    await expect.poll(() => page.textContent("#toast")).toMatch(/^400: /);
    expect(emu.clock.state().factor).toBe(60);
    expect(problems).toEqual([]);
  });

  it("advances until idle: a building server goes ACTIVE and the clock moves just as far", async () => {
    const { page, emu, problems } = await open("overview");
    const id = await createServer(emu, "idle-1");
    await expect.poll(() => page.textContent("#clock-now")).toBe(new Date(START).toISOString());
    await page.getByRole("button", { name: "Advance until idle" }).click();
    await expect.poll(() => page.textContent("#toast")).toBe(`Idle after ${BUILD_MS} ms: nothing is planned; it is now ${new Date(START + BUILD_MS).toISOString()}.`);
    expect(await status(emu, id)).toBe("ACTIVE");
    await expect.poll(() => page.textContent("#clock-now")).toBe(new Date(START + BUILD_MS).toISOString());
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("loads a scenario from the page", async () => {
    const { page, emu, problems } = await open("overview");
    await expect.poll(() => page.textContent("#seed-in-use")).toBe("default");
    await page.selectOption("#seed-scenario", "ha-cluster");
    await page.click("#seed-form button[type=submit]");
    await expect.poll(() => page.textContent("#seed-in-use")).toBe("ha-cluster");
    // a fresh page's picker shows the world in use
    await page.reload();
    await expect.poll(() => page.textContent("#seed-in-use")).toBe("ha-cluster");
    expect(await page.inputValue("#seed-scenario")).toBe("ha-cluster");
    const segments = (await call(emu, "GET", "/_emulator/resources/instance-ha.segment")).body.resources;
    expect(segments.length).toBeGreaterThan(0);
    await page.click('nav a[data-view="resources"]');
    await page.selectOption("#res-kind", "instance-ha.segment");
    await expect.poll(() => page.locator("#res-table tbody tr").count()).toBe(segments.length);
    // a segment's card lists its hosts
    await page.getByRole("button", { name: `Show instance-ha.segment ${segments[0].id}` }).click();
    await expect.poll(() => page.locator('#res-detail table[data-field="hosts"] tbody tr').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it("refuses a file that is no snapshot with a clear error and leaves the state as it was", async () => {
    const { page, emu, problems } = await open("overview");
    await createServer(emu, "stays");
    const before = JSON.stringify((await call(emu, "GET", "/_emulator/state")).body);
    await expect.poll(() => page.textContent("#clock-now")).toBe(new Date(START).toISOString());

    await page.setInputFiles("#import-file", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a snapshot") });
    await page.click("#import-form button[type=submit]");
    await expect.poll(() => page.textContent("#import-error")).toBe("notes.txt is not JSON, the state is unchanged: a snapshot is what Export state downloads.");

    await page.setInputFiles("#import-file", { name: "other.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ servers: [] })) });
    await page.click("#import-form button[type=submit]");
    await expect.poll(() => page.textContent("#import-error")).toMatch(/^other\.json was not imported, the state is unchanged: 4\d\d: \S/);
    expect(await page.getByRole("alert").filter({ hasText: "other.json" }).count()).toBe(1);
    expect(JSON.stringify((await call(emu, "GET", "/_emulator/state")).body)).toBe(before);
    expect(problems).toEqual([]);
  });

  it("adds a transition override from the form, lists it, and a new server keeps to it", async () => {
    const { page, emu, problems } = await open("chaos");
    await expect.poll(() => page.locator("#ov-type option").count()).toBeGreaterThan(1);
    await page.selectOption("#ov-type", "compute.server");
    await page.selectOption("#ov-mode", "manual");
    await page.fill("#ov-from", "building");
    await page.click("#override-form button[type=submit]");
    const row = page.locator("#overrides tbody tr").first();
    await expect.poll(() => row.locator('[data-col="mode"]').textContent()).toBe("manual");
    expect(await row.locator('[data-col="type"]').textContent()).toBe("compute.server");
    expect(await row.locator('[data-col="from"]').textContent()).toBe("building");
    expect((await call(emu, "GET", "/_emulator/transitions")).body.overrides).toEqual([expect.objectContaining({ type: "compute.server", mode: "manual", from: "building" })]);

    const id = await createServer(emu, "held");
    emu.clock.advance(BUILD_MS * 10);
    expect(await status(emu, id)).toBe("BUILD");
    await expect.poll(() => page.locator(`#pending tr[data-id="${id}"] [data-col="mode"]`).textContent()).toBe("manual");

    // a bad override: the API's refusal by the form
    await page.selectOption("#ov-mode", "delay");
    await page.fill("#ov-after", "");
    await page.click("#override-form button[type=submit]");
    await expect.poll(() => page.textContent("#override-error")).toMatch(/^400: .*delay/);
    // removed from the list: the server builds again on the clock
    await row.getByRole("button", { name: /^Remove override / }).click();
    await expect.poll(() => page.textContent("#overrides tbody")).toBe("none");
    emu.clock.advance(BUILD_MS);
    expect(await status(emu, id)).toBe("ACTIVE");
    expect(problems).toEqual([]);
  });
});
