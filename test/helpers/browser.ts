// The dashboard's browser tests' harness: Debian's Chromium (/usr/bin/chromium, which .ci/run installs)
// driven headless through playwright-core, one browser per test file, against an in-process emulator
// listening on loopback on a frozen clock. A missing Chromium fails the file with the reason, never skips it.

import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import type { Emulator } from "../../src/app.js";
import { afterAll, beforeAll } from "vitest";
import { call, login, testEmulator } from "./emulator.js";
import { CIRROS } from "./compute.js";
import type { EmulatorOptions } from "../../src/config.js";

export const CHROMIUM = "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The dashboard's browser tests need Chromium at ${CHROMIUM} (Debian: apt-get install chromium; .ci/run installs it).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"],
  });
}

export interface DashboardSession {
  emu: Emulator;
  url: string;
  page: Page;
  /** the browser's console errors and failed page requests so far (a test expects none) */
  problems: string[];
  close(): Promise<void>;
}

/** An emulator listening on loopback (frozen clock) and a fresh page on its dashboard. */
export async function openDashboard(browser: Browser, options: EmulatorOptions = {}, hash = "overview"): Promise<DashboardSession> {
  const emu = testEmulator(options);
  const url = await emu.listen(0, "127.0.0.1");
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  // an API's refusal the page shows is a console error too ("Failed to load resource"): the page's own
  // files must load, the APIs may refuse
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(`console: ${m.text()}`);
  });
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname;
    if (r.status() >= 400 && !path.startsWith("/_emulator/") && !/^\/(identity|compute|instance-ha|networking|volume|image)\//.test(path)) problems.push(`${r.status()} ${path}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${url}/dashboard#${hash}`);
  return {
    emu,
    url,
    page,
    problems,
    async close() {
      await context.close();
      await emu.close();
    },
  };
}

const axeSource = () => readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core run in the page: the violations of impact serious or critical, as "rule: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // evaluated over the DevTools protocol: the page's Content-Security-Policy forbids an inline script
  await page.evaluate(axeSource());
  const result = await page.evaluate(async () => {
    const axe = (globalThis as any).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
  });
  return result
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * A full-page screenshot, <name>.png. With SKYMOCK_SCREENSHOTS=1 into docs/screenshots/ (committed: the
 * README shows them); otherwise into the temporary folder, so that a test run leaves the tree as it was
 * (request ids and times differ from run to run, and so do the pixels).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SKYMOCK_SCREENSHOTS === "1" ? fileURLToPath(new URL("../../docs/screenshots/", import.meta.url)) : join(tmpdir(), "skymock-screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * One browser for a test file (launched before its tests, closed after them with every page it opened):
 * `open(hash)` starts an emulator and its dashboard at that view.
 */
export function dashboardSuite(options: EmulatorOptions = {}): (hash: string) => Promise<DashboardSession> {
  let browser: Browser | undefined;
  const sessions: DashboardSession[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const s of sessions) await s.close();
    await browser?.close();
  });
  return async (hash) => {
    const session = await openDashboard(browser!, options, hash);
    sessions.push(session);
    return session;
  };
}

/** A server of project demo on its private network (202), by the API: its id. */
export async function createDemoServer(emu: Emulator, name: string): Promise<string> {
  const token = await login(emu, "demo");
  const net = (await call(emu, "GET", "/networking/v2.0/networks?name=private", { token })).body.networks[0].id;
  const res = await call(emu, "POST", "/compute/v2.1/servers", { token, body: { server: { name, flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: net }] } } });
  if (res.status !== 202) throw new Error(`server create answered ${res.status}: ${res.text}`);
  return res.body.server.id;
}
