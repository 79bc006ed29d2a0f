// Flavors (nova/api/openstack/compute/flavors.py, flavor_manage.py, flavors_extraspecs.py): lookup by id or
// URL, the listing rules (non-admins see public flavors; admins choose with is_public), create and delete.

import { get, peek, put, remove, values, find } from "../../../kernel/store/table.js";
import { own, withoutEntry } from "../../../kernel/own.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import type { ComputeState, Flavor } from "../state.js";
import { badRequest, conflictingRequest, itemNotFound } from "../errors.js";

/** The last path segment of a flavorRef (`2`, or `https://.../flavors/2`). */
export function refId(ref: string): string {
  const trimmed = ref.trim().replace(/\/+$/, "");
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** A flavor by id, or by a URL ending in its id. */
export function findFlavor(s: ComputeState, ref: string): Readonly<Flavor> | undefined {
  return peek(s.flavors, refId(ref));
}

export const flavorNotFound = (id: string) => itemNotFound(`Flavor ${id} could not be found.`);

export function showFlavor(s: ComputeState, id: string): Flavor {
  const flavor = get(s.flavors, id);
  if (!flavor) throw flavorNotFound(id);
  return flavor;
}

/** Whether a project may use a flavor: public ones, and private ones it was given access to (os-flavor-access). */
export function mayUseFlavor(s: ComputeState, caller: Caller, flavor: Flavor): boolean {
  return flavor.isPublic || caller.isAdmin || (get(s.flavorAccess, flavor.id)?.projects.includes(caller.projectId) ?? false);
}

/** A private flavor is not found for a non-admin without access to it. */
export function visibleFlavor(s: ComputeState, caller: Caller, id: string): Flavor {
  const flavor = showFlavor(s, id);
  if (!mayUseFlavor(s, caller, flavor)) throw flavorNotFound(id);
  return flavor;
}

export interface FlavorQuery {
  /** true, false, or null for both; admins only (others always see public, enabled flavors) */
  isPublic: boolean | null | undefined;
  minRam: number | undefined;
  minDisk: number | undefined;
  sortKey: string | undefined;
  sortDir: string | undefined;
}

/** Nova's sort keys (DB columns) and the record field each reads. */
const SORT_KEYS: Record<string, (f: Flavor) => string | number | boolean | null> = {
  flavorid: (f) => f.id,
  id: (f) => f.id,
  name: (f) => f.name,
  memory_mb: (f) => f.ram,
  root_gb: (f) => f.disk,
  vcpus: (f) => f.vcpus,
  ephemeral_gb: (f) => f.ephemeral,
  swap: (f) => f.swap,
  rxtx_factor: (f) => f.rxtxFactor,
  is_public: (f) => f.isPublic,
  disabled: (f) => f.disabled,
  description: (f) => f.description,
};

/** Flavors the caller may list, filtered and sorted (default: by flavor id, ascending). */
export function listFlavors(s: ComputeState, caller: Caller, q: FlavorQuery): Flavor[] {
  const sortKey = q.sortKey ?? "flavorid";
  const key = own(SORT_KEYS, sortKey);
  if (!key) throw badRequest(`Invalid sort_key: ${sortKey}`);
  const dir = q.sortDir ?? "asc";
  if (dir !== "asc" && dir !== "desc") throw badRequest(`Invalid sort_dir: ${dir}`);
  // an admin sees public flavors unless is_public says otherwise (`None`: all); others the public ones
  // and the private ones their project has access to
  const wantPublic = caller.isAdmin ? (q.isPublic === undefined ? true : q.isPublic) : true;
  const rows = values(s.flavors).filter(
    (f) =>
      (wantPublic === null || f.isPublic === wantPublic || (!caller.isAdmin && mayUseFlavor(s, caller, f))) &&
      (caller.isAdmin || !f.disabled) &&
      (q.minRam === undefined || f.ram >= q.minRam) &&
      (q.minDisk === undefined || f.disk >= q.minDisk),
  );
  const sign = dir === "asc" ? 1 : -1;
  return rows.sort((a, b) => {
    const av = key(a);
    const bv = key(b);
    if (av === bv) return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    if (av === null) return -sign;
    if (bv === null) return sign;
    return (av < bv ? -1 : 1) * sign;
  });
}

/** A new flavor: everything but the flags Nova sets itself; no id means a new UUID. */
export type FlavorInput = Omit<Flavor, "id" | "disabled" | "extraSpecs"> & { id: string | null; extraSpecs?: Record<string, string> };

export function createFlavor(s: ComputeState, ctx: Pick<OperationContext, "ids" | "tx">, input: FlavorInput): Flavor {
  const id = input.id ?? ctx.ids.uuid();
  if (get(s.flavors, id)) throw conflictingRequest(`Flavor with ID ${id} already exists.`);
  if (find(s.flavors, (f) => f.name === input.name)) throw conflictingRequest(`Flavor with name ${input.name} already exists.`);
  const flavor: Flavor = {
    id,
    name: input.name,
    ram: input.ram,
    vcpus: input.vcpus,
    disk: input.disk,
    ephemeral: input.ephemeral,
    swap: input.swap,
    rxtxFactor: input.rxtxFactor,
    isPublic: input.isPublic,
    disabled: false,
    description: input.description,
    extraSpecs: { ...(input.extraSpecs ?? {}) },
  };
  put(s.flavors, flavor);
  ctx.tx.emit("compute.flavor.created", { flavorId: id, name: flavor.name });
  return flavor;
}

/** Servers keep a snapshot of their flavor, so a flavor in use may still be deleted (as in Nova). */
export function deleteFlavor(s: ComputeState, ctx: OperationContext, id: string): void {
  showFlavor(s, id);
  remove(s.flavors, id);
  remove(s.flavorAccess, id);
  ctx.tx.emit("compute.flavor.deleted", { flavorId: id });
}

export function updateFlavorDescription(s: ComputeState, id: string, description: string | null): Flavor {
  const flavor = showFlavor(s, id);
  flavor.description = description;
  return flavor;
}

export function setExtraSpecs(s: ComputeState, id: string, specs: Record<string, string>): Record<string, string> {
  const flavor = showFlavor(s, id);
  flavor.extraSpecs = { ...flavor.extraSpecs, ...specs };
  return specs;
}

export function deleteExtraSpec(s: ComputeState, id: string, key: string): void {
  const flavor = showFlavor(s, id);
  if (!Object.hasOwn(flavor.extraSpecs, key)) throw itemNotFound(`Flavor ${id} has no extra specs with key ${key}.`);
  flavor.extraSpecs = withoutEntry(flavor.extraSpecs, key);
}
