import { beforeEach, describe, expect, it } from "vitest";
import { addImage } from "../../../src/services/image/catalog.js";
import type { ImageState } from "../../../src/services/image/state.js";
import { CIRROS, computeApi, fault, type ComputeApi } from "../../helpers/compute.js";

const BASE = "http://localhost/compute";

/** Adds an image straight to the image service's catalog, as createImage does through its contract. */
function catalogImage(n: ComputeApi, input: Parameters<typeof addImage>[2]): string {
  return n.emu.kernel.store.update((draft) =>
    addImage(draft.image as ImageState, { ids: n.emu.kernel.ids, now: n.emu.kernel.clock.now() }, input).id,
  );
}

describe("compute: /v2.1/images (the deprecated image proxy)", () => {
  let n: ComputeApi;
  beforeEach(async () => {
    n = await computeApi();
  });

  it("lists the seed cirros image with its stable id, and shows the full record", async () => {
    const list = await n.api("GET", "/images", { token: n.demo });
    expect(list.status).toBe(200);
    const links = [
      { rel: "self", href: `${BASE}/v2.1/images/${CIRROS}` },
      { rel: "bookmark", href: `${BASE}/images/${CIRROS}` },
      { rel: "alternate", type: "application/vnd.openstack.image", href: `http://localhost/image/images/${CIRROS}` },
    ];
    expect(list.body).toEqual({ images: [{ id: CIRROS, name: "cirros", links }] });
    const show = await n.api("GET", `/images/${CIRROS}`, { token: n.demo });
    expect(show.body.image).toEqual({
      id: CIRROS,
      name: "cirros",
      status: "ACTIVE",
      progress: 100,
      minDisk: 1,
      minRam: 0,
      created: "2030-01-01T00:00:00Z",
      updated: "2030-01-01T00:00:00Z",
      metadata: {},
      "OS-EXT-IMG-SIZE:size": 21430272,
      links,
    });
    const detail = await n.api("GET", "/images/detail", { token: n.demo });
    expect(detail.body.images).toEqual([show.body.image]);
  });

  it("is gone from 2.36: every image proxy call is 404", async () => {
    for (const [method, path] of [["GET", "/images"], ["GET", "/images/detail"], ["GET", `/images/${CIRROS}`], ["DELETE", `/images/${CIRROS}`]]) {
      const res = await n.api(method, path, { version: "2.36" });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(fault(res).name).toBe("itemNotFound");
    }
    expect((await n.api("GET", "/images", { version: "2.35" })).status).toBe(200);
    expect((await n.api("GET", `/images/${CIRROS}`)).status).toBe(200);
  });

  it("shows public images plus the project's own: another project's private image is 404", async () => {
    const snap = catalogImage(n, { name: "demo-snap", ownerProjectId: n.demoProject, serverId: "5b1f0000-0000-4000-8000-000000000001", status: "saving", metadata: { image_type: "snapshot" } });
    const secret = catalogImage(n, { name: "admin-secret", ownerProjectId: n.adminProject, status: "active" });
    const names = async (token: string, q = "") => (await n.api("GET", `/images${q}`, { token })).body.images.map((i: any) => i.name);
    expect(await names(n.demo)).toEqual(["cirros", "demo-snap"]);
    expect(await names(n.admin)).toEqual(["cirros", "demo-snap", "admin-secret"]);
    expect((await n.api("GET", `/images/${secret}`, { token: n.demo })).status).toBe(404);
    const res = await n.api("GET", `/images/${snap}`, { token: n.demo });
    expect(res.body.image).toMatchObject({
      status: "SAVING",
      progress: 50,
      metadata: { image_type: "snapshot" },
      server: { id: "5b1f0000-0000-4000-8000-000000000001", links: [{ rel: "self", href: `${BASE}/v2.1/servers/5b1f0000-0000-4000-8000-000000000001` }, { rel: "bookmark", href: `${BASE}/servers/5b1f0000-0000-4000-8000-000000000001` }] },
    });
    // filters: name, status, type, server
    expect(await names(n.demo, "?name=cirros")).toEqual(["cirros"]);
    expect(await names(n.demo, "?status=ACTIVE")).toEqual(["cirros"]);
    expect(await names(n.demo, "?type=snapshot")).toEqual(["demo-snap"]);
    expect(await names(n.demo, "?server=5b1f0000-0000-4000-8000-000000000001")).toEqual(["demo-snap"]);
    expect(await names(n.demo, "?minDisk=1")).toEqual(["cirros"]);
    const paged = await n.api("GET", "/images?limit=1", { token: n.demo });
    expect(paged.body.images_links[0].href).toBe(`${BASE}/v2.1/images?limit=1&marker=${CIRROS}`);
    expect((await n.api("GET", "/images?marker=missing", { token: n.demo })).status).toBe(400);
  });

  it("deletes the project's own image (204); a public image of another project is 403, unknown 404, nothing changed", async () => {
    const snap = catalogImage(n, { name: "mine", ownerProjectId: n.demoProject, status: "active" });
    const before = n.fingerprint();
    const foreign = await n.api("DELETE", `/images/${CIRROS}`, { token: n.demo });
    expect(foreign.status).toBe(403);
    expect(fault(foreign).name).toBe("forbidden");
    expect((await n.api("DELETE", "/images/00000000-0000-4000-8000-000000000000", { token: n.demo })).status).toBe(404);
    expect(n.fingerprint()).toBe(before);
    const res = await n.api("DELETE", `/images/${snap}`, { token: n.demo });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await n.api("GET", `/images/${snap}`, { token: n.demo })).status).toBe(404);
    expect((await n.events("compute.image.deleted")).map((e) => e.payload)).toEqual([{ imageId: snap, projectId: n.demoProject }]);
  });
});
