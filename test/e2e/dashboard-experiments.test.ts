// The dashboard's Experiments view in Chromium: an experiment document run from the page's form appears in
// the list with its verdict, and its timeline (the verdict in plain words, lanes per host and service on a
// time axis) is drawn in the view; a run made through the control API is shown by its link; the timeline's
// own page loads with nothing refused by its Content-Security-Policy. No serious axe-core violation.

import { describe, expect, it } from "vitest";
import { dashboardSuite, seriousViolations } from "../helpers/browser.js";
import { call } from "../helpers/emulator.js";
import { shipped } from "../experiments/helpers.js";

const open = dashboardSuite();

const HELD = "The steady state held before and after the method. It held again 190s (virtual) after the first action (objective 300s).";

describe("dashboard: experiments", () => {
  it("runs an experiment from the form; the list shows its verdict and the view draws its timeline", async () => {
    const session = await open("experiments");
    const { page, problems } = session;
    await page.fill("#ex-doc", JSON.stringify(shipped("host-failure-ha")));
    await page.fill("#ex-world", "ha-cluster");
    await page.fill("#ex-seed", "7");
    await page.click("#ex-run button[type=submit]");
    await expect.poll(() => page.textContent("#toast")).toBe(`experiment-1: ${HELD}`);
    const row = page.locator('#ex-table tr[data-id="experiment-1"]');
    await expect.poll(() => row.locator('[data-col="verdict"]').textContent()).toBe(HELD);
    expect(await row.locator('[data-col="status"]').textContent()).toBe("completed");
    // the timeline: the verdict on top, then the picture with its lanes
    await expect.poll(() => page.locator("#ex-timeline .verdict").textContent()).toBe(HELD);
    const lanes = await page.locator('#ex-timeline svg.timeline text[text-anchor="end"]').allTextContents();
    expect(lanes.slice(0, 2)).toEqual(["experiment", "host compute-1"]);
    expect(await page.locator("#ex-timeline svg.timeline .mark.state").count()).toBeGreaterThan(5);
    expect(await page.locator("#ex-timeline svg.timeline").getAttribute("aria-labelledby")).toBe("timeline-title-experiment-1");
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("shows a run made through the control API, its broken verdict marked; the timeline page loads on its own", async () => {
    const session = await open("experiments");
    const { page, emu, url, problems } = session;
    const doc = shipped("host-failure-ha");
    doc.method[1].provider.within = "2m";
    expect((await call(emu, "POST", "/_emulator/experiments", { body: { experiment: doc, world: "ha-cluster", seed: 7 } })).status).toBe(201);
    await page.reload();
    await page.getByRole("link", { name: "Show the timeline of experiment-1" }).click();
    await expect.poll(() => page.locator("#ex-timeline .verdict.broken").textContent()).toMatch(/^Recovery missed its objective: probe "no-server-on-a-down-host" still saw/);
    expect(problems).toEqual([]);

    const alone = await session.page.context().browser()!.newPage();
    const refused: string[] = [];
    alone.on("console", (m) => m.type() === "error" && refused.push(m.text()));
    await alone.goto(`${url}/_emulator/experiments/experiment-1/timeline`);
    expect(await alone.locator(".verdict.broken").isVisible()).toBe(true);
    expect(await alone.locator("svg .mark").count()).toBeGreaterThan(10);
    expect(refused).toEqual([]);
    await alone.close();
  });
});
