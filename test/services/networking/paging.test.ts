import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";

async function world() {
  const emu = testEmulator();
  const demo = await login(emu, "demo");
  const get = (path: string) => call(emu, "GET", `/networking/v2.0${path}`, { token: demo });
  for (const name of ["n1", "n2", "n3", "n4", "n5"]) {
    await call(emu, "POST", "/networking/v2.0/networks", { token: demo, body: { network: { name, description: name === "n3" ? "odd" : "" } } });
  }
  return { get };
}

describe("networking list paging (limit, marker, <plural>_links)", () => {
  it("walks the whole list page by page through the next links, as the SDK does", async () => {
    const { get } = await world();
    const all = (await get("/networks")).body.networks.map((n: { id: string }) => n.id);
    expect(all.length).toBeGreaterThanOrEqual(7); // five of demo's, plus the seed's private and public
    const seen: string[] = [];
    let path: string | undefined = "/networks?limit=2";
    while (path) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.body.networks.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.networks.map((n: { id: string }) => n.id));
      const next = res.body.networks_links?.find((l: { rel: string }) => l.rel === "next")?.href as string | undefined;
      path = next ? next.slice(next.indexOf("/networks?")) : undefined;
    }
    expect(seen).toEqual(all);
  });

  it("has no next link on the last page, pages filtered lists, and sorts before the marker", async () => {
    const { get } = await world();
    const all = (await get("/networks")).body.networks;
    const last = await get(`/networks?limit=5&marker=${all[all.length - 3].id}`);
    expect(last.body.networks.map((n: { id: string }) => n.id)).toEqual(all.slice(-2).map((n: { id: string }) => n.id));
    expect(last.body.networks_links).toBeUndefined();
    const filtered = await get("/networks?description=odd&limit=1");
    expect(filtered.body.networks.map((n: { name: string }) => n.name)).toEqual(["n3"]);
    expect(filtered.body.networks_links).toBeUndefined();
    const sorted = (await get("/networks?sort_key=name&sort_dir=desc")).body.networks.map((n: { name: string }) => n.name);
    const n5 = (await get("/networks?name=n5")).body.networks[0].id;
    const after = await get(`/networks?sort_key=name&sort_dir=desc&limit=2&marker=${n5}`);
    expect(after.body.networks.map((n: { name: string }) => n.name)).toEqual(sorted.slice(sorted.indexOf("n5") + 1, sorted.indexOf("n5") + 3));
  });

  it("rejects an unknown marker and a non-integer limit with 400 in Neutron's envelope", async () => {
    const { get } = await world();
    const marker = await get("/networks?limit=2&marker=nope");
    expect(marker.status).toBe(400);
    expect(marker.body.NeutronError.type).toBe("InvalidInput");
    expect((await get("/networks?limit=two")).status).toBe(400);
  });
});
