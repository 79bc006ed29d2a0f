// Remote consoles (2.6+ remote-consoles; os-getVNCConsole & co. up to 2.5): a noVNC URL on the emulator's
// own address; other protocols as a devstack-like Nova answers them (unavailable); os-server-password;
// diagnostics (admin, 2.48 standard format).

import { describe, expect, it } from "vitest";
import { actionApi, fault } from "./server-actions-setup.js";

describe("remote consoles", () => {
  it("POST remote-consoles (2.6) answers a noVNC URL on the emulator's address", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.api("POST", `/servers/${server.id}/remote-consoles`, { token: t.demo, version: "2.6", body: { remote_console: { protocol: "vnc", type: "novnc" } } });
    expect(res.status).toBe(200);
    expect(res.body.remote_console).toMatchObject({ protocol: "vnc", type: "novnc" });
    expect(res.body.remote_console.url).toMatch(/^http:\/\/localhost\/compute\/novnc\/vnc_auto\.html\?path=%3Ftoken%3D[0-9a-f-]{36}$/);
  });

  it("refuses before 2.6 (404), a type of another protocol, rdp and disabled protocols (400), mks before 2.8", async () => {
    const t = await actionApi();
    const server = await t.active();
    const post = (body: unknown, status: number, version = "2.8") =>
      t.refused(status, "POST", `/servers/${server.id}/remote-consoles`, { token: t.demo, version, body: { remote_console: body } });
    await post({ protocol: "vnc", type: "novnc" }, 404, "2.5");
    expect(fault(await post({ protocol: "vnc", type: "spice-html5" }, 400)).message).toBe("Invalid console type spice-html5");
    expect(fault(await post({ protocol: "rdp", type: "rdp-html5" }, 400)).message).toBe("Unavailable console type rdp.");
    expect(fault(await post({ protocol: "serial", type: "serial" }, 400)).message).toBe("Unavailable console type serial.");
    await post({ protocol: "mks", type: "webmks" }, 400, "2.7");
    await post({ protocol: "vnc" }, 400);
  });

  it("os-getVNCConsole works up to 2.5 and is gone from 2.6", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.ok(server.id, { "os-getVNCConsole": { type: "novnc" } }, 200, { version: "2.5" });
    expect(res.body.console.type).toBe("novnc");
    expect(res.body.console.url).toContain("/compute/novnc/vnc_auto.html?path=%3Ftoken%3D");
    await t.refuse(server.id, { "os-getVNCConsole": { type: "novnc" } }, 404, { version: "2.6" });
    await t.refuse(server.id, { "os-getSPICEConsole": { type: "spice-html5" } }, 400, { version: "2.5" });
  });
});

describe("os-server-password and diagnostics", () => {
  it("GET shows an empty password; DELETE clears it (204)", async () => {
    const t = await actionApi();
    const server = await t.active();
    const path = `/servers/${server.id}/os-server-password`;
    expect((await t.api("GET", path, { token: t.demo })).body).toEqual({ password: "" });
    expect((await t.api("DELETE", path, { token: t.demo })).status).toBe(204);
    expect((await t.api("GET", path, { token: t.demo })).body).toEqual({ password: "" });
  });

  it("diagnostics are admin-only; 2.48 gives the standard format", async () => {
    const t = await actionApi();
    const server = await t.active();
    const path = `/servers/${server.id}/diagnostics`;
    await t.refused(403, "GET", path, { token: t.demo });
    const res = await t.api("GET", path, { version: "2.48" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: "running", driver: "libvirt", num_cpus: 1, num_nics: 1, memory_details: { maximum: 512, used: 0 } });
    expect(res.body.nic_details[0].mac_address).toBe((await t.ports(server.id))[0].mac_address);
    expect((await t.api("GET", path, { version: "2.47" })).body).toMatchObject({ memory: 524288, cpu0_time: 0 });
  });
});
