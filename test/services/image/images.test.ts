import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";

describe("image service (Glance v2, read-only over the image catalog)", () => {
  it("answers discovery at /image with 300 and self links to /image/v2/", async () => {
    const emu = testEmulator();
    const res = await call(emu, "GET", "/image");
    expect(res.status).toBe(300);
    expect(res.body.versions[0]).toMatchObject({ id: "v2.16", status: "CURRENT", links: [{ rel: "self", href: "http://localhost/image/v2/" }] });
    expect((await call(emu, "GET", "/image/versions")).status).toBe(200);
  });

  it("lists the seed's cirros image, filters by name, shows it, and 404s a name as the SDK expects", async () => {
    const emu = testEmulator();
    const token = await login(emu, "demo");
    const list = await call(emu, "GET", "/image/v2/images", { token });
    expect(list.status).toBe(200);
    const cirros = list.body.images.find((i: { name: string }) => i.name === "cirros");
    expect(cirros).toMatchObject({ status: "active", visibility: "public", disk_format: "qcow2", self: `/v2/images/${cirros.id}` });
    const byName = await call(emu, "GET", "/image/v2/images?name=cirros", { token });
    expect(byName.body.images.map((i: { id: string }) => i.id)).toEqual([cirros.id]);
    expect((await call(emu, "GET", "/image/v2/images?name=nothing", { token })).body.images).toEqual([]);
    expect((await call(emu, "GET", `/image/v2/images/${cirros.id}`, { token })).body.name).toBe("cirros");
    expect((await call(emu, "GET", "/image/v2/images/cirros", { token })).status).toBe(404);
  });

  it("pages with limit and marker, and rejects a bad limit or unknown marker with 400", async () => {
    const emu = testEmulator();
    const token = await login(emu, "demo");
    const first = await call(emu, "GET", "/image/v2/images?limit=1", { token });
    expect(first.body.images).toHaveLength(1);
    expect((await call(emu, "GET", "/image/v2/images?limit=x", { token })).status).toBe(400);
    expect((await call(emu, "GET", "/image/v2/images?marker=nope", { token })).status).toBe(400);
  });

  it("needs a token", async () => {
    const emu = testEmulator();
    expect((await call(emu, "GET", "/image/v2/images")).status).toBe(401);
  });
});
