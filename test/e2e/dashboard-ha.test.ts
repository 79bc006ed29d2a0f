// The dashboard in Chromium, instance HA (the spec's notifications): a notification created in the form
// shows in the list under `new`; the form offers each type's payload fields and sends only those (a process
// notification's detail, no vmoves); compute-1 failed from the Chaos view on a frozen clock, its recovery
// advanced from the page, the notification `finished` and its servers evacuated. Screenshots for the README.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, openDashboard, screenshot, seriousViolations, type DashboardSession } from "../helpers/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const sessions: DashboardSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.close();
});

async function open(hash: string) {
  const session = await openDashboard(browser, { seed: "ha-cluster" }, hash);
  sessions.push(session);
  return session;
}

describe("dashboard: instance-HA notifications", () => {
  it("creates a notification from the form and lists it under `new`", async () => {
    const { page, problems } = await open("notifications");
    await expect.poll(() => page.locator("#nf-host option").count()).toBeGreaterThan(0);
    await page.selectOption("#nf-host", "compute-2");
    await page.selectOption("#nf-host-status", "NORMAL");
    await page.click("#nf-create button[type=submit]");
    await expect.poll(() => page.textContent("#toast")).toMatch(/created: new/);
    await page.selectOption("#nf-status", "new");
    const rows = page.locator("#nf-table tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.locator('[data-col="host"]').textContent()).toBe("compute-2");
    expect(await rows.locator('[data-col="status"]').textContent()).toBe("new");
    await page.selectOption("#nf-status", "finished");
    await expect.poll(() => page.textContent("#nf-table tbody")).toBe("none");
    expect(problems).toEqual([]);
  });

  it("offers each type's payload fields, sends only those, and shows the API's refusal of a bad one", async () => {
    const { page, problems } = await open("notifications");
    await expect.poll(() => page.locator("#nf-host option").count()).toBeGreaterThan(0);
    await page.selectOption("#nf-type", "COMPUTE_PROCESS");
    expect(await page.isVisible("#nf-process")).toBe(true);
    expect(await page.isVisible("#nf-cluster")).toBe(false);
    expect(await page.isVisible("#nf-instance")).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.selectOption("#nf-host", "compute-2");
    await page.fill("#nf-process", "nova-compute");
    await page.click("#nf-create button[type=submit]");
    await expect.poll(() => page.textContent("#toast")).toMatch(/created/);
    await page.locator("#nf-table tbody tr").first().getByRole("button").click();
    await expect.poll(() => page.textContent('#nf-detail [data-field="payload"]')).toBe(JSON.stringify({ event: "STOPPED", process_name: "nova-compute" }));
    expect(await page.textContent('#nf-detail [data-field="type"]')).toBe("COMPUTE_PROCESS");

    await page.selectOption("#nf-type", "COMPUTE_INSTANCE");
    expect(await page.isVisible("#nf-instance")).toBe(true);
    expect(await page.isVisible("#nf-process")).toBe(false);
    await page.fill("#nf-instance", "not-a-uuid");
    await page.click("#nf-create button[type=submit]");
    await expect.poll(() => page.textContent("#nf-create-error")).toMatch(/^400: .*instance_uuid/);
    expect(problems).toEqual([]);
  });

  it("shows the API's refusal of a notification it would not take", async () => {
    const { page } = await open("notifications");
    await expect.poll(() => page.locator("#nf-host option").count()).toBeGreaterThan(0);
    await page.click("#nf-create button[type=submit]");
    await expect.poll(() => page.textContent("#toast")).toMatch(/created/);
    // the same host again within the duplicate window: Masakari's 409
    await page.click("#nf-create button[type=submit]");
    await expect.poll(() => page.textContent("#nf-create-error")).toMatch(/^409: /);
  });

  it("fails a host, advances its recovery from the page, and shows the servers evacuated", async () => {
    const { page, emu, problems } = await open("chaos");
    const failButton = page.getByRole("button", { name: "Fail compute-1" });
    await failButton.click();
    await expect.poll(() => page.locator('#hosts tr[data-id="compute-1"] [data-col="state"]').textContent()).toBe("down");
    await screenshot(page, "dashboard-chaos");

    await page.click('nav a[data-view="notifications"]');
    const row = page.locator("#nf-table tbody tr").first();
    await expect.poll(() => row.locator('[data-col="status"]').textContent()).toBe("new");
    await row.getByRole("button", { name: /Show notification/ }).click();
    await expect.poll(() => page.textContent('#nf-detail [data-field="status"]')).toBe("new");
    const before = emu.clock.now();
    await page.click("#nf-advance-form button");
    // on the frozen clock only the page moved time: the recovery ran to its end
    await expect.poll(() => page.textContent('#nf-detail [data-field="status"]')).toBe("finished");
    expect(emu.clock.now()).toBeGreaterThan(before);
    await expect.poll(() => page.locator("#nf-tasks tbody tr").allTextContents()).toEqual([
      expect.stringMatching(/^DisableComputeServiceTaskSUCCESS/),
      expect.stringMatching(/^PrepareHAEnabledInstancesTaskSUCCESS/),
      expect.stringMatching(/^EvacuateInstancesTaskSUCCESS/),
    ]);
    await expect.poll(() => page.locator("#nf-vmoves tbody tr").count()).toBeGreaterThan(0);
    expect(await page.locator("#nf-vmoves tbody tr").first().locator('[data-col="from"]').textContent()).toBe("compute-1");
    await screenshot(page, "dashboard-notifications");

    await page.click('nav a[data-view="resources"]');
    await page.selectOption("#res-kind", "compute.server");
    await expect.poll(() => page.locator("#res-table tbody tr").count()).toBe(6);
    const hosts = await page.locator('#res-table [data-col="host"]').allTextContents();
    expect(hosts).not.toContain("compute-1");
    expect(problems).toEqual([]);
  });
});
