import { beforeEach, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { rejected } from "./l3-setup.js";

describe("networking: /v2.0/segments", () => {
  let n: NetApi;
  beforeEach(async () => {
    n = await netApi();
  });

  const create = (body: Record<string, unknown>, token = n.admin) => n.api("POST", "/v2.0/segments", { token, body: { segment: body } });

  it("shows every network's provider attributes as its first segment", async () => {
    const net = await n.network({ name: "v", "provider:network_type": "vlan", "provider:physical_network": "physnet1", "provider:segmentation_id": 200 });
    const list = await n.api("GET", `/v2.0/segments?network_id=${net.id}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.segments).toEqual([
      {
        id: expect.any(String),
        network_id: net.id,
        name: null,
        description: "",
        network_type: "vlan",
        physical_network: "physnet1",
        segmentation_id: 200,
        created_at: "2030-01-01T00:00:00Z",
        updated_at: "2030-01-01T00:00:00Z",
        revision_number: 0,
      },
    ]);
    const first = list.body.segments[0];
    expect((await n.api("GET", `/v2.0/segments/${first.id}`)).body.segment).toEqual(first);
    const renamed = await n.api("PUT", `/v2.0/segments/${first.id}`, { body: { segment: { name: "uplink", description: "d" } } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.segment).toMatchObject({ id: first.id, name: "uplink", description: "d", segmentation_id: 200, revision_number: 1 });
    expect((await n.api("GET", `/v2.0/segments?network_id=${net.id}`)).body.segments).toHaveLength(1);
    const del = await rejected(n, () => n.api("DELETE", `/v2.0/segments/${first.id}`), 409, "SegmentInUse");
    expect(del.message).toBe(`Segment '${first.id}' cannot be deleted: it is the provider segment of network ${net.id}.`);
  });

  it("adds, renames and deletes a segment, allocating ids and refusing clashes", async () => {
    const net = await n.network({ name: "multi" });
    const res = await create({ network_id: net.id, network_type: "vlan", physical_network: "physnet2", segmentation_id: 300, name: "s" });
    expect(res.status, res.text).toBe(201);
    const seg = res.body.segment;
    expect(seg).toMatchObject({ network_id: net.id, network_type: "vlan", physical_network: "physnet2", segmentation_id: 300, name: "s" });
    expect((await n.api("GET", `/v2.0/segments?network_id=${net.id}`)).body.segments.map((x: any) => x.id)).toHaveLength(2);
    const auto = await create({ network_id: net.id, network_type: "vxlan" });
    expect(auto.status, auto.text).toBe(201);
    expect(auto.body.segment.segmentation_id).toEqual(expect.any(Number));
    await rejected(n, () => create({ network_id: net.id, network_type: "vlan", physical_network: "physnet2", segmentation_id: 300 }), 409, "VlanIdInUse");
    await rejected(n, () => create({ network_id: net.id, network_type: "vxlan", segmentation_id: auto.body.segment.segmentation_id }), 409, "TunnelIdInUse");
    await rejected(n, () => create({ network_id: net.id, network_type: "vlan" }), 400, "InvalidInput");
    await rejected(n, () => create({ network_id: net.id, network_type: "flat" }), 400, "InvalidInput");
    await rejected(n, () => create({ network_id: net.id, network_type: "vlan", physical_network: "p", segmentation_id: 5000 }), 400, "InvalidInput");
    await rejected(n, () => create({ network_id: net.id, network_type: "token-ring" }), 400, "BadRequest");
    await rejected(n, () => create({ network_id: "nope", network_type: "vxlan" }), 404, "NetworkNotFound");
    await rejected(n, () => n.api("PUT", `/v2.0/segments/${seg.id}`, { body: { segment: { segmentation_id: 301 } } }), 400, "BadRequest");
    expect((await n.api("DELETE", `/v2.0/segments/${seg.id}`)).status).toBe(204);
    const gone = await n.api("GET", `/v2.0/segments/${seg.id}`);
    expect(gone.status).toBe(404);
    expect(neutronError(gone)).toMatchObject({ type: "SegmentNotFound", message: `Segment ${seg.id} could not be found.` });
  });

  it("is admin only", async () => {
    const net = await n.network({ name: "x" });
    expect((await n.api("GET", "/v2.0/segments", { token: n.demo })).body).toEqual({ segments: [] });
    const first = (await n.api("GET", `/v2.0/segments?network_id=${net.id}`)).body.segments[0];
    await rejected(n, () => n.api("GET", `/v2.0/segments/${first.id}`, { token: n.demo }), 404, "HTTPNotFound");
    await rejected(n, () => create({ network_id: net.id, network_type: "vxlan" }, n.demo), 403, "PolicyNotAuthorized");
    await rejected(n, () => n.api("DELETE", `/v2.0/segments/${first.id}`, { token: n.demo }), 403, "PolicyNotAuthorized");
  });

  it("advertises segment", async () => {
    expect((await n.api("GET", "/v2.0/extensions/segment")).status).toBe(200);
  });

  it("a deleted network takes its added segments with it", async () => {
    const net = await n.network({ name: "gone" });
    const seg = (await create({ network_id: net.id, network_type: "vxlan" })).body.segment;
    expect((await n.api("DELETE", `/v2.0/networks/${net.id}`)).status).toBe(204);
    expect((await n.api("GET", `/v2.0/segments/${seg.id}`)).status).toBe(404);
    expect((await n.api("GET", `/v2.0/segments?network_id=${net.id}`)).body.segments).toEqual([]);
  });
});
