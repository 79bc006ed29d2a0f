// Availability zone records (nova/api/openstack/compute/availability_zone.py): zoneName, zoneState and
// hosts (null in the plain list; in the admin's detail, host -> binary -> {available, active, updated_at},
// with the `internal` zone first in name order).

import { isoMicroNoZone } from "../../../kernel/time.js";
import { isUp, lastHeartbeat } from "../operations/hosts.js";
import { CONTROLLER, INTERNAL_ZONE, type Zone } from "../operations/zones.js";

export function zoneSummary(zone: Zone): Record<string, unknown> {
  return { zoneName: zone.name, zoneState: { available: zone.available }, hosts: null };
}

export function zonesDetail(zones: Zone[], now: number): Array<Record<string, unknown>> {
  const internal = {
    zoneName: INTERNAL_ZONE,
    zoneState: { available: true },
    hosts: {
      [CONTROLLER.host]: Object.fromEntries(
        CONTROLLER.binaries.map((b) => [b, { available: true, active: true, updated_at: isoMicroNoZone(now) }]),
      ),
    },
  };
  const compute = zones.map((zone) => {
    if (!zone.available) return zoneSummary(zone);
    const hosts = Object.fromEntries(
      zone.hosts.map((h) => [h.id, { "nova-compute": { available: isUp(h), active: h.status === "enabled", updated_at: isoMicroNoZone(lastHeartbeat(h, now)) } }]),
    );
    return { zoneName: zone.name, zoneState: { available: true }, hosts };
  });
  const name = (z: Record<string, unknown>) => String(z.zoneName);
  return [internal, ...compute].sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
}
