// Conformance cases for tempest's other compute clients: flavors, keypairs, server groups, quotas, quota
// classes, limits, hypervisors, services, zones, migrations, interfaces, aggregates, images, usage, hosts,
// external events (the proxies, versions and extensions: upstream-cases-proxies.ts).

import { act, advance, del, get, moduleAt, post, put, rangeStarts, server, type Case, type World } from "./upstream-cases.js";

const at = (base: string, name: string, version?: string) => `${moduleAt(base, version)}.${name}`;
const each = (base: string, make: (v: string) => Case[]): Case[] => rangeStarts(base).flatMap(make);
const v21 = (base: string, name: string) => `v2_1/${base}.${name}`;

let named = 0;
export const unique = (prefix: string) => `${prefix}-${++named}`;

async function flavor(w: World): Promise<string> {
  const res = await post(w, "/flavors", { flavor: { name: unique("f"), ram: 64, vcpus: 1, disk: 1 } }, w.admin);
  if (res.status !== 200) throw new Error(`flavor: ${res.status} ${res.text}`);
  return res.body.flavor.id;
}

const hypervisorId = async (w: World, v?: string) => (await get(w, "/os-hypervisors", w.admin, v)).body.hypervisors[0].id;

async function migrated(w: World, t: string): Promise<string> {
  const id = await server(w, t);
  await act(w, id, { resize: { flavorRef: "2" } }, t);
  advance(w, 10);
  return id;
}

const flavors = each("flavors", (v) => [
  { schema: at("flavors", "list_flavors", v), call: "GET /flavors", version: v, as: "demo", run: (w, t, v) => get(w, "/flavors", t, v) },
  { schema: at("flavors", "list_flavors_details", v), call: "GET /flavors/detail", version: v, as: "demo", run: (w, t, v) => get(w, "/flavors/detail", t, v) },
  { schema: at("flavors", "create_update_get_flavor_details", v), call: "GET /flavors/{id}", version: v, as: "demo", run: (w, t, v) => get(w, "/flavors/1", t, v) },
  {
    schema: at("flavors", "create_update_get_flavor_details", v),
    call: "POST /flavors",
    version: v,
    as: "admin",
    run: (w, t, v) => post(w, "/flavors", { flavor: { name: unique("f"), ram: 64, vcpus: 1, disk: 1, ...(v === "2.1" ? {} : { description: "d" }) } }, t, v),
  },
  { schema: at("flavors", "delete_flavor", v), call: "DELETE /flavors/{id}", version: v, as: "admin", run: async (w, t, v) => del(w, `/flavors/${await flavor(w)}`, t, v) },
]);
flavors.push(
  { schema: at("flavors", "create_update_get_flavor_details", "2.55"), call: "PUT /flavors/{id}", version: "2.55", as: "admin", run: async (w, t, v) => put(w, `/flavors/${await flavor(w)}`, { flavor: { description: "new" } }, t, v) },
  { schema: v21("flavors_extra_specs", "set_get_flavor_extra_specs"), call: "POST /flavors/{id}/os-extra_specs", as: "admin", run: async (w, t) => post(w, `/flavors/${await flavor(w)}/os-extra_specs`, { extra_specs: { "hw:cpu_policy": "shared" } }, t) },
  { schema: v21("flavors_extra_specs", "set_get_flavor_extra_specs"), call: "GET /flavors/{id}/os-extra_specs", as: "admin", run: async (w, t) => get(w, `/flavors/${await flavor(w)}/os-extra_specs`, t) },
  {
    schema: v21("flavors_extra_specs", "set_get_flavor_extra_specs_key"),
    call: "PUT /flavors/{id}/os-extra_specs/{key}",
    as: "admin",
    run: async (w, t) => put(w, `/flavors/${await flavor(w)}/os-extra_specs/hw:cpu_policy`, { "hw:cpu_policy": "dedicated" }, t),
  },
  {
    schema: v21("flavors_extra_specs", "unset_flavor_extra_specs"),
    call: "DELETE /flavors/{id}/os-extra_specs/{key}",
    as: "admin",
    run: async (w, t) => {
      const id = await flavor(w);
      await post(w, `/flavors/${id}/os-extra_specs`, { extra_specs: { "hw:cpu_policy": "shared" } }, t);
      return del(w, `/flavors/${id}/os-extra_specs/hw:cpu_policy`, t);
    },
  },
  {
    schema: v21("flavors_access", "add_remove_list_flavor_access"),
    call: "POST /flavors/{id}/action addTenantAccess",
    as: "admin",
    run: async (w, t) => {
      const res = await post(w, "/flavors", { flavor: { name: unique("p"), ram: 64, vcpus: 1, disk: 1, "os-flavor-access:is_public": false } }, t);
      return post(w, `/flavors/${res.body.flavor.id}/action`, { addTenantAccess: { tenant: w.demoProject } }, t);
    },
  },
);

const keypairs = each("keypairs", (v) => [
  { schema: at("keypairs", "create_keypair", v), call: "POST /os-keypairs", version: v, as: "demo", run: (w, t, v) => post(w, "/os-keypairs", { keypair: { name: unique("k") } }, t, v) },
  { schema: at("keypairs", "list_keypairs", v), call: "GET /os-keypairs", version: v, as: "demo", run: async (w, t, v) => (await post(w, "/os-keypairs", { keypair: { name: "k" } }, t, v), get(w, "/os-keypairs", t, v)) },
  { schema: at("keypairs", "get_keypair", v), call: "GET /os-keypairs/{name}", version: v, as: "demo", run: async (w, t, v) => (await post(w, "/os-keypairs", { keypair: { name: "k" } }, t, v), get(w, "/os-keypairs/k", t, v)) },
  { schema: at("keypairs", "delete_keypair", v), call: "DELETE /os-keypairs/{name}", version: v, as: "demo", run: async (w, t, v) => (await post(w, "/os-keypairs", { keypair: { name: "k" } }, t, v), del(w, "/os-keypairs/k", t, v)) },
]);

/** an OpenSSH ed25519 public key (2.92 imports only) */
const SSH_KEY = (() => {
  const str = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  return `ssh-ed25519 ${Buffer.concat([str(Buffer.from("ssh-ed25519")), str(Buffer.alloc(32, 7))]).toString("base64")} me@laptop`;
})();
keypairs.push({
  schema: at("keypairs", "create_keypair", "2.92"),
  call: "POST /os-keypairs (imported; a name with '@' and '.')",
  version: "2.92",
  as: "demo",
  run: (w, t, v) => post(w, "/os-keypairs", { keypair: { name: unique("me@example.org"), public_key: SSH_KEY } }, t, v),
});

const groupBody = (v: string) => (Number(v.split(".")[1]) >= 64 ? { name: "g", policy: "anti-affinity" } : { name: "g", policies: ["anti-affinity"] });
const groups = each("server_groups", (v) => [
  { schema: at("server_groups", "create_show_server_group", v), call: "POST /os-server-groups", version: v, as: "demo", run: (w, t, v) => post(w, "/os-server-groups", { server_group: groupBody(v!) }, t, v) },
  {
    schema: at("server_groups", "create_show_server_group", v),
    call: "GET /os-server-groups/{id}",
    version: v,
    as: "demo",
    run: async (w, t, v) => get(w, `/os-server-groups/${(await post(w, "/os-server-groups", { server_group: groupBody(v!) }, t, v)).body.server_group.id}`, t, v),
  },
  { schema: at("server_groups", "list_server_groups", v), call: "GET /os-server-groups", version: v, as: "demo", run: async (w, t, v) => (await post(w, "/os-server-groups", { server_group: groupBody(v!) }, t, v), get(w, "/os-server-groups", t, v)) },
  {
    schema: at("server_groups", "delete_server_group", v),
    call: "DELETE /os-server-groups/{id}",
    version: v,
    as: "demo",
    run: async (w, t, v) => del(w, `/os-server-groups/${(await post(w, "/os-server-groups", { server_group: groupBody(v!) }, t, v)).body.server_group.id}`, t, v),
  },
]);

const quotas = each("quotas", (v) => [
  { schema: at("quotas", "get_quota_set", v), call: "GET /os-quota-sets/{project}", version: v, as: "demo", run: (w, t, v) => get(w, `/os-quota-sets/${w.demoProject}`, t, v) },
  { schema: at("quotas", "get_quota_set", v), call: "GET /os-quota-sets/{project}/defaults", version: v, as: "demo", run: (w, t, v) => get(w, `/os-quota-sets/${w.demoProject}/defaults`, t, v) },
  { schema: at("quotas", "get_quota_set_details", v), call: "GET /os-quota-sets/{project}/detail", version: v, as: "demo", run: (w, t, v) => (server(w, t), get(w, `/os-quota-sets/${w.demoProject}/detail`, t, v)) },
  { schema: at("quotas", "update_quota_set", v), call: "PUT /os-quota-sets/{project}", version: v, as: "admin", run: (w, t, v) => put(w, `/os-quota-sets/${w.demoProject}`, { quota_set: { instances: 20 } }, t, v) },
  { schema: at("quotas", "delete_quota", v), call: "DELETE /os-quota-sets/{project}", version: v, as: "admin", run: (w, t, v) => del(w, `/os-quota-sets/${w.demoProject}`, t, v) },
]);

const quotaClasses = each("quota_classes", (v) => [
  { schema: at("quota_classes", "get_quota_class_set", v), call: "GET /os-quota-class-sets/default", version: v, as: "admin", run: (w, t, v) => get(w, "/os-quota-class-sets/default", t, v) },
  { schema: at("quota_classes", "update_quota_class_set", v), call: "PUT /os-quota-class-sets/default", version: v, as: "admin", run: (w, t, v) => put(w, "/os-quota-class-sets/default", { quota_class_set: { instances: 20 } }, t, v) },
]);

const limits = each("limits", (v) => [
  { schema: at("limits", "get_limit", v), call: "GET /limits", version: v, as: "demo", run: async (w, t, v) => (await server(w, t), get(w, "/limits", t, v)) },
]);

const hypervisors = each("hypervisors", (v) => {
  const before53 = Number(v.split(".")[1]) < 53;
  const cases: Case[] = [
    { schema: at("hypervisors", "list_search_hypervisors", v), call: "GET /os-hypervisors", version: v, as: "admin", run: (w, t, v) => get(w, "/os-hypervisors", t, v) },
    { schema: at("hypervisors", "list_hypervisors_detail", v), call: "GET /os-hypervisors/detail", version: v, as: "admin", run: async (w, t, v) => (await server(w, w.demo), get(w, "/os-hypervisors/detail", t, v)) },
    { schema: at("hypervisors", "get_hypervisor", v), call: "GET /os-hypervisors/{id}", version: v, as: "admin", run: async (w, t, v) => get(w, `/os-hypervisors/${await hypervisorId(w, v)}`, t, v) },
    { schema: at("hypervisors", "get_hypervisor_statistics", v), call: "GET /os-hypervisors/statistics", version: v, as: "admin", run: (w, t, v) => get(w, "/os-hypervisors/statistics", t, v) },
    { schema: at("hypervisors", "get_hypervisor_uptime", v), call: "GET /os-hypervisors/{id}/uptime", version: v, as: "admin", run: async (w, t, v) => get(w, `/os-hypervisors/${await hypervisorId(w, v)}/uptime`, t, v) },
  ];
  if (before53) {
    cases.push(
      { schema: at("hypervisors", "list_search_hypervisors", v), call: "GET /os-hypervisors/{name}/search", version: v, as: "admin", run: (w, t, v) => get(w, "/os-hypervisors/compute/search", t, v) },
      { schema: at("hypervisors", "get_hypervisors_servers", v), call: "GET /os-hypervisors/{name}/servers", version: v, as: "admin", run: async (w, t, v) => (await server(w, w.demo), get(w, "/os-hypervisors/compute/servers", t, v)) },
    );
  } else {
    cases.push({ schema: at("hypervisors", "list_search_hypervisors", v), call: "GET /os-hypervisors?with_servers=true", version: v, as: "admin", run: async (w, t, v) => (await server(w, w.demo), get(w, "/os-hypervisors?with_servers=true", t, v)) });
  }
  return cases;
});

const serviceId = async (w: World, v: string) => (await get(w, "/os-services?binary=nova-compute", w.admin, v)).body.services[0].id;
const services = each("services", (v) => {
  const minor = Number(v.split(".")[1]);
  const cases: Case[] = [{ schema: at("services", "list_services", v), call: "GET /os-services", version: v, as: "admin", run: (w, t, v) => get(w, "/os-services", t, v) }];
  if (minor < 53) {
    cases.push(
      { schema: v21("services", "enable_disable_service"), call: "PUT /os-services/disable", version: v, as: "admin", run: (w, t, v) => put(w, "/os-services/disable", { host: "compute-1", binary: "nova-compute" }, t, v) },
      { schema: v21("services", "enable_disable_service"), call: "PUT /os-services/enable", version: v, as: "admin", run: (w, t, v) => put(w, "/os-services/enable", { host: "compute-1", binary: "nova-compute" }, t, v) },
      {
        schema: v21("services", "disable_log_reason"),
        call: "PUT /os-services/disable-log-reason",
        version: v,
        as: "admin",
        run: (w, t, v) => put(w, "/os-services/disable-log-reason", { host: "compute-1", binary: "nova-compute", disabled_reason: "maintenance" }, t, v),
      },
    );
  }
  if (minor >= 11 && minor < 53) {
    cases.push({ schema: "v2_11/services.update_forced_down", call: "PUT /os-services/force-down", version: v, as: "admin", run: (w, t, v) => put(w, "/os-services/force-down", { host: "compute-1", binary: "nova-compute", forced_down: true }, t, v) });
  }
  if (minor >= 53) {
    cases.push({ schema: at("services", "update_service", v), call: "PUT /os-services/{id}", version: v, as: "admin", run: async (w, t, v) => put(w, `/os-services/${await serviceId(w, v!)}`, { status: "disabled", disabled_reason: "x" }, t, v) });
  }
  return cases;
});

const migrations = each("migrations", (v) => [
  { schema: at("migrations", "list_migrations", v), call: "GET /os-migrations", version: v, as: "admin", run: async (w, t, v) => (await migrated(w, w.demo), get(w, "/os-migrations", t, v)) },
]);

const interfaces = each("interfaces", (v) => [
  { schema: at("interfaces", "list_interfaces", v), call: "GET /servers/{id}/os-interface", version: v, as: "demo", run: async (w, t, v) => get(w, `/servers/${await server(w, t)}/os-interface`, t, v) },
  {
    schema: at("interfaces", "get_create_interfaces", v),
    call: "GET /servers/{id}/os-interface/{port}",
    version: v,
    as: "demo",
    run: async (w, t, v) => {
      const id = await server(w, t);
      const port = (await get(w, `/servers/${id}/os-interface`, t, v)).body.interfaceAttachments[0].port_id;
      return get(w, `/servers/${id}/os-interface/${port}`, t, v);
    },
  },
  { schema: at("interfaces", "get_create_interfaces", v), call: "POST /servers/{id}/os-interface", version: v, as: "demo", run: async (w, t, v) => post(w, `/servers/${await server(w, t)}/os-interface`, { interfaceAttachment: { net_id: w.privateNet } }, t, v) },
  {
    schema: at("interfaces", "delete_interface", v),
    call: "DELETE /servers/{id}/os-interface/{port}",
    version: v,
    as: "demo",
    run: async (w, t, v) => {
      const id = await server(w, t);
      const port = (await post(w, `/servers/${id}/os-interface`, { interfaceAttachment: { net_id: w.privateNet } }, t, v)).body.interfaceAttachment.port_id;
      return del(w, `/servers/${id}/os-interface/${port}`, t, v);
    },
  },
]);

const aggregate = async (w: World, v?: string) => (await post(w, "/os-aggregates", { aggregate: { name: unique("agg"), availability_zone: "nova" } }, w.admin, v)).body.aggregate.id;
const aggregates = each("aggregates", (v) => [
  { schema: at("aggregates", "create_aggregate", v), call: "POST /os-aggregates", version: v, as: "admin", run: (w, t, v) => post(w, "/os-aggregates", { aggregate: { name: "agg" } }, t, v) },
  { schema: at("aggregates", "list_aggregates", v), call: "GET /os-aggregates", version: v, as: "admin", run: async (w, t, v) => (await aggregate(w, v), get(w, "/os-aggregates", t, v)) },
  { schema: at("aggregates", "get_aggregate", v), call: "GET /os-aggregates/{id}", version: v, as: "admin", run: async (w, t, v) => get(w, `/os-aggregates/${await aggregate(w, v)}`, t, v) },
  { schema: at("aggregates", "update_aggregate", v), call: "PUT /os-aggregates/{id}", version: v, as: "admin", run: async (w, t, v) => put(w, `/os-aggregates/${await aggregate(w, v)}`, { aggregate: { name: unique("n") } }, t, v) },
  { schema: at("aggregates", "delete_aggregate", v), call: "DELETE /os-aggregates/{id}", version: v, as: "admin", run: async (w, t, v) => del(w, `/os-aggregates/${await aggregate(w, v)}`, t, v) },
  {
    schema: at("aggregates", "aggregate_add_remove_host", v),
    call: "POST /os-aggregates/{id}/action add_host",
    version: v,
    as: "admin",
    run: async (w, t, v) => post(w, `/os-aggregates/${await aggregate(w, v)}/action`, { add_host: { host: "compute-1" } }, t, v),
  },
  {
    schema: at("aggregates", "aggregate_set_metadata", v),
    call: "POST /os-aggregates/{id}/action set_metadata",
    version: v,
    as: "admin",
    run: async (w, t, v) => post(w, `/os-aggregates/${await aggregate(w, v)}/action`, { set_metadata: { metadata: { k: "v" } } }, t, v),
  },
]);

export const CIRROS_IMAGE = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";
const images: Case[] = [
  { schema: v21("images", "list_images"), call: "GET /images", as: "demo", run: (w, t) => get(w, "/images", t) },
  { schema: v21("images", "list_images_details"), call: "GET /images/detail", as: "demo", run: (w, t) => get(w, "/images/detail", t) },
  { schema: v21("images", "get_image"), call: "GET /images/{id}", as: "demo", run: (w, t) => get(w, `/images/${CIRROS_IMAGE}`, t) },
  { schema: v21("images", "create_image"), call: "POST /servers/{id}/action createImage", as: "demo", run: async (w, t) => act(w, await server(w, t), { createImage: { name: "snap" } }, t) },
  { schema: "v2_45/images.create_image", call: "POST /servers/{id}/action createImage", version: "2.45", as: "demo", run: async (w, t, v) => act(w, await server(w, t), { createImage: { name: "snap" } }, t, v) },
  {
    schema: v21("images", "delete"),
    call: "DELETE /images/{id}",
    as: "demo",
    run: async (w, t) => {
      const res = await act(w, await server(w, t), { createImage: { name: "snap" } }, t);
      advance(w, 10);
      return del(w, `/images/${res.headers.get("location")!.split("/").pop()}`, t);
    },
  },
];

const zones: Case[] = [
  { schema: v21("availability_zone", "list_availability_zone_list"), call: "GET /os-availability-zone", as: "demo", run: (w, t) => get(w, "/os-availability-zone", t) },
  { schema: v21("availability_zone", "list_availability_zone_list_detail"), call: "GET /os-availability-zone/detail", as: "admin", run: (w, t) => get(w, "/os-availability-zone/detail", t) },
];

const usage: Case[] = [
  { schema: v21("tenant_usages", "list_tenant_usage"), call: "GET /os-simple-tenant-usage", as: "admin", run: async (w, t) => (await server(w, w.demo), get(w, "/os-simple-tenant-usage?detailed=1", t)) },
  { schema: v21("tenant_usages", "get_tenant_usage"), call: "GET /os-simple-tenant-usage/{project}", as: "demo", run: async (w, t) => (await server(w, t), get(w, `/os-simple-tenant-usage/${w.demoProject}`, t)) },
  { schema: v21("instance_usage_audit_logs", "list_instance_usage_audit_log"), call: "GET /os-instance_usage_audit_log", as: "admin", run: (w, t) => get(w, "/os-instance_usage_audit_log", t) },
  {
    schema: v21("instance_usage_audit_logs", "get_instance_usage_audit_log"),
    call: "GET /os-instance_usage_audit_log/{before}",
    as: "admin",
    run: (w, t) => get(w, "/os-instance_usage_audit_log/2030-01-01%2000:00:00", t),
  },
];

// update_host is not checked: a libvirt host (devstack's) does not implement it, and Nova answers 501 there
const hosts: Case[] = [
  { schema: v21("hosts", "list_hosts"), call: "GET /os-hosts", as: "admin", run: (w, t) => get(w, "/os-hosts", t) },
  { schema: v21("hosts", "get_host_detail"), call: "GET /os-hosts/{name}", as: "admin", run: (w, t) => get(w, "/os-hosts/compute-1", t) },
];

const externalEvents: Case[] = [
  {
    schema: v21("server_external_events", "create"),
    call: "POST /os-server-external-events",
    as: "admin",
    run: async (w, t) => post(w, "/os-server-external-events", { events: [{ name: "network-changed", server_uuid: await server(w, w.demo) }] }, t),
  },
];

export const RESOURCE_CASES: Case[] = [
  ...flavors,
  ...keypairs,
  ...groups,
  ...quotas,
  ...quotaClasses,
  ...limits,
  ...hypervisors,
  ...services,
  ...migrations,
  ...interfaces,
  ...aggregates,
  ...images,
  ...zones,
  ...usage,
  ...hosts,
  ...externalEvents,
];
