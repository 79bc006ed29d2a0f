// Volume type records. Show and list (cinder/api/v3/views/types.py): extra specs in full for admins, only
// the ones users may see for others (multiattach, availability zones, replication), qos_specs_id for admins.
// Create and update answer with the older view (cinder/api/views/types.py: no qos_specs_id), create with the
// type-access extension's `os-volume-type-access:is_public` beside it, update without.

import type { Caller } from "../../../kernel/operation.js";
import type { VolumeType } from "../state.js";

const USER_VISIBLE = ["multiattach", "RESKEY:availability_zones", "replication_enabled"];

export function typeView(caller: Pick<Caller, "isAdmin">, t: VolumeType) {
  const extraSpecs = caller.isAdmin
    ? t.extraSpecs
    : Object.fromEntries(Object.entries(t.extraSpecs).filter(([k]) => USER_VISIBLE.includes(k)));
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    is_public: t.isPublic,
    "os-volume-type-access:is_public": t.isPublic,
    extra_specs: extraSpecs,
    ...(caller.isAdmin ? { qos_specs_id: t.qosSpecsId } : {}),
  };
}

/** What PUT /types/{id} answers (types_manage's view). */
export function updatedTypeView(t: VolumeType) {
  return { id: t.id, name: t.name, description: t.description, is_public: t.isPublic, extra_specs: t.extraSpecs };
}

/** What POST /types answers: the update view and the type-access extension's attribute. */
export function createdTypeView(t: VolumeType) {
  return { ...updatedTypeView(t), "os-volume-type-access:is_public": t.isPublic };
}
