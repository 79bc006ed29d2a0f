// An admin's changes to the cinder services (cinder/api/v3/services.py, volume/api.py freeze_host/thaw_host):
// enabling or disabling one service (a binary on a host, with a reason), and freezing or thawing the volume
// service of a backend. Every other service field is derived (backends.ts).

import { cinderServices, hostMatches, serviceKey, serviceStateOf } from "../backends.js";
import { badRequest, inState, invalidInput, itemNotFound } from "../errors.js";
import type { BlockStorageState, CinderServiceState } from "../state.js";

const VOLUME_BINARY = "cinder-volume";

function put(s: BlockStorageState, binary: string, host: string, change: Partial<CinderServiceState>, now: number): void {
  const was = serviceStateOf(s, binary, host) ?? { disabled: false, disabledReason: null, frozen: false, modifiedAt: now };
  s.serviceStates = { ...s.serviceStates, ...Object.fromEntries([[serviceKey(binary, host), { ...was, ...change, modifiedAt: now }]]) };
}

/** Enables or disables the service `binary` on exactly `host` (Cinder's ServiceNotFound, 404, otherwise). */
export function setServiceDisabled(s: BlockStorageState, host: string, binary: string, disabled: boolean, reason: string | null, now: number): void {
  if (!cinderServices(s).some((x) => x.binary === binary && x.host === host)) {
    throw itemNotFound(`Service ${binary} could not be found on host ${host}.`);
  }
  put(s, binary, host, { disabled, disabledReason: reason }, now);
}

/**
 * Freezes (or thaws) the volume service `host` names, matched as the services' host filter matches: it must
 * name one backend (a bare host with two is refused) that is not frozen already (not thawed already).
 */
export function setFrozen(s: BlockStorageState, host: string, frozen: boolean, now: number): void {
  const services = cinderServices(s).filter((x) => x.binary === VOLUME_BINARY && hostMatches(x.host, host));
  if (services.length === 0) throw invalidInput(`No service found with host=${host}`);
  if (services.some((x) => x.host !== services[0]!.host)) throw badRequest("Services from different clusters found.");
  const { host: backend } = services[0]!;
  if ((serviceStateOf(s, VOLUME_BINARY, backend)?.frozen ?? false) === frozen) {
    throw inState(invalidInput(`frozen in ['${backend}'] must be ${frozen ? "False" : "True"} to failover.`));
  }
  put(s, VOLUME_BINARY, backend, { frozen }, now);
}
