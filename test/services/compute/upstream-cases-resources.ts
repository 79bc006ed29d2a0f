// Conformance cases for tempest's other compute clients: flavors, keypairs, server groups, quotas, quota
// classes, limits, hypervisors, services, zones, migrations, interfaces, aggregates, images, usage, hosts,
// the proxies (below their removal microversions), versions and extensions.

import { call } from "../../helpers/emulator.js";
import { act, advance, del, get, moduleAt, post, put, rangeStarts, server, type Case, type World } from "./upstream-cases.js";

const at = (base: string, name: string, version?: string) => `${moduleAt(base, version)}.${name}`;
const each = (base: string, make: (v: string) => Case[]): Case[] => rangeStarts(base).flatMap(make);
const v21 = (base: string, name: string) => `v2_1/${base}.${name}`;

let named = 0;
const unique = (prefix: string) => `${prefix}-${++named}`;

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

const CIRROS_IMAGE = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";
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

const group = async (w: World, t: string) => (await post(w, "/os-security-groups", { security_group: { name: unique("sg"), description: "d" } }, t)).body.security_group.id;
const proxies: Case[] = [
  { schema: v21("security_groups", "list_security_groups"), call: "GET /os-security-groups", as: "demo", run: (w, t) => get(w, "/os-security-groups", t) },
  { schema: v21("security_groups", "create_security_group"), call: "POST /os-security-groups", as: "demo", run: (w, t) => post(w, "/os-security-groups", { security_group: { name: "sg", description: "d" } }, t) },
  { schema: v21("security_groups", "get_security_group"), call: "GET /os-security-groups/{id}", as: "demo", run: async (w, t) => get(w, `/os-security-groups/${await group(w, t)}`, t) },
  { schema: v21("security_groups", "update_security_group"), call: "PUT /os-security-groups/{id}", as: "demo", run: async (w, t) => put(w, `/os-security-groups/${await group(w, t)}`, { security_group: { name: "n", description: "e" } }, t) },
  { schema: v21("security_groups", "delete_security_group"), call: "DELETE /os-security-groups/{id}", as: "demo", run: async (w, t) => del(w, `/os-security-groups/${await group(w, t)}`, t) },
  {
    schema: v21("security_groups", "create_security_group_rule"),
    call: "POST /os-security-group-rules",
    as: "demo",
    run: async (w, t) => post(w, "/os-security-group-rules", { security_group_rule: { parent_group_id: await group(w, t), ip_protocol: "tcp", from_port: 22, to_port: 22, cidr: "10.0.0.0/8" } }, t),
  },
  {
    schema: v21("security_groups", "create_security_group_rule"),
    call: "POST /os-security-group-rules (icmp, every type)",
    as: "demo",
    run: async (w, t) => post(w, "/os-security-group-rules", { security_group_rule: { parent_group_id: await group(w, t), ip_protocol: "icmp", from_port: -1, to_port: -1 } }, t),
  },
  {
    schema: v21("security_groups", "delete_security_group_rule"),
    call: "DELETE /os-security-group-rules/{id}",
    as: "demo",
    run: async (w, t) => {
      const rule = await post(w, "/os-security-group-rules", { security_group_rule: { parent_group_id: await group(w, t), ip_protocol: "tcp", from_port: 22, to_port: 22 } }, t);
      return del(w, `/os-security-group-rules/${rule.body.security_group_rule.id}`, t);
    },
  },
  { schema: v21("floating_ips", "list_floating_ip_pools"), call: "GET /os-floating-ip-pools", as: "demo", run: (w, t) => get(w, "/os-floating-ip-pools", t) },
  { schema: v21("floating_ips", "create_get_floating_ip"), call: "POST /os-floating-ips", as: "demo", run: (w, t) => post(w, "/os-floating-ips", { pool: "public" }, t) },
  { schema: v21("floating_ips", "list_floating_ips"), call: "GET /os-floating-ips", as: "demo", run: async (w, t) => (await post(w, "/os-floating-ips", { pool: "public" }, t), get(w, "/os-floating-ips", t)) },
  {
    schema: v21("floating_ips", "add_remove_floating_ip"),
    call: "POST /servers/{id}/action addFloatingIp",
    as: "demo",
    run: async (w, t) => {
      const ip = (await post(w, "/os-floating-ips", { pool: "public" }, t)).body.floating_ip.ip;
      return act(w, await server(w, t), { addFloatingIp: { address: ip } }, t);
    },
  },
  {
    schema: v21("floating_ips", "add_remove_floating_ip"),
    call: "POST /servers/{id}/action removeFloatingIp",
    as: "demo",
    run: async (w, t) => {
      const ip = (await post(w, "/os-floating-ips", { pool: "public" }, t)).body.floating_ip.ip;
      const id = await server(w, t);
      await act(w, id, { addFloatingIp: { address: ip } }, t);
      return act(w, id, { removeFloatingIp: { address: ip } }, t);
    },
  },
  { schema: v21("tenant_networks", "list_tenant_networks"), call: "GET /os-tenant-networks", as: "demo", run: (w, t) => get(w, "/os-tenant-networks", t) },
  { schema: v21("tenant_networks", "get_tenant_network"), call: "GET /os-tenant-networks/{id}", as: "demo", run: (w, t) => get(w, `/os-tenant-networks/${w.privateNet}`, t) },
  { schema: v21("volumes", "create_get_volume"), call: "POST /os-volumes", as: "demo", run: (w, t) => post(w, "/os-volumes", { volume: { size: 1, display_name: "v" } }, t) },
  {
    schema: v21("volumes", "create_get_volume"),
    call: "GET /os-volumes/{id}",
    as: "demo",
    run: async (w, t) => {
      const id = (await post(w, "/os-volumes", { volume: { size: 1 } }, t)).body.volume.id;
      advance(w, 5);
      return get(w, `/os-volumes/${id}`, t);
    },
  },
  { schema: v21("volumes", "list_volumes"), call: "GET /os-volumes/detail", as: "demo", run: async (w, t) => (await post(w, "/os-volumes", { volume: { size: 1 } }, t), get(w, "/os-volumes/detail", t)) },
  { schema: v21("volumes", "list_volumes"), call: "GET /os-volumes", as: "demo", run: async (w, t) => (await post(w, "/os-volumes", { volume: { size: 1 } }, t), get(w, "/os-volumes", t)) },
  {
    schema: v21("volumes", "delete_volume"),
    call: "DELETE /os-volumes/{id}",
    as: "demo",
    run: async (w, t) => {
      const id = (await post(w, "/os-volumes", { volume: { size: 1 } }, t)).body.volume.id;
      advance(w, 5);
      return del(w, `/os-volumes/${id}`, t);
    },
  },
  { schema: v21("images", "image_metadata"), call: "GET /images/{id}/metadata", as: "demo", run: (w, t) => get(w, `/images/${CIRROS_IMAGE}/metadata`, t) },
  { schema: v21("images", "image_metadata"), call: "PUT /images/{id}/metadata", as: "admin", run: (w, t) => put(w, `/images/${CIRROS_IMAGE}/metadata`, { metadata: { os_distro: "cirros" } }, t) },
  { schema: v21("images", "image_metadata"), call: "POST /images/{id}/metadata", as: "admin", run: (w, t) => post(w, `/images/${CIRROS_IMAGE}/metadata`, { metadata: { a: "b" } }, t) },
  {
    schema: v21("images", "image_meta_item"),
    call: "GET /images/{id}/metadata/{key}",
    as: "demo",
    run: async (w, t) => (await put(w, `/images/${CIRROS_IMAGE}/metadata`, { metadata: { a: "b" } }, w.admin), get(w, `/images/${CIRROS_IMAGE}/metadata/a`, t)),
  },
  { schema: v21("images", "image_meta_item"), call: "PUT /images/{id}/metadata/{key}", as: "admin", run: (w, t) => put(w, `/images/${CIRROS_IMAGE}/metadata/a`, { meta: { a: "c" } }, t) },
  {
    schema: v21("images", "delete"),
    call: "DELETE /images/{id}/metadata/{key}",
    as: "admin",
    run: async (w, t) => (await put(w, `/images/${CIRROS_IMAGE}/metadata`, { metadata: { a: "b" } }, t), del(w, `/images/${CIRROS_IMAGE}/metadata/a`, t)),
  },
];

const discovery: Case[] = [
  {
    schema: v21("versions", "list_versions"),
    call: "GET /compute/",
    as: "demo",
    run: (w) => call(w.emu, "GET", "/compute/"),
  },
  { schema: v21("versions", "get_one_version"), call: "GET /compute/v2.1/", as: "demo", run: (w, t) => get(w, "/", t) },
  { schema: v21("versions", "get_one_version"), call: "GET /compute/v2/", as: "demo", run: (w, t) => call(w.emu, "GET", "/compute/v2/", { token: t }) },
  { schema: v21("extensions", "list_extensions"), call: "GET /extensions", as: "demo", run: (w, t) => get(w, "/extensions", t) },
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
  ...proxies,
  ...discovery,
];
