// Conformance cases for /volumes (tempest's volumes_client): create, show, list, detail at every
// microversion range tempest has a schema for, update, summary, delete, metadata and the volume actions,
// each sent with the body tempest's client sends.

import { CIRROS } from "../../helpers/compute.js";
import { call } from "../../helpers/emulator.js";
import { advance, availableVolume } from "./setup.js";
import { act, del, get, post, put, SERVER, snapshot, volume, type Case } from "./upstream-cases.js";

// volumes_client.schema_versions_info: the schema module by microversion (create, show, list and detail
// pick theirs by version; every other method uses the base module's)
const VERSIONED: [version: string | undefined, module: string][] = [
  [undefined, "volumes"],
  ["3.60", "volumes"],
  ["3.61", "v3_61/volumes"],
  ["3.63", "v3_63/volumes"],
  ["3.64", "v3_64/volumes"],
  ["3.65", "v3_65/volumes"],
  ["3.69", "v3_69/volumes"],
  ["3.70", "v3_69/volumes"],
];

const versioned: Case[] = VERSIONED.flatMap(([version, module]) =>
  (["demo", "admin"] as const).flatMap((as): Case[] => [
    {
      schema: `${module}.create_volume`,
      call: "POST /volumes",
      version,
      as,
      run: (w, t, v) => post(w, "/volumes", { volume: { size: 1, name: "v", metadata: { k: "v" } } }, t, v),
    },
    { schema: `${module}.show_volume`, call: "GET /volumes/{id}", version, as, run: async (w, t, v) => get(w, `/volumes/${(await volume(w, t)).id}`, t, v) },
    {
      schema: `${module}.list_volumes_no_detail`,
      call: "GET /volumes",
      version,
      as,
      run: async (w, t, v) => (await volume(w, t), get(w, "/volumes?limit=1", t, v)),
    },
    {
      schema: `${module}.list_volumes_with_detail`,
      call: "GET /volumes/detail",
      version,
      as,
      run: async (w, t, v) => {
        const attached = await volume(w, t);
        await act(w, attached.id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdb" } }, t);
        await volume(w, t);
        return get(w, "/volumes/detail", t, v);
      },
    },
  ]),
);

// volumes made from an image, a snapshot or another volume, and through the project-qualified path
const sources: Case[] = (["demo", "admin"] as const).flatMap((as): Case[] => [
  { schema: "volumes.create_volume", call: "POST /volumes (from an image)", as, run: (w, t) => post(w, "/volumes", { volume: { size: 1, imageRef: CIRROS } }, t) },
  { schema: "volumes.show_volume", call: "GET /volumes/{id} (from an image)", as, run: async (w, t) => get(w, `/volumes/${(await availableVolume(w, { imageRef: CIRROS }, t)).id}`, t) },
  {
    schema: "v3_69/volumes.show_volume",
    call: "GET /volumes/{id} (from an image)",
    version: "3.70",
    as,
    run: async (w, t, v) => get(w, `/volumes/${(await availableVolume(w, { imageRef: CIRROS }, t)).id}`, t, v),
  },
  {
    schema: "volumes.update_volume",
    call: "PUT /volumes/{id} (from an image)",
    as,
    run: async (w, t) => put(w, `/volumes/${(await availableVolume(w, { imageRef: CIRROS }, t)).id}`, { volume: { name: "n" } }, t),
  },
  {
    schema: "volumes.create_volume",
    call: "POST /volumes (from a snapshot)",
    as,
    run: async (w, t) => post(w, "/volumes", { volume: { size: 1, snapshot_id: (await snapshot(w, t)).id } }, t),
  },
  { schema: "volumes.create_volume", call: "POST /volumes (a clone)", as, run: async (w, t) => post(w, "/volumes", { volume: { source_volid: (await volume(w, t)).id } }, t) },
  {
    schema: "volumes.create_volume",
    call: "POST /volumes (multiattach type)",
    as,
    run: async (w, t) => {
      const type = (await post(w, "/types", { volume_type: { name: "multi", extra_specs: { multiattach: "<is> True" } } }, w.admin)).body.volume_type;
      return post(w, "/volumes", { volume: { size: 1, volume_type: type.id } }, t);
    },
  },
]);

export const VOLUME_CASES: Case[] = [
  ...versioned,
  ...sources,
  {
    schema: "volumes.list_volumes_with_detail",
    call: "GET /v3/{project}/volumes/detail (a page, with its next link)",
    as: "demo",
    run: async (w, t) => (await volume(w, t), await volume(w, t), call(w.emu, "GET", `/volume/v3/${w.demoProject}/volumes/detail?limit=1`, { token: t })),
  },
  {
    schema: "volumes.update_volume",
    call: "PUT /volumes/{id}",
    as: "demo",
    run: async (w, t) => put(w, `/volumes/${(await volume(w, t)).id}`, { volume: { name: "renamed", description: "d" } }, t),
  },
  {
    schema: "volumes.update_volume",
    call: "PUT /volumes/{id}",
    as: "admin",
    run: async (w, t) => put(w, `/volumes/${(await volume(w, t)).id}`, { volume: { name: "renamed" } }, t),
  },
  { schema: "volumes.show_volume_summary", call: "GET /volumes/summary", version: "3.12", as: "demo", run: async (w, t, v) => (await volume(w, t), get(w, "/volumes/summary", t, v)) },
  { schema: "volumes.show_volume_summary", call: "GET /volumes/summary", version: "3.36", as: "demo", run: async (w, t, v) => (await volume(w, t), get(w, "/volumes/summary", t, v)) },
  { schema: "volumes.delete_volume", call: "DELETE /volumes/{id}", as: "demo", run: async (w, t) => del(w, `/volumes/${(await volume(w, t)).id}`, t) },
  // metadata
  { schema: "volumes.create_volume_metadata", call: "POST /volumes/{id}/metadata", as: "demo", run: async (w, t) => post(w, `/volumes/${(await volume(w, t)).id}/metadata`, { metadata: { a: "1" } }, t) },
  { schema: "volumes.show_volume_metadata", call: "GET /volumes/{id}/metadata", as: "demo", run: async (w, t) => get(w, `/volumes/${(await volume(w, t)).id}/metadata`, t) },
  { schema: "volumes.update_volume_metadata", call: "PUT /volumes/{id}/metadata", as: "demo", run: async (w, t) => put(w, `/volumes/${(await volume(w, t)).id}/metadata`, { metadata: { a: "2" } }, t) },
  { schema: "volumes.show_volume_metadata_item", call: "GET /volumes/{id}/metadata/{key}", as: "demo", run: async (w, t) => get(w, `/volumes/${(await volume(w, t)).id}/metadata/k`, t) },
  {
    schema: "volumes.update_volume_metadata_item",
    call: "PUT /volumes/{id}/metadata/{key}",
    as: "demo",
    run: async (w, t) => put(w, `/volumes/${(await volume(w, t)).id}/metadata/k`, { meta: { k: "w" } }, t),
  },
  { schema: "volumes.delete_volume_metadata_item", call: "DELETE /volumes/{id}/metadata/{key}", as: "demo", run: async (w, t) => del(w, `/volumes/${(await volume(w, t)).id}/metadata/k`, t) },
  // actions
  {
    schema: "volumes.attach_volume",
    call: "POST /volumes/{id}/action os-attach",
    as: "demo",
    run: async (w, t) => act(w, (await volume(w, t)).id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdb" } }, t),
  },
  {
    schema: "volumes.detach_volume",
    call: "POST /volumes/{id}/action os-detach",
    as: "demo",
    run: async (w, t) => {
      const v = await volume(w, t);
      await act(w, v.id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdb" } }, t);
      return act(w, v.id, { "os-detach": {} }, t);
    },
  },
  { schema: "volumes.set_bootable_volume", call: "POST /volumes/{id}/action os-set_bootable", as: "demo", run: async (w, t) => act(w, (await volume(w, t)).id, { "os-set_bootable": { bootable: true } }, t) },
  { schema: "volumes.reserve_volume", call: "POST /volumes/{id}/action os-reserve", as: "demo", run: async (w, t) => act(w, (await volume(w, t)).id, { "os-reserve": {} }, t) },
  {
    schema: "volumes.unreserve_volume",
    call: "POST /volumes/{id}/action os-unreserve",
    as: "demo",
    run: async (w, t) => {
      const v = await volume(w, t);
      await act(w, v.id, { "os-reserve": {} }, t);
      return act(w, v.id, { "os-unreserve": {} }, t);
    },
  },
  { schema: "volumes.extend_volume", call: "POST /volumes/{id}/action os-extend", as: "demo", run: async (w, t) => act(w, (await volume(w, t)).id, { "os-extend": { new_size: 2 } }, t) },
  { schema: "volumes.reset_volume_status", call: "POST /volumes/{id}/action os-reset_status", as: "admin", run: async (w, t) => act(w, (await volume(w, t)).id, { "os-reset_status": { status: "error" } }, t) },
  {
    schema: "volumes.update_volume_readonly",
    call: "POST /volumes/{id}/action os-update_readonly_flag",
    as: "demo",
    run: async (w, t) => act(w, (await volume(w, t)).id, { "os-update_readonly_flag": { readonly: true } }, t),
  },
  {
    schema: "volumes.update_volume_image_metadata",
    call: "POST /volumes/{id}/action os-set_image_metadata",
    as: "demo",
    run: async (w, t) => act(w, (await availableVolume(w, { imageRef: CIRROS }, t)).id, { "os-set_image_metadata": { metadata: { image_meta_key: "v" } } }, t),
  },
  {
    schema: "volumes.delete_volume_image_metadata",
    call: "POST /volumes/{id}/action os-unset_image_metadata",
    as: "demo",
    run: async (w, t) => act(w, (await availableVolume(w, { imageRef: CIRROS }, t)).id, { "os-unset_image_metadata": { key: "image_name" } }, t),
  },
  {
    schema: "volumes.show_volume_image_metadata",
    call: "POST /volumes/{id}/action os-show_image_metadata",
    as: "demo",
    run: async (w, t) => act(w, (await availableVolume(w, { imageRef: CIRROS }, t)).id, { "os-show_image_metadata": {} }, t),
  },
  { schema: "volumes.force_delete_volume", call: "POST /volumes/{id}/action os-force_delete", as: "admin", run: async (w, t) => act(w, (await volume(w, t)).id, { "os-force_delete": {} }, t) },
  {
    schema: "volumes.retype_volume",
    call: "POST /volumes/{id}/action os-retype",
    as: "admin",
    run: async (w, t) => {
      const v = await volume(w, t);
      const type = (await post(w, "/types", { volume_type: { name: "retype-target" } }, w.admin)).body.volume_type;
      return act(w, v.id, { "os-retype": { new_type: type.id, migration_policy: "never" } }, t);
    },
  },
  {
    schema: "volumes.force_detach_volume",
    call: "POST /volumes/{id}/action os-force_detach",
    as: "admin",
    run: async (w, t) => {
      const v = await volume(w, t);
      await act(w, v.id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdb" } }, t);
      await advance(w, 1);
      return act(w, v.id, { "os-force_detach": {} }, t);
    },
  },
];
