// The dashboard in Chromium, for everyone: axe-core run in each view finds no serious or critical
// violation (labels, contrast, names, structure); the main controls work from the keyboard alone; with
// --control-token the page asks for the token, says when it is wrong, and then works; the control API
// refuses a form another site's page posts to it.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openDashboard, screenshot, seriousViolations, type DashboardSession } from "../helpers/browser.js";
import { startServerProcess } from "../helpers/server-process.js";

let browser: Browser;
const sessions: DashboardSession[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const s of sessions) await s.close();
  await browser?.close();
});

async function open(hash: string, options = {}) {
  const session = await openDashboard(browser, { seed: "ha-cluster", ...options }, hash);
  sessions.push(session);
  return session;
}

/** Tabs from where the focus is until `name` has it (at most 200 presses). */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "";
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe("dashboard: accessibility and protection", () => {
  it("has no serious or critical axe-core violation in any view", async () => {
    const { page, problems } = await open("overview");
    const loaded: Record<string, string> = {
      overview: "#kinds tbody tr",
      resources: "#res-table tbody tr",
      notifications: "#nf-table tbody tr",
      chaos: "#hosts tbody tr",
      journals: "#rq-table thead",
    };
    for (const [view, ready] of Object.entries(loaded)) {
      await page.click(`nav a[data-view="${view}"]`);
      await expect.poll(() => page.locator(ready).count()).toBeGreaterThan(0);
      expect(await seriousViolations(page), view).toEqual([]);
    }
    await page.click('nav a[data-view="overview"]');
    await expect.poll(() => page.locator("#kinds tbody tr").count()).toBeGreaterThan(5);
    await screenshot(page, "dashboard-overview");
    expect(problems).toEqual([]);
  });

  it("works from the keyboard: the views, the clock, failing a host", async () => {
    const { page, emu } = await open("overview");
    await expect.poll(() => page.textContent("#clock-now")).toBe("2030-01-01T00:00:00.000Z");
    await page.locator("body").focus();
    await tabTo(page, "Chaos");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#chaos");
    await expect.poll(() => page.locator('#hosts tr[data-id="compute-2"]').count()).toBe(1);
    await tabTo(page, "Fail compute-2");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent('#hosts tr[data-id="compute-2"] [data-col="state"]')).toBe("down");

    await page.goto(`${page.url().split("#")[0]}#overview`);
    await expect.poll(() => page.textContent("#clock-now")).toBe("2030-01-01T00:00:00.000Z");
    await page.focus("#clock-advance");
    await page.keyboard.type("90s");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent("#clock-now")).toBe("2030-01-01T00:01:30.000Z");
    expect(emu.clock.now()).toBe(Date.parse("2030-01-01T00:01:30Z"));
    // every focusable control has a name a screen reader reads out
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("input, select, button, a[href]")]
        .filter((el) => !(el.getAttribute("aria-label") || el.textContent?.trim() || (el as HTMLInputElement).labels?.length))
        .map((el) => el.outerHTML),
    );
    expect(unnamed).toEqual([]);
  });

  it("asks for the control token when the API wants one, and says when it is wrong", async () => {
    const { page } = await open("overview", { controlToken: "s3cret" });
    const dialog = page.getByRole("dialog", { name: "Control token" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.type("wrong");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent("#token-error")).toMatch(/refused/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.fill("#token-input", "s3cret");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.textContent("#clock-now")).toBe("2030-01-01T00:00:00.000Z");
    expect(await dialog.isVisible()).toBe(false);
  });

  it("is refused when another site's page posts a form to the control API", async () => {
    const { page, url, emu } = await open("overview");
    // a page of another origin (data: URL) with a self-submitting form, as a malicious site would serve
    const html = `<form method="post" action="${url}/_emulator/clock/advance" enctype="text/plain"><input name='{"by":"1h","x":"' value='"}'></form><script>document.forms[0].submit()</script>`;
    const response = page.waitForResponse(`${url}/_emulator/clock/advance`);
    await page.goto(`data:text/html,${encodeURIComponent(html)}`);
    expect((await response).status()).toBe(403);
    expect(emu.clock.now()).toBe(Date.parse("2030-01-01T00:00:00Z"));
  });

  it("is served by the built package (dist/skymock.cjs), its script from the bundle", async () => {
    const server = await startServerProcess(["--frozen-clock"]);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${server.url}/dashboard#chaos`);
      await expect.poll(() => page.locator('#hosts tr[data-id="compute-1"]').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
