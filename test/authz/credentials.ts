// The authorization matrix's world: the default seed plus project B (a control-API tenant), real resources
// in projects A (demo) and B, and every kind of credential the matrix sends: valid ones (admin, member and
// reader of A, member of B, unscoped, domain-scoped) and ones that must be refused with a 401.

import type { Emulator } from "../../src/app.js";
import { CIRROS } from "../helpers/compute.js";
import { call, login, passwordAuth, testEmulator } from "../helpers/emulator.js";

/** Tokens that must get a 401 on every non-public route; `undefined` sends no token at all. */
export type Refused = Record<"none" | "garbage" | "expired" | "revoked" | "deleted user" | "disabled user" | "disabled project", string | undefined>;

export interface Tokens {
  admin: string;
  memberA: string;
  readerA: string;
  memberB: string;
  /** demo's explicitly unscoped token: no project, no roles */
  unscoped: string;
  /** a user with the member role on the Default domain, scoped to it: roles but no project */
  domainMember: string;
}

/** A project's resources, keyed by the collection segment that precedes the id in a route's path. */
export type Owned = Record<string, string>;

export interface AuthzWorld {
  emu: Emulator;
  tokens: Tokens;
  refused: Refused;
  projectA: string;
  projectB: string;
  /** project A's resources (and its member's user), the path values of the matrix */
  ownedA: Owned;
  ownedB: Owned;
  /** path values of things no project owns (flavors, roles, QoS policies) and names below A's resources */
  shared: Record<string, string>;
}

async function ok(emu: Emulator, method: string, path: string, token: string | undefined, body?: unknown, headers?: Record<string, string>) {
  const res = await call(emu, method, path, { token, body, headers });
  if (res.status >= 300) throw new Error(`authz setup: ${method} ${path} -> ${res.status} ${res.text}`);
  return res;
}

async function token(emu: Emulator, user: string, password: string, scope: unknown): Promise<string> {
  const res = await ok(emu, "POST", "/identity/v3/auth/tokens", undefined, passwordAuth(user, password, scope));
  return res.headers.get("x-subject-token")!;
}

const project = (name: string) => ({ project: { name, domain: { name: "Default" } } });

/** A user with one role assignment (`on` a project id, or the default domain), and its id. */
async function user(emu: Emulator, admin: string, name: string, role: string, on: { project: string } | "domain") {
  const res = await ok(emu, "POST", "/identity/v3/users", admin, { user: { name, password: name, domain_id: "default" } });
  const id = res.body.user.id as string;
  const target = on === "domain" ? "domains/default" : `projects/${on.project}`;
  await ok(emu, "PUT", `/identity/v3/${target}/users/${id}/roles/${role}`, admin);
  return id;
}

/** Networking and compute resources of one project, created by its member. */
async function resources(emu: Emulator, member: string, tag: string, cidr: string, publicNet: string): Promise<Owned> {
  const net = (path: string, body: unknown) => ok(emu, "POST", `/networking/v2.0/${path}`, member, body);
  const network = (await net("networks", { network: { name: `net-${tag}` } })).body.network;
  const subnet = (await net("subnets", { subnet: { network_id: network.id, cidr, ip_version: 4 } })).body.subnet;
  const port = (await net("ports", { port: { network_id: network.id } })).body.port;
  const group = (await net("security-groups", { security_group: { name: `sg-${tag}` } })).body.security_group;
  const rule = (await net("security-group-rules", { security_group_rule: { security_group_id: group.id, direction: "ingress" } })).body.security_group_rule;
  const router = (await net("routers", { router: { name: `router-${tag}` } })).body.router;
  const fip = (await net("floatingips", { floatingip: { floating_network_id: publicNet } })).body.floatingip;
  const compute = (path: string, body: unknown) => ok(emu, "POST", `/compute/v2.1/${path}`, member, body);
  const server = await compute("servers", {
    server: { name: `vm-${tag}`, imageRef: CIRROS, flavorRef: "1", networks: [{ uuid: network.id }], metadata: { authz: "1" } },
  });
  const keypair = (await compute("os-keypairs", { keypair: { name: `kp-${tag}` } })).body.keypair;
  const group2 = (await compute("os-server-groups", { server_group: { name: `sg-${tag}`, policies: ["affinity"] } })).body.server_group;
  const volume = (await ok(emu, "POST", "/volume/v3/volumes", member, { volume: { size: 1, name: `vol-${tag}`, metadata: { authz: "1" } } })).body.volume;
  // the volume becomes available, so it can be snapshotted and backed up
  await ok(emu, "POST", "/_emulator/clock/advance?by=10s", undefined);
  const snap = (await ok(emu, "POST", "/volume/v3/snapshots", member, { snapshot: { volume_id: volume.id, name: `snap-${tag}`, metadata: { authz: "1" } } })).body.snapshot;
  const backup = (await ok(emu, "POST", "/volume/v3/backups", member, { backup: { volume_id: volume.id, name: `backup-${tag}` } })).body.backup;
  await ok(emu, "POST", "/_emulator/clock/advance?by=10s", undefined);
  return {
    volumes: volume.id,
    backups: backup.id,
    snapshots: snap.id,
    networks: network.id,
    subnets: subnet.id,
    ports: port.id,
    "security-groups": group.id,
    "security-group-rules": rule.id,
    routers: router.id,
    floatingips: fip.id,
    servers: server.body.server.id,
    "os-keypairs": keypair.name,
    "os-server-groups": group2.id,
  };
}

/** A snapshot image of the project's server (so an image id of the right project exists). */
async function snapshot(emu: Emulator, member: string, server: string): Promise<string> {
  const res = await ok(emu, "POST", `/compute/v2.1/servers/${server}/action`, member, { createImage: { name: "authz-snap" } });
  return res.headers.get("location")!.split("/").pop()!;
}

export async function authzWorld(): Promise<AuthzWorld> {
  const emu = testEmulator();
  // expired first: the clock passes its expiry before every other token is issued
  const expired = await login(emu, "demo");
  await ok(emu, "POST", "/_emulator/clock/advance", undefined, { by: "3601s" });
  const admin = await login(emu, "admin");
  const memberA = await login(emu, "demo");
  const roles = Object.fromEntries((await ok(emu, "GET", "/identity/v3/roles", admin)).body.roles.map((r: any) => [r.name, r.id]));
  const projects = Object.fromEntries((await ok(emu, "GET", "/identity/v3/projects", admin)).body.projects.map((p: any) => [p.name, p.id]));
  const projectA = projects.demo as string;
  const demoUser = (await ok(emu, "GET", "/identity/v3/auth/tokens", memberA, undefined, { "X-Subject-Token": memberA })).body.token.user.id;

  await user(emu, admin, "reader-a", roles.reader, { project: projectA });
  await user(emu, admin, "domain-member", roles.member, "domain");
  const readerA = await token(emu, "reader-a", "reader-a", project("demo"));
  const domainMember = await token(emu, "domain-member", "domain-member", { domain: { name: "Default" } });
  const unscoped = await token(emu, "demo", "demo", "unscoped");

  const revoked = await login(emu, "demo");
  await ok(emu, "DELETE", "/identity/v3/auth/tokens", admin, undefined, { "X-Subject-Token": revoked });
  const gone = await user(emu, admin, "gone", roles.member, { project: projectA });
  const deleted = await token(emu, "gone", "gone", project("demo"));
  await ok(emu, "DELETE", `/identity/v3/users/${gone}`, admin);
  const off = await user(emu, admin, "off", roles.member, { project: projectA });
  const disabledUser = await token(emu, "off", "off", project("demo"));
  await ok(emu, "PATCH", `/identity/v3/users/${off}`, admin, { user: { enabled: false } });
  const closed = (await ok(emu, "POST", "/identity/v3/projects", admin, { project: { name: "closed", domain_id: "default" } })).body.project.id;
  await ok(emu, "PUT", `/identity/v3/projects/${closed}/users/${demoUser}/roles/${roles.member}`, admin);
  const disabledProject = await token(emu, "demo", "demo", project("closed"));
  await ok(emu, "PATCH", `/identity/v3/projects/${closed}`, admin, { project: { enabled: false } });

  const tenant = (await ok(emu, "POST", "/_emulator/tenants", undefined, { name: "project-b", password: "project-b" })).body;
  const memberB = await login(emu, "project-b", "project-b", "project-b");
  const publicNet = (await ok(emu, "GET", "/networking/v2.0/networks?name=public", admin)).body.networks[0].id;
  const ownedA = await resources(emu, memberA, "A", "192.168.10.0/24", publicNet);
  const ownedB = await resources(emu, memberB, "B", "192.168.20.0/24", publicNet);
  await ok(emu, "POST", "/_emulator/clock/advance", undefined, { by: "60s" }); // servers ACTIVE
  ownedA.images = await snapshot(emu, memberA, ownedA.servers!);
  ownedB.images = await snapshot(emu, memberB, ownedB.servers!);
  await ok(emu, "POST", "/_emulator/clock/advance", undefined, { by: "60s" }); // snapshots active
  const credential = (who: string, id: string, name: string) =>
    ok(emu, "POST", `/identity/v3/users/${id}/application_credentials`, who, { application_credential: { name } });
  ownedA.application_credentials = (await credential(memberA, demoUser, "authz-a")).body.application_credential.id;
  ownedB.application_credentials = (await credential(memberB, tenant.user.id, "authz-b")).body.application_credential.id;
  Object.assign(ownedA, { users: demoUser, projects: projectA, quotas: projectA, "os-quota-sets": projectA, "os-simple-tenant-usage": projectA, "auto-allocated-topology": projectA });
  Object.assign(ownedB, {
    users: tenant.user.id,
    projects: tenant.project.id,
    quotas: tenant.project.id,
    "os-quota-sets": tenant.project.id,
    "os-simple-tenant-usage": tenant.project.id,
    "auto-allocated-topology": tenant.project.id,
  });

  const role = (await ok(emu, "POST", "/identity/v3/roles", admin, { role: { name: "authz-role" } })).body.role.id;
  const qos = (await ok(emu, "POST", "/networking/v2.0/qos/policies", admin, { policy: { name: "authz-qos" } })).body.policy.id;
  const qosRule = (path: string, body: unknown) => ok(emu, "POST", `/networking/v2.0/qos/policies/${qos}/${path}`, admin, body);
  const shared = {
    roles: role,
    domains: "default",
    flavors: "1",
    policies: qos,
    bandwidth_limit_rules: (await qosRule("bandwidth_limit_rules", { bandwidth_limit_rule: { max_kbps: 1000 } })).body.bandwidth_limit_rule.id,
    dscp_marking_rules: (await qosRule("dscp_marking_rules", { dscp_marking_rule: { dscp_mark: 10 } })).body.dscp_marking_rule.id,
    minimum_bandwidth_rules: (await qosRule("minimum_bandwidth_rules", { minimum_bandwidth_rule: { min_kbps: 100 } })).body.minimum_bandwidth_rule.id,
    "os-hypervisors": "compute-1",
    // names below a resource of A's (its server's metadata key, the network its addresses are on)
    metadata: "authz",
    ips: "net-A",
  };
  const refused: Refused = {
    none: undefined,
    garbage: "gAAAAA-not-a-token",
    expired,
    revoked,
    "deleted user": deleted,
    "disabled user": disabledUser,
    "disabled project": disabledProject,
  };
  return {
    emu,
    tokens: { admin, memberA, readerA, memberB, unscoped, domainMember },
    refused,
    projectA,
    projectB: tenant.project.id,
    ownedA,
    ownedB,
    shared,
  };
}
