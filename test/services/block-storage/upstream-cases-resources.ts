// Conformance cases for everything under /volume/v3 that is not a volume (tempest's types, snapshots,
// backups, qos, quotas, limits, services, services, capabilities, scheduler_stats and versions clients), each sent with the body
// tempest's client sends.

import { call } from "../../helpers/emulator.js";
import { advance, type World } from "./setup.js";
import { backup, del, get, post, put, qosSpec, snapshot, volume, volumeType, type Case } from "./upstream-cases.js";

const ENCRYPTION = { provider: "luks", control_location: "front-end", cipher: "aes-xts-plain64", key_size: 256 };

async function encryptedType(w: World): Promise<{ id: string; encryptionId: string }> {
  const type = await volumeType(w);
  const res = await post(w, `/types/${type.id}/encryption`, { encryption: ENCRYPTION }, w.admin);
  if (res.status !== 200) throw new Error(`encryption: ${res.status} ${res.text}`);
  return { id: type.id, encryptionId: res.body.encryption.encryption_id };
}

const TYPES: Case[] = [
  { schema: "volume_types.create_volume_type", call: "POST /types", as: "admin", run: (w, t) => post(w, "/types", { volume_type: { name: "gold", description: "d", extra_specs: { a: "b" } } }, t) },
  { schema: "volume_types.create_volume_type", call: "POST /types (name only)", as: "admin", run: (w, t) => post(w, "/types", { volume_type: { name: "plain" } }, t) },
  { schema: "volume_types.show_volume_type", call: "GET /types/{id}", as: "admin", run: async (w, t) => get(w, `/types/${(await volumeType(w)).id}`, t) },
  { schema: "volume_types.show_volume_type", call: "GET /types/{id}", as: "demo", run: async (w, t) => get(w, `/types/${(await volumeType(w)).id}`, t) },
  { schema: "volume_types.show_volume_type", call: "GET /types/default", as: "demo", run: (w, t) => get(w, "/types/default", t) },
  {
    schema: "volume_types.show_volume_type",
    call: "GET /types/{id} (with QoS)",
    as: "admin",
    run: async (w, t) => {
      const type = await volumeType(w);
      await get(w, `/qos-specs/${(await qosSpec(w)).id}/associate?vol_type_id=${type.id}`, w.admin);
      return get(w, `/types/${type.id}`, t);
    },
  },
  { schema: "volume_types.list_volume_types", call: "GET /types", as: "admin", run: async (w, t) => (await volumeType(w), get(w, "/types", t)) },
  { schema: "volume_types.list_volume_types", call: "GET /types", as: "demo", run: async (w, t) => (await volumeType(w), get(w, "/types", t)) },
  { schema: "volume_types.update_volume_types", call: "PUT /types/{id}", as: "admin", run: async (w, t) => put(w, `/types/${(await volumeType(w)).id}`, { volume_type: { description: "new" } }, t) },
  { schema: "volume_types.delete_volume_type", call: "DELETE /types/{id}", as: "admin", run: async (w, t) => del(w, `/types/${(await volumeType(w)).id}`, t) },
  { schema: "volume_types.list_volume_types_extra_specs", call: "GET /types/{id}/extra_specs", as: "admin", run: async (w, t) => get(w, `/types/${(await volumeType(w)).id}/extra_specs`, t) },
  { schema: "volume_types.show_volume_types_extra_specs", call: "GET /types/{id}/extra_specs/{key}", as: "admin", run: async (w, t) => get(w, `/types/${(await volumeType(w)).id}/extra_specs/a`, t) },
  {
    schema: "volume_types.create_volume_types_extra_specs",
    call: "POST /types/{id}/extra_specs",
    as: "admin",
    run: async (w, t) => post(w, `/types/${(await volumeType(w)).id}/extra_specs`, { extra_specs: { c: "d" } }, t),
  },
  {
    schema: "volume_types.update_volume_type_extra_specs",
    call: "PUT /types/{id}/extra_specs/{key}",
    as: "admin",
    run: async (w, t) => put(w, `/types/${(await volumeType(w)).id}/extra_specs/a`, { a: "z" }, t),
  },
  { schema: "volume_types.delete_volume_types_extra_specs", call: "DELETE /types/{id}/extra_specs/{key}", as: "admin", run: async (w, t) => del(w, `/types/${(await volumeType(w)).id}/extra_specs/a`, t) },
  {
    schema: "volume_types.add_type_access",
    call: "POST /types/{id}/action addProjectAccess",
    as: "admin",
    run: async (w, t) => post(w, `/types/${(await volumeType(w, { "os-volume-type-access:is_public": false })).id}/action`, { addProjectAccess: { project: w.demoProject } }, t),
  },
  {
    schema: "volume_types.remove_type_access",
    call: "POST /types/{id}/action removeProjectAccess",
    as: "admin",
    run: async (w, t) => {
      const type = await volumeType(w, { "os-volume-type-access:is_public": false });
      await post(w, `/types/${type.id}/action`, { addProjectAccess: { project: w.demoProject } }, t);
      return post(w, `/types/${type.id}/action`, { removeProjectAccess: { project: w.demoProject } }, t);
    },
  },
  {
    schema: "volume_types.list_type_access",
    call: "GET /types/{id}/os-volume-type-access",
    as: "admin",
    run: async (w, t) => {
      const type = await volumeType(w, { "os-volume-type-access:is_public": false });
      await post(w, `/types/${type.id}/action`, { addProjectAccess: { project: w.demoProject } }, t);
      return get(w, `/types/${type.id}/os-volume-type-access`, t);
    },
  },
];

const SNAPSHOTS: Case[] = [
  {
    schema: "snapshots.create_snapshot",
    call: "POST /snapshots",
    as: "demo",
    run: async (w, t) => post(w, "/snapshots", { snapshot: { volume_id: (await volume(w, t)).id, name: "s", description: "d", metadata: { k: "v" } } }, t),
  },
  { schema: "snapshots.show_snapshot", call: "GET /snapshots/{id}", as: "demo", run: async (w, t) => get(w, `/snapshots/${(await snapshot(w, t)).id}`, t) },
  { schema: "snapshots.show_snapshot", call: "GET /snapshots/{id}", as: "admin", run: async (w, t) => get(w, `/snapshots/${(await snapshot(w, t)).id}`, t) },
  { schema: "snapshots.list_snapshots_no_detail", call: "GET /snapshots", as: "demo", run: async (w, t) => (await snapshot(w, t), get(w, "/snapshots", t)) },
  { schema: "snapshots.list_snapshots_with_detail", call: "GET /snapshots/detail", as: "demo", run: async (w, t) => (await snapshot(w, t), get(w, "/snapshots/detail", t)) },
  { schema: "snapshots.list_snapshots_with_detail", call: "GET /snapshots/detail", as: "admin", run: async (w, t) => (await snapshot(w, t), get(w, "/snapshots/detail", t)) },
  { schema: "snapshots.update_snapshot", call: "PUT /snapshots/{id}", as: "demo", run: async (w, t) => put(w, `/snapshots/${(await snapshot(w, t)).id}`, { snapshot: { name: "n", description: "d" } }, t) },
  { schema: "snapshots.delete_snapshot", call: "DELETE /snapshots/{id}", as: "demo", run: async (w, t) => del(w, `/snapshots/${(await snapshot(w, t)).id}`, t) },
  {
    schema: "snapshots.reset_snapshot_status",
    call: "POST /snapshots/{id}/action os-reset_status",
    as: "admin",
    run: async (w, t) => post(w, `/snapshots/${(await snapshot(w, t)).id}/action`, { "os-reset_status": { status: "error" } }, t),
  },
  {
    schema: "snapshots.update_snapshot_status",
    call: "POST /snapshots/{id}/action os-update_snapshot_status",
    as: "demo",
    run: async (w, t) => {
      const v = await volume(w, t);
      const s = (await post(w, "/snapshots", { snapshot: { volume_id: v.id } }, t)).body.snapshot;
      return post(w, `/snapshots/${s.id}/action`, { "os-update_snapshot_status": { status: "error", progress: "80%" } }, t);
    },
  },
  { schema: "snapshots.force_delete_snapshot", call: "POST /snapshots/{id}/action os-force_delete", as: "admin", run: async (w, t) => post(w, `/snapshots/${(await snapshot(w, t)).id}/action`, { "os-force_delete": {} }, t) },
  { schema: "snapshots.create_snapshot_metadata", call: "POST /snapshots/{id}/metadata", as: "demo", run: async (w, t) => post(w, `/snapshots/${(await snapshot(w, t)).id}/metadata`, { metadata: { a: "1" } }, t) },
  { schema: "snapshots.show_snapshot_metadata", call: "GET /snapshots/{id}/metadata", as: "demo", run: async (w, t) => get(w, `/snapshots/${(await snapshot(w, t)).id}/metadata`, t) },
  { schema: "snapshots.update_snapshot_metadata", call: "PUT /snapshots/{id}/metadata", as: "demo", run: async (w, t) => put(w, `/snapshots/${(await snapshot(w, t)).id}/metadata`, { metadata: { a: "2" } }, t) },
  { schema: "snapshots.show_snapshot_metadata_item", call: "GET /snapshots/{id}/metadata/{key}", as: "demo", run: async (w, t) => get(w, `/snapshots/${(await snapshot(w, t)).id}/metadata/k`, t) },
  {
    schema: "snapshots.update_snapshot_metadata_item",
    call: "PUT /snapshots/{id}/metadata/{key}",
    as: "demo",
    run: async (w, t) => put(w, `/snapshots/${(await snapshot(w, t)).id}/metadata/k`, { meta: { k: "w" } }, t),
  },
  { schema: "snapshots.delete_snapshot_metadata_item", call: "DELETE /snapshots/{id}/metadata/{key}", as: "demo", run: async (w, t) => del(w, `/snapshots/${(await snapshot(w, t)).id}/metadata/k`, t) },
];

// backups_client.schema_versions_info: show and the lists pick their module by version
const BACKUP_VERSIONS: [string | undefined, string][] = [
  [undefined, "backups"],
  ["3.64", "v3_64/backups"],
];

const BACKUPS: Case[] = [
  ...BACKUP_VERSIONS.flatMap(([version, module]): Case[] => [
    { schema: `${module}.show_backup`, call: "GET /backups/{id}", version, as: "demo", run: async (w, t, v) => get(w, `/backups/${(await backup(w, t)).id}`, t, v) },
    { schema: `${module}.list_backups_no_detail`, call: "GET /backups", version, as: "demo", run: async (w, t, v) => (await backup(w, t), get(w, "/backups", t, v)) },
    { schema: `${module}.list_backups_with_detail`, call: "GET /backups/detail", version, as: "demo", run: async (w, t, v) => (await backup(w, t), get(w, "/backups/detail", t, v)) },
    { schema: `${module}.list_backups_with_detail`, call: "GET /backups/detail", version, as: "admin", run: async (w, t, v) => (await backup(w, t), get(w, "/backups/detail", t, v)) },
  ]),
  { schema: "backups.create_backup", call: "POST /backups", as: "demo", run: async (w, t) => post(w, "/backups", { backup: { volume_id: (await volume(w, t)).id, name: "b" } }, t) },
  { schema: "backups.update_backup", call: "PUT /backups/{id}", version: "3.9", as: "demo", run: async (w, t, v) => put(w, `/backups/${(await backup(w, t)).id}`, { backup: { name: "n" } }, t, v) },
  { schema: "backups.restore_backup", call: "POST /backups/{id}/restore", as: "demo", run: async (w, t) => post(w, `/backups/${(await backup(w, t)).id}/restore`, { restore: {} }, t) },
  {
    schema: "backups.restore_backup",
    call: "POST /backups/{id}/restore (to a volume)",
    as: "demo",
    run: async (w, t) => {
      const b = await backup(w, t);
      return post(w, `/backups/${b.id}/restore`, { restore: { volume_id: (await volume(w, t)).id } }, t);
    },
  },
  { schema: "backups.delete_backup", call: "DELETE /backups/{id}", as: "demo", run: async (w, t) => del(w, `/backups/${(await backup(w, t)).id}`, t) },
  { schema: "backups.export_backup", call: "GET /backups/{id}/export_record", as: "admin", run: async (w, t) => get(w, `/backups/${(await backup(w, t)).id}/export_record`, t) },
  {
    schema: "backups.import_backup",
    call: "POST /backups/import_record",
    as: "admin",
    run: async (w, t) => {
      const b = await backup(w, t);
      const record = (await get(w, `/backups/${b.id}/export_record`, t)).body["backup-record"];
      await del(w, `/backups/${b.id}`, t);
      await advance(w, 30);
      return post(w, "/backups/import_record", { "backup-record": record }, t);
    },
  },
  { schema: "backups.reset_backup_status", call: "POST /backups/{id}/action os-reset_status", as: "admin", run: async (w, t) => post(w, `/backups/${(await backup(w, t)).id}/action`, { "os-reset_status": { status: "error" } }, t) },
];

const QOS: Case[] = [
  { schema: "qos.show_qos", call: "POST /qos-specs", as: "admin", run: (w, t) => post(w, "/qos-specs", { qos_specs: { name: "q", consumer: "back-end", read_iops_sec: "100" } }, t) },
  { schema: "qos.show_qos", call: "GET /qos-specs/{id}", as: "admin", run: async (w, t) => get(w, `/qos-specs/${(await qosSpec(w)).id}`, t) },
  { schema: "qos.list_qos", call: "GET /qos-specs", as: "admin", run: async (w, t) => (await qosSpec(w), get(w, "/qos-specs", t)) },
  { schema: "qos.set_qos_key", call: "PUT /qos-specs/{id}", as: "admin", run: async (w, t) => put(w, `/qos-specs/${(await qosSpec(w)).id}`, { qos_specs: { write_iops_sec: "200" } }, t) },
  { schema: "qos.unset_qos_key", call: "PUT /qos-specs/{id}/delete_keys", as: "admin", run: async (w, t) => put(w, `/qos-specs/${(await qosSpec(w)).id}/delete_keys`, { keys: ["read_iops_sec"] }, t) },
  { schema: "qos.associate_qos", call: "GET /qos-specs/{id}/associate", as: "admin", run: async (w, t) => get(w, `/qos-specs/${(await qosSpec(w)).id}/associate?vol_type_id=${(await volumeType(w)).id}`, t) },
  {
    schema: "qos.show_association_qos",
    call: "GET /qos-specs/{id}/associations",
    as: "admin",
    run: async (w, t) => {
      const q = await qosSpec(w);
      await get(w, `/qos-specs/${q.id}/associate?vol_type_id=${(await volumeType(w)).id}`, t);
      return get(w, `/qos-specs/${q.id}/associations`, t);
    },
  },
  {
    schema: "qos.disassociate_qos",
    call: "GET /qos-specs/{id}/disassociate",
    as: "admin",
    run: async (w, t) => {
      const [q, type] = [await qosSpec(w), await volumeType(w)];
      await get(w, `/qos-specs/${q.id}/associate?vol_type_id=${type.id}`, t);
      return get(w, `/qos-specs/${q.id}/disassociate?vol_type_id=${type.id}`, t);
    },
  },
  { schema: "qos.disassociate_all_qos", call: "GET /qos-specs/{id}/disassociate_all", as: "admin", run: async (w, t) => get(w, `/qos-specs/${(await qosSpec(w)).id}/disassociate_all`, t) },
  { schema: "qos.delete_qos", call: "DELETE /qos-specs/{id}", as: "admin", run: async (w, t) => del(w, `/qos-specs/${(await qosSpec(w)).id}`, t) },
];

const QUOTAS_AND_HOSTS: Case[] = [
  { schema: "quotas.show_quota_set", call: "GET /os-quota-sets/{project}", as: "demo", run: (w, t) => get(w, `/os-quota-sets/${w.demoProject}`, t) },
  { schema: "quotas.show_quota_set", call: "GET /os-quota-sets/{project}", as: "admin", run: (w, t) => get(w, `/os-quota-sets/${w.demoProject}`, t) },
  { schema: "quotas.show_quota_set", call: "GET /os-quota-sets/{project}/defaults", as: "demo", run: (w, t) => get(w, `/os-quota-sets/${w.demoProject}/defaults`, t) },
  { schema: "quotas.show_quota_set_usage", call: "GET /os-quota-sets/{project}?usage=True", as: "demo", run: async (w, t) => (await volume(w, t), get(w, `/os-quota-sets/${w.demoProject}?usage=True`, t)) },
  { schema: "quotas.update_quota_set", call: "PUT /os-quota-sets/{project}", as: "admin", run: (w, t) => put(w, `/os-quota-sets/${w.demoProject}`, { quota_set: { volumes: 20 } }, t) },
  {
    schema: "quotas.update_quota_set",
    call: "PUT /os-quota-sets/{project} (with a type's quota)",
    as: "admin",
    run: async (w, t) => put(w, `/os-quota-sets/${w.demoProject}`, { quota_set: { [`volumes_${(await volumeType(w)).name}`]: 5 } }, t),
  },
  { schema: "quotas.delete_quota_set", call: "DELETE /os-quota-sets/{project}", as: "admin", run: (w, t) => del(w, `/os-quota-sets/${w.demoProject}`, t) },
  { schema: "quota_classes.show_quota_classes", call: "GET /os-quota-class-sets/default", as: "admin", run: (w, t) => get(w, "/os-quota-class-sets/default", t) },
  {
    schema: "quota_classes.update_quota_classes",
    call: "PUT /os-quota-class-sets/default",
    as: "admin",
    run: (w, t) => put(w, "/os-quota-class-sets/default", { quota_class_set: { volumes: 11, snapshots: 12, gigabytes: 1001 } }, t),
  },
  { schema: "limits.show_limits", call: "GET /limits", as: "demo", run: async (w, t) => (await volume(w, t), get(w, "/limits", t)) },
  { schema: "services.list_services", call: "GET /os-services", as: "admin", run: (w, t) => get(w, "/os-services", t) },
  { schema: "v3_7/services.list_services", call: "GET /os-services", version: "3.7", as: "admin", run: (w, t, v) => get(w, "/os-services", t, v) },
  { schema: "v3_7/services.list_services", call: "GET /os-services", version: "3.49", as: "admin", run: (w, t, v) => get(w, "/os-services", t, v) },
  {
    schema: "services.list_services",
    call: "GET /os-services (one disabled with a reason, one frozen)",
    as: "admin",
    run: async (w, t) => {
      await put(w, "/os-services/disable-log-reason", { host: "skymock@ssd", binary: "cinder-volume", disabled_reason: "r" }, t);
      await put(w, "/os-services/freeze", { host: "skymock@lvmdriver-1" }, t);
      return get(w, "/os-services", t);
    },
  },
  { schema: "services.enable_service", call: "PUT /os-services/enable", as: "admin", run: (w, t) => put(w, "/os-services/enable", { host: "skymock@ssd", binary: "cinder-volume" }, t) },
  { schema: "services.disable_service", call: "PUT /os-services/disable", as: "admin", run: (w, t) => put(w, "/os-services/disable", { host: "skymock@ssd", binary: "cinder-volume" }, t) },
  {
    schema: "services.disable_log_reason",
    call: "PUT /os-services/disable-log-reason",
    as: "admin",
    run: (w, t) => put(w, "/os-services/disable-log-reason", { host: "skymock@ssd", binary: "cinder-volume", disabled_reason: "why" }, t),
  },
  { schema: "services.freeze_host", call: "PUT /os-services/freeze", as: "admin", run: (w, t) => put(w, "/os-services/freeze", { host: "skymock@ssd" }, t) },
  {
    schema: "services.thaw_host",
    call: "PUT /os-services/thaw",
    as: "admin",
    run: async (w, t) => (await put(w, "/os-services/freeze", { host: "skymock@ssd" }, t), put(w, "/os-services/thaw", { host: "skymock@ssd" }, t)),
  },
  {
    schema: "encryption_types.create_encryption_type",
    call: "POST /types/{id}/encryption",
    as: "admin",
    run: async (w, t) => post(w, `/types/${(await volumeType(w)).id}/encryption`, { encryption: ENCRYPTION }, t),
  },
  { schema: "encryption_types.show_encryption_type", call: "GET /types/{id}/encryption", as: "admin", run: async (w, t) => get(w, `/types/${(await encryptedType(w)).id}/encryption`, t) },
  { schema: "encryption_types.show_encryption_type", call: "GET /types/{id}/encryption (none)", as: "admin", run: async (w, t) => get(w, `/types/${(await volumeType(w)).id}/encryption`, t) },
  {
    schema: "encryption_types.show_encryption_specs_item",
    call: "GET /types/{id}/encryption/{key}",
    as: "admin",
    run: async (w, t) => get(w, `/types/${(await encryptedType(w)).id}/encryption/provider`, t),
  },
  {
    schema: "encryption_types.update_encryption_type",
    call: "PUT /types/{id}/encryption/{encryption_id}",
    as: "admin",
    run: async (w, t) => {
      const type = await encryptedType(w);
      return put(w, `/types/${type.id}/encryption/${type.encryptionId}`, { encryption: { control_location: "back-end" } }, t);
    },
  },
  {
    schema: "encryption_types.delete_encryption_type",
    call: "DELETE /types/{id}/encryption/{encryption_id}",
    as: "admin",
    run: async (w, t) => {
      const type = await encryptedType(w);
      return del(w, `/types/${type.id}/encryption/${type.encryptionId}`, t);
    },
  },
  { schema: "capabilities.show_backend_capabilities", call: "GET /capabilities/{host}", as: "admin", run: (w, t) => get(w, "/capabilities/skymock@lvmdriver-1", t) },
  { schema: "scheduler_stats.get_pools_no_detail", call: "GET /scheduler-stats/get_pools", as: "admin", run: (w, t) => get(w, "/scheduler-stats/get_pools", t) },
  {
    schema: "scheduler_stats.get_pools_with_detail",
    call: "GET /scheduler-stats/get_pools?detail=True",
    as: "admin",
    run: async (w, t) => (await volume(w, w.demo), get(w, "/scheduler-stats/get_pools?detail=True", t)),
  },
  { schema: "hosts.list_hosts", call: "GET /os-hosts", as: "admin", run: (w, t) => get(w, "/os-hosts", t) },
  {
    schema: "hosts.show_host",
    call: "GET /os-hosts/{host}",
    as: "admin",
    run: async (w, t) => (await snapshot(w, w.demo), get(w, `/os-hosts/${encodeURIComponent("skymock@lvmdriver-1")}`, t)),
  },
  { schema: "extensions.list_extensions", call: "GET /extensions", as: "demo", run: (w, t) => get(w, "/extensions", t) },
  { schema: "versions.list_versions", call: "GET /volume/", as: "demo", run: (w, t) => call(w.emu, "GET", "/volume/", { token: t }) },
  { schema: "versions.volume_api_version_details", call: "GET /volume/v3/", as: "demo", run: (w, t) => call(w.emu, "GET", "/volume/v3/", { token: t }) },
];

export const RESOURCE_CASES: Case[] = [...TYPES, ...SNAPSHOTS, ...BACKUPS, ...QOS, ...QUOTAS_AND_HOSTS];
