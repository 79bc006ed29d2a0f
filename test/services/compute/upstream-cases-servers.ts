// Conformance cases for tempest's servers_client: the answers whose schema it picks by microversion (show,
// list, detail, update, rebuild, backup, volume attachments, instance actions, consoles, diagnostics, tags)
// at the first version of every range, and the rest (create, metadata, addresses, actions) at 2.1.

import { call } from "../../helpers/emulator.js";
import { act, attached, del, get, moduleAt, post, put, rangeStarts, server, volume, CIRROS, type Case } from "./upstream-cases.js";

const S = (name: string, version?: string) => `${moduleAt("servers", version)}.${name}`;
const minor = (v: string) => Number(v.split(".")[1]);

function versioned(v: string): Case[] {
  const cases: Case[] = [
    { schema: S("get_server", v), call: "GET /servers/{id}", version: v, as: "demo", run: async (w, t, v) => get(w, `/servers/${await server(w, t)}`, t, v) },
    { schema: S("get_server", v), call: "GET /servers/{id} (a volume attached)", version: v, as: "admin", run: async (w, t, v) => get(w, `/servers/${(await attached(w, t))[0]}`, t, v) },
    { schema: S("list_servers", v), call: "GET /servers", version: v, as: "demo", run: async (w, t, v) => (await server(w, t), get(w, "/servers", t, v)) },
    { schema: S("list_servers_detail", v), call: "GET /servers/detail", version: v, as: "admin", run: async (w, t, v) => (await attached(w, t), get(w, "/servers/detail", t, v)) },
    { schema: S("list_servers_detail", v), call: "GET /servers/detail", version: v, as: "demo", run: async (w, t, v) => (await server(w, t), get(w, "/servers/detail", t, v)) },
    { schema: S("update_server", v), call: "PUT /servers/{id}", version: v, as: "demo", run: async (w, t, v) => put(w, `/servers/${await server(w, t)}`, { server: { name: "renamed" } }, t, v) },
    {
      schema: S("rebuild_server_with_admin_pass", v),
      call: "POST /servers/{id}/action rebuild",
      version: v,
      as: "demo",
      run: async (w, t, v) => act(w, await server(w, t), { rebuild: { imageRef: CIRROS, adminPass: "secret-pass" } }, t, v),
    },
    {
      schema: S("create_backup", v),
      call: "POST /servers/{id}/action createBackup",
      version: v,
      as: "admin",
      run: async (w, t, v) => act(w, await server(w, t), { createBackup: { name: "b", backup_type: "daily", rotation: 1 } }, t, v),
    },
    {
      schema: S("attach_volume", v),
      call: "POST /servers/{id}/os-volume_attachments",
      version: v,
      as: "demo",
      run: async (w, t, v) => {
        const [id] = await attached(w, t);
        return post(w, `/servers/${id}/os-volume_attachments`, { volumeAttachment: { volumeId: await volume(w, t) } }, t, v);
      },
    },
    {
      schema: S("show_volume_attachment", v),
      call: "GET /servers/{id}/os-volume_attachments/{volume}",
      version: v,
      as: "demo",
      run: async (w, t, v) => {
        const [id, vol] = await attached(w, t);
        return get(w, `/servers/${id}/os-volume_attachments/${vol}`, t, v);
      },
    },
    { schema: S("list_volume_attachments", v), call: "GET /servers/{id}/os-volume_attachments", version: v, as: "demo", run: async (w, t, v) => get(w, `/servers/${(await attached(w, t))[0]}/os-volume_attachments`, t, v) },
    {
      schema: S("show_instance_action", v),
      call: "GET /servers/{id}/os-instance-actions/{request}",
      version: v,
      as: "admin",
      run: async (w, t, v) => {
        const id = await server(w, t);
        const actions = (await get(w, `/servers/${id}/os-instance-actions`, t, v)).body.instanceActions;
        return get(w, `/servers/${id}/os-instance-actions/${actions[0].request_id}`, t, v);
      },
    },
    { schema: S("show_server_diagnostics", v), call: "GET /servers/{id}/diagnostics", version: v, as: "admin", run: async (w, t, v) => get(w, `/servers/${await server(w, t)}/diagnostics`, t, v) },
  ];
  if (minor(v) >= 6) {
    cases.push({
      schema: S("get_remote_consoles", v),
      call: "POST /servers/{id}/remote-consoles",
      version: v,
      as: "demo",
      run: async (w, t, v) => post(w, `/servers/${await server(w, t)}/remote-consoles`, { remote_console: { protocol: "vnc", type: "novnc" } }, t, v),
    });
  }
  if (minor(v) >= 26) {
    const tagged = async (w: Parameters<Case["run"]>[0], t: string, v?: string) => {
      const id = await server(w, t);
      await put(w, `/servers/${id}/tags/one`, undefined, t, v);
      return id;
    };
    cases.push(
      { schema: S("list_tags", v), call: "GET /servers/{id}/tags", version: v, as: "demo", run: async (w, t, v) => get(w, `/servers/${await tagged(w, t, v)}/tags`, t, v) },
      { schema: S("update_all_tags", v), call: "PUT /servers/{id}/tags", version: v, as: "demo", run: async (w, t, v) => put(w, `/servers/${await tagged(w, t, v)}/tags`, { tags: ["a", "b"] }, t, v) },
      { schema: S("delete_all_tags", v), call: "DELETE /servers/{id}/tags", version: v, as: "demo", run: async (w, t, v) => del(w, `/servers/${await tagged(w, t, v)}/tags`, t, v) },
      { schema: S("check_tag_existence", v), call: "GET /servers/{id}/tags/{tag}", version: v, as: "demo", run: async (w, t, v) => get(w, `/servers/${await tagged(w, t, v)}/tags/one`, t, v) },
      { schema: S("update_tag", v), call: "PUT /servers/{id}/tags/{tag}", version: v, as: "demo", run: async (w, t, v) => put(w, `/servers/${await tagged(w, t, v)}/tags/two`, undefined, t, v) },
      { schema: S("delete_tag", v), call: "DELETE /servers/{id}/tags/{tag}", version: v, as: "demo", run: async (w, t, v) => del(w, `/servers/${await tagged(w, t, v)}/tags/one`, t, v) },
    );
  }
  // tempest's 2.45 module has no show_instance_action (its client would fail before any check)
  return v === "2.45" ? cases.filter((c) => !c.schema.endsWith(".show_instance_action")) : cases;
}

/** A server action answered with tempest's common action schema (202, no body). */
const action = (name: string, body: unknown, before?: (w: Parameters<Case["run"]>[0], t: string, id: string) => Promise<unknown>): Case => ({
  schema: "v2_1/servers.server_actions_common_schema",
  call: `POST /servers/{id}/action ${name}`,
  as: "admin",
  run: async (w, t) => {
    const id = await server(w, t);
    if (before) await before(w, t, id);
    return act(w, id, body, t);
  },
});

const settle = (w: Parameters<Case["run"]>[0]) => w.emu.clock.advance(10_000);

const unversioned: Case[] = [
  {
    schema: "v2_1/servers.create_server_with_admin_pass",
    call: "POST /servers",
    as: "demo",
    // the spec's create answer adds `name` and `status` (README, "Where the spec and upstream OpenStack differ")
    profiles: ["upstream"],
    run: (w, t) => post(w, "/servers", { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: w.privateNet }] } }, t),
  },
  { schema: "v2_1/servers.delete_server", call: "DELETE /servers/{id}", as: "demo", run: async (w, t) => del(w, `/servers/${await server(w, t)}`, t) },
  { schema: "v2_1/servers.list_addresses", call: "GET /servers/{id}/ips", as: "demo", run: async (w, t) => get(w, `/servers/${await server(w, t)}/ips`, t) },
  { schema: "v2_1/servers.list_addresses_by_network", call: "GET /servers/{id}/ips/{network}", as: "demo", run: async (w, t) => get(w, `/servers/${await server(w, t)}/ips/private`, t) },
  { schema: "v2_1/servers.list_server_metadata", call: "GET /servers/{id}/metadata", as: "demo", run: async (w, t) => get(w, `/servers/${await server(w, t)}/metadata`, t) },
  { schema: "v2_1/servers.set_server_metadata", call: "PUT /servers/{id}/metadata", as: "demo", run: async (w, t) => put(w, `/servers/${await server(w, t)}/metadata`, { metadata: { a: "b" } }, t) },
  { schema: "v2_1/servers.update_server_metadata", call: "POST /servers/{id}/metadata", as: "demo", run: async (w, t) => post(w, `/servers/${await server(w, t)}/metadata`, { metadata: { a: "b" } }, t) },
  { schema: "v2_1/servers.set_show_server_metadata_item", call: "GET /servers/{id}/metadata/{key}", as: "demo", run: async (w, t) => get(w, `/servers/${await server(w, t)}/metadata/k`, t) },
  { schema: "v2_1/servers.set_show_server_metadata_item", call: "PUT /servers/{id}/metadata/{key}", as: "demo", run: async (w, t) => put(w, `/servers/${await server(w, t)}/metadata/a`, { meta: { a: "c" } }, t) },
  { schema: "v2_1/servers.delete_server_metadata_item", call: "DELETE /servers/{id}/metadata/{key}", as: "demo", run: async (w, t) => del(w, `/servers/${await server(w, t)}/metadata/k`, t) },
  { schema: "v2_1/servers.show_password", call: "GET /servers/{id}/os-server-password", as: "demo", run: async (w, t) => get(w, `/servers/${await server(w, t)}/os-server-password`, t) },
  { schema: "v2_1/servers.server_actions_delete_password", call: "DELETE /servers/{id}/os-server-password", as: "demo", run: async (w, t) => del(w, `/servers/${await server(w, t)}/os-server-password`, t) },
  { schema: "v2_1/servers.list_instance_actions", call: "GET /servers/{id}/os-instance-actions", as: "demo", run: async (w, t) => get(w, `/servers/${await server(w, t)}/os-instance-actions`, t) },
  { schema: "v2_1/servers.show_instance_action", call: "GET /servers/{id}/os-instance-actions/{request}", as: "demo", run: async (w, t) => {
    const id = await server(w, t);
    return get(w, `/servers/${id}/os-instance-actions/${(await get(w, `/servers/${id}/os-instance-actions`, t)).body.instanceActions[0].request_id}`, t);
  } },
  { schema: "v2_1/servers.rescue_server_with_admin_pass", call: "POST /servers/{id}/action rescue", as: "demo", run: async (w, t) => act(w, await server(w, t), { rescue: { adminPass: "rescue-pass" } }, t) },
  { schema: "v2_1/servers.get_console_output", call: "POST /servers/{id}/action os-getConsoleOutput", as: "demo", run: async (w, t) => act(w, await server(w, t), { "os-getConsoleOutput": { length: 5 } }, t) },
  { schema: "v2_1/servers.get_vnc_console", call: "POST /servers/{id}/action os-getVNCConsole", as: "demo", run: async (w, t) => act(w, await server(w, t), { "os-getVNCConsole": { type: "novnc" } }, t) },
  { schema: "v2_1/servers.evacuate_server_with_admin_pass", call: "POST /servers/{id}/action evacuate", as: "admin", run: async (w, t) => {
    const id = await server(w, t);
    const host = (await get(w, `/servers/${id}`, t)).body.server["OS-EXT-SRV-ATTR:host"];
    await call(w.emu, "POST", `/_emulator/compute/hosts/${host}/fail`);
    return act(w, id, { evacuate: { onSharedStorage: false, adminPass: "evac-pass" } }, t);
  } },
  { schema: "v2_1/servers.server_actions_confirm_resize", call: "POST /servers/{id}/action confirmResize", as: "demo", run: async (w, t) => {
    const id = await server(w, t);
    await act(w, id, { resize: { flavorRef: "2" } }, t);
    settle(w);
    return act(w, id, { confirmResize: null }, t);
  } },
  { schema: "v2_1/servers.detach_volume", call: "DELETE /servers/{id}/os-volume_attachments/{volume}", as: "demo", run: async (w, t) => {
    const [id, v] = await attached(w, t);
    return del(w, `/servers/${id}/os-volume_attachments/${v}`, t);
  } },
  { schema: "v2_1/security_groups.list_security_groups", call: "GET /servers/{id}/os-security-groups", as: "demo", run: async (w, t) => get(w, `/servers/${await server(w, t)}/os-security-groups`, t) },
  action("reboot", { reboot: { type: "HARD" } }),
  action("os-stop", { "os-stop": null }),
  action("os-start", { "os-start": null }, async (w, t, id) => (await act(w, id, { "os-stop": null }, t), settle(w))),
  action("pause", { pause: null }),
  action("suspend", { suspend: null }),
  action("lock", { lock: null }),
  action("resize", { resize: { flavorRef: "2" } }),
  action("shelve", { shelve: null }),
  action("migrate", { migrate: null }),
  action("changePassword", { changePassword: { adminPass: "new-pass" } }),
  action("resetState", { "os-resetState": { state: "error" } }),
];

/** a server of demo's booted from a volume (no image); its id */
async function volumeBacked(w: Parameters<Case["run"]>[0], t: string): Promise<string> {
  const res = await call(w.emu, "POST", "/volume/v3/volumes", { token: t, body: { volume: { size: 1, imageRef: CIRROS } } });
  w.emu.clock.advance(5000);
  const boot = [{ boot_index: 0, source_type: "volume", destination_type: "volume", uuid: res.body.volume.id }];
  return server(w, t, { imageRef: undefined, block_device_mapping_v2: boot });
}

/** What 2.90 to 2.96 change inside a range (hostname, FQDN, volume-backed rebuild, pinned zone), at that version. */
const later: Case[] = [
  { schema: S("get_server", "2.90"), call: "GET /servers/{id} (hostname shown to a member)", version: "2.90", as: "demo", run: async (w, t, v) => get(w, `/servers/${await server(w, t)}`, t, v) },
  {
    schema: S("update_server", "2.94"),
    call: "PUT /servers/{id} hostname (an FQDN)",
    version: "2.94",
    as: "demo",
    run: async (w, t, v) => put(w, `/servers/${await server(w, t)}`, { server: { hostname: "web.example.com" } }, t, v),
  },
  {
    schema: S("rebuild_server_with_admin_pass", "2.93"),
    call: "POST /servers/{id}/action rebuild (volume-backed)",
    version: "2.93",
    as: "demo",
    run: async (w, t, v) => act(w, await volumeBacked(w, t), { rebuild: { imageRef: CIRROS, adminPass: "secret-pass", hostname: "rebuilt" } }, t, v),
  },
  {
    schema: S("get_server", "2.96"),
    call: "GET /servers/{id} (pinned to a zone)",
    version: "2.96",
    as: "demo",
    run: async (w, t, v) => get(w, `/servers/${await server(w, t, { availability_zone: "nova" })}`, t, v),
  },
];

export const SERVER_CASES: Case[] = [...rangeStarts("servers").flatMap(versioned), ...later, ...unversioned];
