// Conformance cases for tempest's compute proxy clients (security groups and rules, floating IPs and their
// server actions, tenant networks, volumes, image metadata: all below their removal microversions) and for
// discovery (the versions documents) and extensions.

import { call } from "../../helpers/emulator.js";
import { act, advance, del, get, post, put, server, type Case, type World } from "./upstream-cases.js";
import { CIRROS_IMAGE, unique } from "./upstream-cases-resources.js";

const v21 = (base: string, name: string) => `v2_1/${base}.${name}`;

const group = async (w: World, t: string) => (await post(w, "/os-security-groups", { security_group: { name: unique("sg"), description: "d" } }, t)).body.security_group.id;
export const PROXY_CASES: Case[] = [
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

PROXY_CASES.push(...discovery);
