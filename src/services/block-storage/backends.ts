// The storage this emulator pretends to run: one availability zone (`nova`, as devstack's) and a backend per
// `volume_backend_name` extra spec, each its own pool on one host, named as Cinder names them (host@backend#pool).

import { own } from "../../kernel/own.js";
import { values } from "../../kernel/store/table.js";
import type { BlockStorageState, CinderServiceState, VolumeType } from "./state.js";

export const DEFAULT_ZONE = "nova";
export const HOST = "skymock";
export const DEFAULT_BACKEND = "lvmdriver-1";

// Cinder's capabilities filter reads an extra spec with or without the `capabilities:` scope alike
const BACKEND_SPECS = ["volume_backend_name", "capabilities:volume_backend_name"];

export function backendOf(type: VolumeType | undefined): string {
  for (const key of BACKEND_SPECS) if (type && Object.hasOwn(type.extraSpecs, key) && type.extraSpecs[key]) return type.extraSpecs[key]!;
  return DEFAULT_BACKEND;
}

/** Every backend: the default one and each type's. */
export function backends(s: BlockStorageState): string[] {
  return [...new Set([DEFAULT_BACKEND, ...values(s.volumeTypes).map((t) => backendOf(t))])];
}

/** The cinder services running: the scheduler, a volume service per backend, the backup service. */
export function cinderServices(s: BlockStorageState): Array<{ binary: string; host: string }> {
  return [
    { binary: "cinder-scheduler", host: HOST },
    ...backends(s).map((b) => ({ binary: "cinder-volume", host: `${HOST}@${b}` })),
    { binary: "cinder-backup", host: HOST },
  ];
}

export function hostOf(type: VolumeType | undefined): string {
  const backend = backendOf(type);
  return `${HOST}@${backend}#${backend}`;
}

/**
 * Cinder's host filter (db/api.py _filter_host): `host#pool` matches exactly, `host@backend` that backend and
 * its pools, a bare host everything on it.
 */
export function hostMatches(host: string, filter: string): boolean {
  if (host === filter) return true;
  if (filter.includes("#")) return false;
  return host.startsWith(`${filter}#`) || (!filter.includes("@") && host.startsWith(`${filter}@`));
}

/** What an admin set of one service (os-services): enabled and not frozen unless changed. */
export function serviceStateOf(s: BlockStorageState, binary: string, host: string): CinderServiceState | undefined {
  return own(s.serviceStates ?? {}, serviceKey(binary, host));
}

export const serviceKey = (binary: string, host: string) => `${binary} ${host}`;
