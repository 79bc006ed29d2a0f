// Availability zones (nova/availability_zones.py): the zones of the compute hosts. A zone is available
// while at least one of its compute services is enabled; the `internal` zone holds the control services.

import { values } from "../../../kernel/store/table.js";
import type { ComputeHost, ComputeState } from "../state.js";

export const INTERNAL_ZONE = "internal";
/** The controller host and the services of the internal zone (always up). */
export const CONTROLLER = { host: "controller", binaries: ["nova-conductor", "nova-scheduler"] };

export interface Zone {
  name: string;
  available: boolean;
  /** the enabled compute hosts in the zone */
  hosts: ComputeHost[];
}

export function computeZones(s: ComputeState): Zone[] {
  const zones = new Map<string, Zone>();
  for (const host of values(s.hosts)) {
    const zone = zones.get(host.zone) ?? { name: host.zone, available: false, hosts: [] };
    if (host.status === "enabled") {
      zone.available = true;
      zone.hosts.push(host);
    }
    zones.set(host.zone, zone);
  }
  return [...zones.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function zoneExists(s: ComputeState, name: string): boolean {
  return values(s.hosts).some((h) => h.zone === name);
}
