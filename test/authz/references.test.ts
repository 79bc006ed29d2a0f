// Another project's resources named inside a request body: project B's member creating or changing its own
// resources with project A's network, subnet, port, security group, keypair, server group or private image
// gets the very answer an id that exists nowhere gets (Neutron's 404 NotFound, Nova's 400 on a server
// create), and nothing changes. The route matrix covers ids in paths; bodies need these samples, one per kind of reference.

import { beforeAll, expect, it, vi } from "vitest";
import { CIRROS } from "../helpers/compute.js";
import { call } from "../helpers/emulator.js";
import { authzWorld, type AuthzWorld } from "./credentials.js";
import { inEnvelope, nowhere } from "./routes.js";

// thousands of requests in-process: a bound for a hang, not a speed target (two loaded cores take minutes)
vi.setConfig({ testTimeout: 600_000, hookTimeout: 600_000 });

let w: AuthzWorld;
beforeAll(async () => {
  w = await authzWorld();
});

/** [what, method, path, body, the upstream status] for B's member, with A's ids. */
function references(): Array<[string, string, string, unknown, number]> {
  const a = w.ownedA;
  const b = w.ownedB;
  const server = (extra: Record<string, unknown>) => ({ server: { name: "x", imageRef: CIRROS, flavorRef: "1", networks: [{ uuid: b.networks }], ...extra } });
  return [
    ["a port on A's network", "POST", "/networking/v2.0/ports", { port: { network_id: a.networks } }, 404],
    ["a subnet on A's network", "POST", "/networking/v2.0/subnets", { subnet: { network_id: a.networks, cidr: "192.168.99.0/24", ip_version: 4 } }, 404],
    ["a port in A's security group", "POST", "/networking/v2.0/ports", { port: { network_id: b.networks, security_groups: [a["security-groups"]] } }, 404],
    ["a rule in A's security group", "POST", "/networking/v2.0/security-group-rules", { security_group_rule: { security_group_id: a["security-groups"], direction: "ingress" } }, 404],
    ["a rule allowing A's group", "POST", "/networking/v2.0/security-group-rules", { security_group_rule: { security_group_id: b["security-groups"], direction: "ingress", remote_group_id: a["security-groups"] } }, 404],
    ["a floating IP on A's port", "POST", "/networking/v2.0/floatingips", { floatingip: { floating_network_id: publicNet(), port_id: a.ports } }, 404],
    ["B's floating IP moved to A's port", "PUT", `/networking/v2.0/floatingips/${b.floatingips}`, { floatingip: { port_id: a.ports } }, 404],
    ["B's router on A's subnet", "PUT", `/networking/v2.0/routers/${b.routers}/add_router_interface`, { subnet_id: a.subnets }, 404],
    ["B's router on A's port", "PUT", `/networking/v2.0/routers/${b.routers}/add_router_interface`, { port_id: a.ports }, 404],
    ["B's port given A's security group", "PUT", `/networking/v2.0/ports/${b.ports}`, { port: { security_groups: [a["security-groups"]] } }, 404],
    ["a server on A's network", "POST", "/compute/v2.1/servers", server({ networks: [{ uuid: a.networks }] }), 400],
    ["a server on A's port", "POST", "/compute/v2.1/servers", server({ networks: [{ port: a.ports }] }), 400],
    ["a server with A's keypair", "POST", "/compute/v2.1/servers", server({ key_name: a["os-keypairs"] }), 400],
    ["a server from A's private image", "POST", "/compute/v2.1/servers", server({ imageRef: a.images }), 400],
    ["a server in A's server group", "POST", "/compute/v2.1/servers", { ...server({}), "OS-SCH-HNT:scheduler_hints": { group: a["os-server-groups"] } }, 400],
  ];
}

let publicNetId = "";
const publicNet = () => publicNetId;

it("refuses B's member every reference to A's resources, as if they did not exist, and changes nothing", async () => {
  publicNetId = (await call(w.emu, "GET", "/networking/v2.0/networks?name=public", { token: w.tokens.admin })).body.networks[0].id;
  const before = JSON.stringify(w.emu.kernel.store.state);
  const failures: string[] = [];
  for (const [what, method, path, body, status] of references()) {
    const res = await call(w.emu, method, path, { token: w.tokens.memberB, body });
    const service = w.emu.services.find((s) => path.startsWith(`${s.mountPath}/`))!;
    // the same request naming ids that exist nowhere must get the same answer: nothing about A is disclosed
    const named = Object.values(w.ownedA).filter((id) => JSON.stringify(body).includes(`"${id}"`));
    const unknown = await call(w.emu, method, path, { token: w.tokens.memberB, body: JSON.parse(named.reduce((t, id) => t.replaceAll(`"${id}"`, `"${nowhere(id)}"`), JSON.stringify(body))) });
    const same = unknown.status === res.status && unknown.text === named.reduce((t, id) => t.replaceAll(id, nowhere(id)), res.text);
    if (res.status !== status || !same || !inEnvelope(service, res.status, res.body)) failures.push(`${what}: ${method} ${path} -> ${res.status} ${res.text.slice(0, 200)}${same ? "" : `; an unknown id gets ${unknown.status} ${unknown.text.slice(0, 200)}`}`);
  }
  expect(failures).toEqual([]);
  expect(JSON.stringify(w.emu.kernel.store.state)).toBe(before);
});
