import { beforeEach, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { port, rejected, tenantNetwork } from "./l3-setup.js";

describe("networking: /v2.0/trunks", () => {
  let n: NetApi;
  let netId: string;
  beforeEach(async () => {
    n = await netApi();
    netId = (await tenantNetwork(n, "trunked", "10.70.0.0/24")).network.id;
  });

  const newPort = () => port(n, { network_id: netId }, n.demo);
  const create = (body: Record<string, unknown>, token = n.demo) => n.api("POST", "/v2.0/trunks", { token, body: { trunk: body } });

  it("creates a trunk with subports, shows, lists, updates and deletes it", async () => {
    const parent = await newPort();
    const child = await newPort();
    const res = await create({ port_id: parent.id, name: "t", sub_ports: [{ port_id: child.id, segmentation_type: "vlan", segmentation_id: 10 }] });
    expect(res.status, res.text).toBe(201);
    const trunk = res.body.trunk;
    expect(trunk).toEqual({
      id: expect.any(String),
      name: "t",
      description: "",
      project_id: n.demoProject,
      tenant_id: n.demoProject,
      port_id: parent.id,
      admin_state_up: true,
      status: "DOWN",
      sub_ports: [{ port_id: child.id, segmentation_type: "vlan", segmentation_id: 10 }],
      created_at: "2030-01-01T00:00:00Z",
      updated_at: "2030-01-01T00:00:00Z",
      revision_number: 0,
      tags: [],
    });
    expect((await n.api("GET", `/v2.0/trunks/${trunk.id}`, { token: n.demo })).body.trunk).toEqual(trunk);
    expect((await n.api("GET", "/v2.0/trunks", { token: n.demo })).body.trunks).toEqual([trunk]);
    expect((await n.api("GET", `/v2.0/ports/${child.id}`, { token: n.demo })).body.port).toMatchObject({ device_owner: "trunk:subport", device_id: trunk.id });
    const updated = await n.api("PUT", `/v2.0/trunks/${trunk.id}`, { token: n.demo, body: { trunk: { name: "t2", description: "d" } } });
    expect(updated.body.trunk).toMatchObject({ name: "t2", description: "d", revision_number: 1 });
    expect((await n.api("DELETE", `/v2.0/trunks/${trunk.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("GET", `/v2.0/ports/${child.id}`, { token: n.demo })).body.port).toMatchObject({ device_owner: "", device_id: "" });
    const gone = await n.api("GET", `/v2.0/trunks/${trunk.id}`, { token: n.demo });
    expect(gone.status).toBe(404);
    expect(neutronError(gone)).toMatchObject({ type: "TrunkNotFound", message: `Trunk ${trunk.id} could not be found.` });
  });

  it("is taggable (standard-attr-tag): /trunks/{id}/tags, and the list's tag filters", async () => {
    const trunk = (await create({ port_id: (await newPort()).id })).body.trunk;
    const other = (await create({ port_id: (await newPort()).id })).body.trunk;
    const tags = `/v2.0/trunks/${trunk.id}/tags`;
    expect((await n.api("PUT", tags, { token: n.demo, body: { tags: ["red", "blue"] } })).status).toBe(200);
    expect((await n.api("PUT", `${tags}/green`, { token: n.demo })).status).toBe(201);
    expect((await n.api("GET", tags, { token: n.demo })).body.tags).toEqual(["red", "blue", "green"]);
    expect((await n.api("GET", `${tags}/red`, { token: n.demo })).status).toBe(204);
    expect((await n.api("DELETE", `${tags}/red`, { token: n.demo })).status).toBe(204);
    expect((await n.api("GET", `/v2.0/trunks/${trunk.id}`, { token: n.demo })).body.trunk).toMatchObject({ tags: ["blue", "green"], revision_number: 3 });
    const listed = (await n.api("GET", "/v2.0/trunks?tags=blue", { token: n.demo })).body.trunks.map((t: { id: string }) => t.id);
    expect(listed).toEqual([trunk.id]);
    expect(listed).not.toContain(other.id);
    // an admin may tag it too; the tags of a trunk the caller cannot see are not found
    expect((await n.api("PUT", `${tags}/x`)).status).toBe(201);
    expect((await n.api("GET", "/v2.0/trunks/nope/tags", { token: n.demo })).status).toBe(404);
  });

  it("adds, lists and removes subports", async () => {
    const parent = await newPort();
    const a = await newPort();
    const b = await newPort();
    const trunk = (await create({ port_id: parent.id })).body.trunk;
    const url = `/v2.0/trunks/${trunk.id}`;
    const add = await n.api("PUT", `${url}/add_subports`, { token: n.demo, body: { sub_ports: [{ port_id: a.id, segmentation_type: "vlan", segmentation_id: 100 }] } });
    expect(add.status, add.text).toBe(200);
    expect(add.body).toMatchObject({ id: trunk.id, sub_ports: [{ port_id: a.id, segmentation_type: "vlan", segmentation_id: 100 }] });
    const sub = (port_id: string, segmentation_id: number) => ({ sub_ports: [{ port_id, segmentation_type: "vlan", segmentation_id }] });
    const dup = await rejected(n, () => n.api("PUT", `${url}/add_subports`, { token: n.demo, body: sub(b.id, 100) }), 409, "DuplicateSubPort");
    expect(dup.message).toBe(`segmentation_type vlan and segmentation_id 100 already in use on trunk ${trunk.id}.`);
    await rejected(n, () => n.api("PUT", `${url}/add_subports`, { token: n.demo, body: sub(a.id, 101) }), 409, "TrunkPortInUse");
    await rejected(n, () => n.api("PUT", `${url}/add_subports`, { token: n.demo, body: sub(parent.id, 102) }), 409, "TrunkPortInUse");
    await rejected(n, () => n.api("PUT", `${url}/add_subports`, { token: n.demo, body: sub(b.id, 4095) }), 400, "BadRequest");
    await rejected(n, () => n.api("PUT", `${url}/add_subports`, { token: n.demo, body: sub("nope", 103) }), 404, "PortNotFound");
    expect((await n.api("GET", `${url}/get_subports`, { token: n.demo })).body).toEqual({ sub_ports: [{ port_id: a.id, segmentation_type: "vlan", segmentation_id: 100 }] });
    await rejected(n, () => n.api("PUT", `${url}/remove_subports`, { token: n.demo, body: { sub_ports: [{ port_id: b.id }] } }), 404, "SubPortNotFound");
    const removed = await n.api("PUT", `${url}/remove_subports`, { token: n.demo, body: { sub_ports: [{ port_id: a.id }] } });
    expect(removed.status).toBe(200);
    expect(removed.body.sub_ports).toEqual([]);
  });

  it("applies the parent port rules: one trunk per port, a disabled trunk takes no subport changes, a bound parent is in use", async () => {
    const parent = await newPort();
    const other = await newPort();
    const trunk = (await create({ port_id: parent.id })).body.trunk;
    await rejected(n, () => create({ port_id: parent.id }), 409, "TrunkPortInUse");
    await rejected(n, () => create({ port_id: "nope" }), 404, "PortNotFound");
    await rejected(n, () => create({ port_id: parent.id }, n.admin), 409, "TrunkPortInUse");
    await n.api("PUT", `/v2.0/trunks/${trunk.id}`, { token: n.demo, body: { trunk: { admin_state_up: false } } });
    await rejected(
      n,
      () => n.api("PUT", `/v2.0/trunks/${trunk.id}/add_subports`, { token: n.demo, body: { sub_ports: [{ port_id: other.id, segmentation_type: "vlan", segmentation_id: 5 }] } }),
      409,
      "TrunkDisabled",
    );
    const bind = await n.api("PUT", `/v2.0/ports/${parent.id}`, { body: { port: { "binding:host_id": "compute-1" } } });
    expect(bind.status, bind.text).toBe(200);
    expect((await n.api("GET", `/v2.0/trunks/${trunk.id}`, { token: n.demo })).body.trunk.status).toBe("ACTIVE");
    await rejected(n, () => n.api("DELETE", `/v2.0/trunks/${trunk.id}`, { token: n.demo }), 409, "TrunkInUse");
  });

  it("hides another project's trunks", async () => {
    const adminNet = await n.network({ name: "admin-net" });
    await n.subnet({ network_id: adminNet.id, cidr: "10.71.0.0/24" });
    const adminPort = await port(n, { network_id: adminNet.id });
    const trunk = (await create({ port_id: adminPort.id }, n.admin)).body.trunk;
    expect((await n.api("GET", "/v2.0/trunks", { token: n.demo })).body.trunks).toEqual([]);
    await rejected(n, () => n.api("GET", `/v2.0/trunks/${trunk.id}`, { token: n.demo }), 404, "TrunkNotFound");
    await rejected(n, () => n.api("DELETE", `/v2.0/trunks/${trunk.id}`, { token: n.demo }), 404, "TrunkNotFound");
    expect((await n.api("GET", "/v2.0/trunks")).body.trunks.map((t: any) => t.id)).toEqual([trunk.id]);
  });

  it("advertises trunk", async () => {
    expect((await n.api("GET", "/v2.0/extensions/trunk")).status).toBe(200);
  });

  it("a trunk's parent port and subports refuse deletion", async () => {
    const parent = await newPort();
    const child = await newPort();
    const trunk = (await create({ port_id: parent.id, sub_ports: [{ port_id: child.id, segmentation_type: "vlan", segmentation_id: 7 }] })).body.trunk;
    const p = await rejected(n, () => n.api("DELETE", `/v2.0/ports/${parent.id}`, { token: n.demo }), 409, "PortInUseAsTrunkParent");
    expect(p.message).toBe(`Port ${parent.id} is currently a parent port for trunk ${trunk.id}.`);
    const c = await rejected(n, () => n.api("DELETE", `/v2.0/ports/${child.id}`, { token: n.demo }), 409, "PortInUseAsSubPort");
    expect(c.message).toBe(`Port ${child.id} is currently a subport for trunk ${trunk.id}.`);
    expect((await n.api("DELETE", `/v2.0/trunks/${trunk.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/ports/${parent.id}`, { token: n.demo })).status).toBe(204);
  });
  it("a parent port shows trunk_details", async () => {
    const parent = await newPort();
    const child = await newPort();
    const trunk = (await create({ port_id: parent.id, sub_ports: [{ port_id: child.id, segmentation_type: "vlan", segmentation_id: 7 }] })).body.trunk;
    expect((await n.api("GET", `/v2.0/ports/${parent.id}`, { token: n.demo })).body.port.trunk_details).toEqual({
      trunk_id: trunk.id,
      sub_ports: [{ segmentation_id: 7, segmentation_type: "vlan", port_id: child.id, mac_address: child.mac_address }],
    });
    expect((await n.api("GET", `/v2.0/ports/${child.id}`, { token: n.demo })).body.port.trunk_details).toBeUndefined();
  });
});
