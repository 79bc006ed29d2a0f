import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";

describe("compute build time option", () => {
  it("builds servers in --build-seconds of virtual time (createEmulator({buildSeconds}))", async () => {
    const emu = testEmulator({ buildSeconds: 30 });
    const token = await login(emu, "demo");
    const network = (await call(emu, "GET", "/networking/v2.0/networks?name=private", { token })).body.networks[0].id;
    const image = (await call(emu, "GET", "/compute/v2.1/images", { token })).body.images.find((i: { name: string }) => i.name === "cirros").id;
    const created = await call(emu, "POST", "/compute/v2.1/servers", {
      token,
      body: { server: { name: "slow", flavorRef: "1", imageRef: image, networks: [{ uuid: network }] } },
    });
    expect(created.status).toBe(202);
    const id = created.body.server.id;
    const status = async () => (await call(emu, "GET", `/compute/v2.1/servers/${id}`, { token })).body.server.status;
    emu.clock.advance(29_000);
    expect(await status()).toBe("BUILD");
    emu.clock.advance(1_000);
    expect(await status()).toBe("ACTIVE");
  });
});
