// The storage this emulator pretends to run: one availability zone (`nova`, as devstack's) and a backend per
// `volume_backend_name` extra spec, each its own pool on one host, named as Cinder names them (host@backend#pool).

import type { VolumeType } from "./state.js";

export const DEFAULT_ZONE = "nova";
export const HOST = "skymock";
export const DEFAULT_BACKEND = "lvmdriver-1";

export function backendOf(type: VolumeType | undefined): string {
  return (type && Object.hasOwn(type.extraSpecs, "volume_backend_name") && type.extraSpecs.volume_backend_name) || DEFAULT_BACKEND;
}

export function hostOf(type: VolumeType | undefined): string {
  const backend = backendOf(type);
  return `${HOST}@${backend}#${backend}`;
}
