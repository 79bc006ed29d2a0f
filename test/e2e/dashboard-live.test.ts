// The dashboard in Chromium, live: a server going BUILD -> ACTIVE on the virtual clock shows in the
// Resources view without a reload; a fault rule added from the Chaos form makes a request fail, and the
// Journals view shows that request live with the fault that fired; the state exported from the Overview
// and imported back restores what a reset took away.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dashboardSuite, screenshot, createDemoServer } from "../helpers/browser.js";
import { call, login } from "../helpers/emulator.js";
import { BUILD_MS } from "../helpers/compute.js";

const open = dashboardSuite();

const createServer = createDemoServer;

describe("dashboard: live views", () => {
  it("shows a server go from BUILD to ACTIVE without a reload", async () => {
    const { page, emu, problems } = await open("resources?kind=compute.server");
    await expect.poll(() => page.inputValue("#res-kind")).toBe("compute.server");
    const id = await createServer(emu, "web-live");
    const status = page.locator(`#res-table tr[data-id="${id}"] [data-col="status"]`);
    await expect.poll(() => status.textContent()).toBe("BUILD");
    const loads = await page.evaluate(() => performance.getEntriesByType("navigation").length);
    emu.clock.advance(BUILD_MS);
    await expect.poll(() => status.textContent()).toBe("ACTIVE");
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(loads);
    // the status filter
    await page.fill("#res-status", "build");
    await expect.poll(() => page.textContent("#res-table tbody")).toBe("none");
    await page.fill("#res-status", "active");
    await expect.poll(() => page.locator("#res-table tbody tr").count()).toBe(1);
    await screenshot(page, "dashboard-resources");

    // the Overview's advance-until: the clock moves to the step that makes a new server ACTIVE
    const second = await createServer(emu, "web-until");
    await page.click('nav a[data-view="overview"]');
    await expect.poll(() => page.inputValue("#until-type")).toBe("compute.server");
    await page.fill("#until-id", second);
    await page.fill("#until-status", "ACTIVE");
    await page.click("#clock-until-form button[type=submit]");
    await expect.poll(() => page.textContent("#toast")).toBe(`compute.server ${second} is ACTIVE after ${BUILD_MS} ms.`);
    expect(problems).toEqual([]);
  });

  it("adds a fault rule from the form, and the request it matches fails and shows in the journal", async () => {
    const { page, emu, url, problems } = await open("chaos");
    await expect.poll(() => page.locator("#fault-service option").count()).toBeGreaterThan(1);
    await page.selectOption("#fault-service", "compute");
    // the operation picker offers the service's operations (GET /_emulator/faults/operations)
    await page.selectOption("#fault-operation", "compute.flavor.list");
    await page.fill("#fault-status", "503");
    await page.fill("#fault-times", "1");
    await page.click("#fault-form button[type=submit]");
    await expect.poll(() => page.locator("#faults tbody tr").count()).toBe(1);
    expect(await page.textContent('#faults [data-col="operation"]')).toBe("compute.flavor.list");
    const rule = (await call(emu, "GET", "/_emulator/faults")).body.faults[0];

    await page.click('nav a[data-view="journals"]');
    await page.fill("#rq-service", "compute");
    await page.click("#rq-filter button[type=submit]");
    const token = await login(emu);
    const failed = await fetch(`${url}/compute/v2.1/flavors`, { headers: { "X-Auth-Token": token } });
    expect(failed.status).toBe(503);
    const row = page.locator("#rq-table tbody tr").first();
    await expect.poll(() => row.locator('[data-col="status"]').textContent()).toBe("503");
    await row.getByRole("button").click();
    await expect.poll(() => page.textContent('#rq-detail [data-field="fault fired"]')).toBe(`${rule.id}: error`);
    expect(await page.textContent('#rq-detail [data-field="operation"]')).toBe("compute.flavor.list");
    await screenshot(page, "dashboard-journals");
    // times: 1, so the next one goes through
    expect((await fetch(`${url}/compute/v2.1/flavors`, { headers: { "X-Auth-Token": token } })).status).toBe(200);

    // a rule the API refuses (a path glob past 1024 characters): its message by the form
    await page.click('nav a[data-view="chaos"]');
    await page.fill("#fault-path", "x".repeat(1100));
    await page.click("#fault-form button[type=submit]");
    await expect.poll(() => page.textContent("#fault-error")).toMatch(/^400: /);
    expect(problems).toEqual([]);
  });

  it("keeps the Overview's clock current when the clock is moved from outside the page", async () => {
    const { page, emu, problems } = await open("overview");
    await expect.poll(() => page.textContent("#clock-now")).toBe("2030-01-01T00:00:00.000Z");
    // nothing is planned: the advance makes no event, the page reads the clock on its own
    emu.clock.advance(3_600_000);
    await expect.poll(() => page.textContent("#clock-now")).toBe("2030-01-01T01:00:00.000Z");
    expect(problems).toEqual([]);
  });

  it("exports the state, and imports it back after a reset", async () => {
    const { page, emu } = await open("overview");
    await createServer(emu, "keep-me");
    await expect.poll(() => page.textContent("#clock-now")).toBe("2030-01-01T00:00:00.000Z");
    const download = page.waitForEvent("download");
    await page.click("#export-state");
    const file = await (await download).path();
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(JSON.stringify(saved)).toContain("keep-me");

    await page.click("#reset-form button[type=submit]");
    await expect.poll(() => page.textContent("#toast")).toMatch(/back to the seed world/);
    expect((await call(emu, "GET", "/_emulator/resources/compute.server")).body.resources).toEqual([]);

    await page.setInputFiles("#import-file", file);
    await page.click("#import-form button[type=submit]");
    await expect.poll(() => page.textContent("#toast")).toMatch(/^Imported /);
    const servers = (await call(emu, "GET", "/_emulator/resources/compute.server")).body.resources;
    expect(servers.map((s: any) => s.name)).toEqual(["keep-me"]);
  });
});
