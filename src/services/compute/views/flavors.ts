// Flavor records (nova/api/openstack/compute/views/flavors.py): the summary {id, name, links} and the full
// record; `swap` is "" when 0 before 2.75, `description` from 2.55, `extra_specs` from 2.61.

import type { Ctx } from "../../../kernel/http/context.js";
import type { Flavor } from "../state.js";
import type { Microversion } from "../microversion.js";
import { resourceLinks } from "./collection.js";

export function flavorSummary(c: Ctx, f: Flavor, mv: Microversion): Record<string, unknown> {
  const view: Record<string, unknown> = { id: f.id, name: f.name, links: resourceLinks(c, "flavors", f.id) };
  if (mv >= 55) view.description = f.description;
  return view;
}

export function flavorView(c: Ctx, f: Flavor, mv: Microversion): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: f.id,
    name: f.name,
    ram: f.ram,
    disk: f.disk,
    swap: f.swap === 0 && mv < 75 ? "" : f.swap,
    "OS-FLV-EXT-DATA:ephemeral": f.ephemeral,
    "OS-FLV-DISABLED:disabled": f.disabled,
    vcpus: f.vcpus,
    "os-flavor-access:is_public": f.isPublic,
    rxtx_factor: f.rxtxFactor,
    links: resourceLinks(c, "flavors", f.id),
  };
  if (mv >= 55) view.description = f.description;
  if (mv >= 61) view.extra_specs = { ...f.extraSpecs };
  return view;
}
