// Volume type records (cinder/api/v2/views/types.py): extra specs in full for admins, only the ones users
// may see for others (multiattach, availability zones, replication), qos_specs_id for admins.

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
