// The dashboard in Chromium, one resource's card: a server's detail (addresses, flavor, the instance-action
// history) opened from the keyboard and following the server BUILD -> ACTIVE; an object's download link
// that downloads its bytes; an application credential's card without its secret. The views keep no serious
// or critical axe-core violation with a card open.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dashboardSuite, screenshot, seriousViolations } from "../helpers/browser.js";
import { call, login } from "../helpers/emulator.js";
import { ACTION_MS, BUILD_MS, CIRROS } from "../helpers/compute.js";

const open = dashboardSuite();

describe("dashboard: a resource's detail", () => {
  it("shows a server's addresses, flavor and action history, opened from the keyboard, and follows its status", async () => {
    const { page, emu, problems } = await open("resources?kind=compute.server");
    const token = await login(emu, "demo");
    const net = (await call(emu, "GET", "/networking/v2.0/networks?name=private", { token })).body.networks[0].id;
    const id = (await call(emu, "POST", "/compute/v2.1/servers", { token, body: { server: { name: "web-detail", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: net }] } } })).body.server.id;
    const show = page.getByRole("button", { name: `Show compute.server ${id}` });
    await expect.poll(() => show.count()).toBe(1);
    await show.focus();
    await page.keyboard.press("Enter");
    const card = page.locator("#res-detail");
    await expect.poll(() => card.isVisible()).toBe(true);
    // the card takes the focus once its fields are in (it shows first, then loads)
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("res-detail");
    await expect.poll(() => card.locator('[data-field="status"]').first().textContent()).toBe("BUILD");
    expect(await card.locator('[data-field="next step"]').textContent()).toMatch(/^building → active \(scheduled, due /);

    emu.clock.advance(BUILD_MS);
    // live: the card follows the server without a click
    await expect.poll(() => card.locator('[data-field="status"]').first().textContent()).toBe("ACTIVE");
    const port = (await call(emu, "GET", `/networking/v2.0/ports?device_id=${id}`, { token })).body.ports[0];
    await expect.poll(() => card.locator('table[data-field="addresses"] [data-col="addr"]').allTextContents()).toEqual([port.fixed_ips[0].ip_address]);
    expect(await card.locator('table[data-field="addresses"] [data-col="network"]').textContent()).toBe("private");
    expect(await card.locator('[data-field="flavor"] [data-field="name"]').textContent()).toBe("m1.tiny");
    expect(await card.locator('table[data-field="actions"] [data-col="action"]').allTextContents()).toEqual(["create"]);
    expect(await card.locator('[data-field="host"]').first().textContent()).toMatch(/^compute-/);

    // an action shows in the history, and its end in the status
    expect((await call(emu, "POST", `/compute/v2.1/servers/${id}/action`, { token, body: { "os-stop": null } })).status).toBe(202);
    emu.clock.advance(ACTION_MS);
    await expect.poll(() => card.locator('[data-field="status"]').first().textContent()).toBe("SHUTOFF");
    await expect.poll(() => card.locator('table[data-field="actions"] [data-col="action"]').allTextContents()).toEqual(["create", "stop"]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "dashboard-resource-detail");

    // a click on another row's cells opens that one; Close hides the card
    await page.selectOption("#res-kind", "compute.flavor");
    await expect.poll(() => card.isVisible()).toBe(false);
    await page.locator('#res-table tr[data-id="1"] [data-col="name"]').click();
    await expect.poll(() => card.locator('[data-field="name"]').first().textContent()).toBe("m1.tiny");
    await page.click("#res-detail-close");
    expect(await card.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });

  it("downloads an object's bytes from its card", async () => {
    const { page, emu, problems } = await open("overview");
    const token = await login(emu, "demo");
    const project = (await call(emu, "GET", "/identity/v3/auth/tokens", { token, headers: { "X-Subject-Token": token } })).body.token.project.id;
    await call(emu, "PUT", `/object-store/v1/AUTH_${project}/reports`, { token });
    const bytes = "id,total\n1,42\n";
    const put = await call(emu, "PUT", `/object-store/v1/AUTH_${project}/reports/q1.csv`, { token, raw: bytes, headers: { "Content-Type": "text/csv", "Content-Length": String(bytes.length) } });
    expect(put.status).toBe(201);
    await page.click('nav a[data-view="resources"]');
    await page.selectOption("#res-kind", "object-storage.object");
    const id = `${project}/reports/q1.csv`;
    await page.getByRole("button", { name: `Show object-storage.object ${id}` }).click();
    const link = page.getByRole("link", { name: "Download q1.csv" });
    await expect.poll(() => link.count()).toBe(1);
    const download = page.waitForEvent("download");
    await link.click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe("q1.csv");
    expect(readFileSync(await saved.path(), "utf8")).toBe(bytes);
    expect(await page.textContent('#res-detail [data-field="bytes"]')).toBe(String(bytes.length));
    expect(problems).toEqual([]);
  });

  it("shows an application credential without its secret", async () => {
    const { page, emu, problems } = await open("resources");
    const token = await login(emu, "demo");
    const user = (await call(emu, "GET", "/identity/v3/auth/tokens", { token, headers: { "X-Subject-Token": token } })).body.token.user.id;
    const made = await call(emu, "POST", `/identity/v3/users/${user}/application_credentials`, { token, body: { application_credential: { name: "ci-runner" } } });
    expect(made.status).toBe(201);
    const { id, secret } = made.body.application_credential;
    await page.selectOption("#res-kind", "identity.application-credential");
    await page.getByRole("button", { name: `Show identity.application-credential ${id}` }).click();
    const card = page.locator("#res-detail");
    await expect.poll(() => card.locator('[data-field="name"]').first().textContent()).toBe("ci-runner");
    expect(await card.locator('table[data-field="roles"] [data-col="name"]').allTextContents()).toContain("member");
    const text = (await card.textContent()) ?? "";
    expect(text).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain("secret");
    expect(await page.content()).not.toContain(secret);
    expect(problems).toEqual([]);
  });
});
