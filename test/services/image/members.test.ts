// Sharing (Glance v2 images-sharing-v2) between two projects: the owner adds a member, the member sees
// the image (show) but lists it only once accepted, accepts or rejects it itself, the owner removes it.

import { describe, expect, it } from "vitest";
import { glanceError, imageWorld } from "./world.js";

describe("image members", () => {
  it("shares an image: pending, then accepted (listed), rejected (not listed), removed (not visible)", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo, { name: "shared-img" });
    const names = async (token: string, query = "") => (await w.api("GET", `/v2/images${query}`, token)).body.images.map((i: { name: string }) => i.name);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.alt)).status).toBe(404);

    const added = await w.api("POST", `/v2/images/${img.id}/members`, w.demo, { body: { member: w.altProject } });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      created_at: "2030-01-01T00:00:00Z", updated_at: "2030-01-01T00:00:00Z", image_id: img.id, member_id: w.altProject, status: "pending", schema: "/v2/schemas/member",
    });
    expect((await w.api("POST", `/v2/images/${img.id}/members`, w.demo, { body: { member: w.altProject } })).status).toBe(409);
    // pending: the member may show it, but its default list leaves it out
    expect((await w.api("GET", `/v2/images/${img.id}`, w.alt)).status).toBe(200);
    expect(await names(w.alt)).not.toContain("shared-img");
    expect(await names(w.alt, "?member_status=pending")).toContain("shared-img");
    expect(await names(w.alt, "?member_status=all&visibility=shared")).toEqual(["shared-img"]);

    // only the member sets its status
    const byOwner = await w.api("PUT", `/v2/images/${img.id}/members/${w.altProject}`, w.demo, { body: { status: "accepted" } });
    expect(byOwner.status).toBe(403);
    expect((await w.api("PUT", `/v2/images/${img.id}/members/${w.altProject}`, w.alt, { body: { status: "maybe" } })).status).toBe(400);
    const accepted = await w.api("PUT", `/v2/images/${img.id}/members/${w.altProject}`, w.alt, { body: { status: "accepted", member: "ignored" } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe("accepted");
    expect(await names(w.alt)).toContain("shared-img");

    // the owner sees every member; the member only itself
    expect((await w.api("GET", `/v2/images/${img.id}/members`, w.demo)).body).toEqual({ members: [expect.objectContaining({ member_id: w.altProject, status: "accepted" })], schema: "/v2/schemas/members" });
    expect((await w.api("GET", `/v2/images/${img.id}/members/${w.altProject}`, w.alt)).body.status).toBe("accepted");
    expect((await w.api("GET", `/v2/images/${img.id}/members/nobody`, w.demo)).status).toBe(404);

    // a member can neither change nor delete the image, nor remove itself
    expect((await w.patch(w.alt, img.id, [{ op: "replace", path: "/name", value: "mine" }])).status).toBe(403);
    expect((await w.api("DELETE", `/v2/images/${img.id}`, w.alt)).status).toBe(403);
    expect((await w.api("DELETE", `/v2/images/${img.id}/members/${w.altProject}`, w.alt)).status).toBe(403);

    await w.api("PUT", `/v2/images/${img.id}/members/${w.altProject}`, w.alt, { body: { status: "rejected" } });
    expect(await names(w.alt)).not.toContain("shared-img");
    expect(await names(w.alt, "?member_status=rejected")).toContain("shared-img");

    expect((await w.api("DELETE", `/v2/images/${img.id}/members/${w.altProject}`, w.demo)).status).toBe(204);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.alt)).status).toBe(404);
    expect((await w.api("GET", `/v2/images/${img.id}/members`, w.demo)).body.members).toEqual([]);
  });

  it("has members only for shared images (403), and only the owner adds them", async () => {
    const w = await imageWorld();
    const priv = await w.create(w.demo, { visibility: "private" });
    const refused = await w.api("POST", `/v2/images/${priv.id}/members`, w.demo, { body: { member: w.altProject } });
    expect(refused.status).toBe(403);
    expect(glanceError(refused)).toBe("Only shared images have members.");
    expect((await w.api("GET", `/v2/images/${priv.id}/members`, w.demo)).body.members).toEqual([]);
    const shared = await w.create(w.demo);
    expect((await w.api("POST", `/v2/images/${shared.id}/members`, w.alt, { body: { member: w.altProject } })).status).toBe(404);
    expect((await w.api("POST", `/v2/images/${shared.id}/members`, w.demo, { body: { nope: 1 } })).status).toBe(400);
    expect((await w.api("GET", `/v2/images/${shared.id}/members`, w.demo)).body.members).toEqual([]);
  });

  it("boots a server in the member project from an accepted shared image, not from one never shared", async () => {
    const w = await imageWorld();
    const img = await w.create(w.alt, { name: "bootable" });
    await w.upload(w.alt, img.id, "disk");
    const boot = (token: string) =>
      w.emu.app.request("http://localhost/compute/v2.1/servers", {
        method: "POST",
        headers: { "X-Auth-Token": token, "Content-Type": "application/json", "OpenStack-API-Version": "compute 2.37" },
        body: JSON.stringify({ server: { name: "vm", imageRef: img.id, flavorRef: "1", networks: "none" } }),
      });
    expect((await boot(w.demo)).status).toBe(400);
    await w.api("POST", `/v2/images/${img.id}/members`, w.alt, { body: { member: w.demoProject } });
    await w.api("PUT", `/v2/images/${img.id}/members/${w.demoProject}`, w.demo, { body: { status: "accepted" } });
    const booted = await boot(w.demo);
    expect(booted.status, await booted.clone().text()).toBe(202);
  });
});
