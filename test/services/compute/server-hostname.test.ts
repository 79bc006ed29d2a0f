// A server's hostname (2.90+) and the fields later microversions added: a snapshot written by an older build
// holds servers without them (the hostname kept since 2.90, an attachment's 2.89 ids) and imports, its
// servers answering with every key (the hostname made from the name, the ids null); a rename keeps the
// hostname; a hostname that is not a string is a 400 that changes nothing; name filters run in linear time.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { actionApi } from "./server-actions-setup.js";

/** Deletes `keys` from every object under `value` that has all of `where`. */
function strip(value: unknown, where: string[], keys: string[]): number {
  if (value === null || typeof value !== "object") return 0;
  let n = 0;
  const o = value as Record<string, unknown>;
  if (!Array.isArray(o) && where.every((k) => Object.hasOwn(o, k))) {
    for (const k of keys) delete o[k];
    n++;
  }
  for (const child of Object.values(o)) n += strip(child, where, keys);
  return n;
}

describe("servers from an older build's snapshot", () => {
  it("show a hostname made from the name and null attachment ids, at the microversions that have them", async () => {
    const t = await actionApi();
    const server = await t.active({ name: "Old Web_1" });
    const volume = await call(t.emu, "POST", "/volume/v3/volumes", { token: t.demo, body: { volume: { size: 1 } } });
    expect(volume.status, volume.text).toBe(202);
    t.advance(10_000);
    const v = volume.body.volume.id;
    expect((await t.api("POST", `/servers/${server.id}/os-volume_attachments`, { token: t.demo, body: { volumeAttachment: { volumeId: v } } })).status).toBe(200);
    t.advance(10_000);

    const snapshot = JSON.parse((await call(t.emu, "GET", "/_emulator/state")).text);
    expect(strip(snapshot.state.compute.servers, ["vmState", "flavorId"], ["hostname"])).toBe(1);
    expect(strip(snapshot.state.compute.servers, ["deleteOnTermination", "device"], ["attachmentId", "bdmUuid"])).toBe(1);
    expect((await call(t.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);

    const shown = (await t.api("GET", `/servers/${server.id}`, { token: t.demo, version: "2.90" })).body.server;
    expect(shown["OS-EXT-SRV-ATTR:hostname"]).toBe("old-web-1");
    const listed = (await t.api("GET", "/servers/detail?hostname=old-web", { token: t.demo, version: "2.90" })).body.servers;
    expect(listed.map((s: any) => s.id)).toEqual([server.id]);
    const attachment = (await t.api("GET", `/servers/${server.id}/os-volume_attachments/${v}`, { token: t.demo, version: "2.89" })).body.volumeAttachment;
    expect(attachment).toMatchObject({ attachment_id: null, bdm_uuid: null, volumeId: v });
  });
});

describe("a server's hostname", () => {
  it("stays what it was made from when the server is renamed or rebuilt with a new name (as Nova's)", async () => {
    const t = await actionApi();
    const server = await t.active({ name: "First Name" });
    const hostname = async () => (await t.api("GET", `/servers/${server.id}`, { token: t.demo, version: "2.90" })).body.server["OS-EXT-SRV-ATTR:hostname"];
    expect(await hostname()).toBe("first-name");
    expect((await t.api("PUT", `/servers/${server.id}`, { token: t.demo, body: { server: { name: "second" } } })).status).toBe(200);
    expect(await hostname()).toBe("first-name");
    await t.ok(server.id, { rebuild: { imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", name: "third" } });
    expect(await hostname()).toBe("first-name");
    expect((await t.api("PUT", `/servers/${server.id}`, { token: t.demo, version: "2.90", body: { server: { hostname: "given" } } })).status).toBe(200);
    expect(await hostname()).toBe("given");
  });
});

describe("a hostname that is not a string", () => {
  it("is a 400 naming it, even an object whose own toString is no function, and changes nothing", async () => {
    const t = await actionApi();
    const server = await t.active({ name: "keep" });
    const before = JSON.stringify((t.emu.kernel.store.state as any).compute.servers);
    const body = JSON.parse('{"server":{"hostname":{"toString":1,"__proto__":null}}}');
    const res = await t.api("PUT", `/servers/${server.id}`, { token: t.demo, version: "2.94", body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.badRequest.message).toContain(`{"toString":1,"__proto__":null} is not of type 'string'`);
    expect(JSON.stringify((t.emu.kernel.store.state as any).compute.servers)).toBe(before);
  });
});

describe("server list name filters (regular expressions)", () => {
  it("are searched as Nova's re.search, by an engine linear in the name: a pattern that backtracks forever elsewhere answers at once", async () => {
    const t = await actionApi();
    const web = await t.active({ name: "web-01" });
    await t.active({ name: `${"a".repeat(60)}!` });
    const names = async (query: string) => {
      const res = await t.api("GET", `/servers/detail?${query}`, { token: t.demo });
      expect(res.status, res.text).toBe(200);
      return res.body.servers.map((s: any) => s.name);
    };
    expect(await names("name=^web-0[0-9]$")).toEqual([web.name]);
    expect(await names(`name=${encodeURIComponent("(a+)+$")}`)).toEqual([]);
    expect(await names(`name=${encodeURIComponent("(a|aa)*c")}`)).toEqual([]);
    // RE2 has no lookaround or backreferences: such a pattern is refused, as an invalid one is
    for (const bad of ["(?=web)", "(web)\\1", "("]) {
      const res = await t.api("GET", `/servers/detail?name=${encodeURIComponent(bad)}`, { token: t.demo });
      expect(res.status, bad).toBe(400);
      expect(res.body.badRequest.message).toContain("is not a valid regular expression");
    }
  });
});
