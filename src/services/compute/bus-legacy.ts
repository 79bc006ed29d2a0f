// Nova's legacy (unversioned) instance payload, as nova/notifications/base.py info_from_instance and
// nova/compute/utils.py notify_about_instance_usage build it: the key names and the time formats of
// `compute.instance.*` on the `notifications` topic, filled from what the emulator knows of the server.

import { isoMicroNoZone } from "../../kernel/time.js";
import type { InstanceFacts } from "./bus-instance.js";

/** Python's str(datetime) of an aware UTC time: `2030-01-01 00:00:05+00:00` (microseconds only when set). */
export function pythonStr(ms: number): string {
  const iso = new Date(ms).toISOString();
  const millis = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${millis === "000" ? "" : `.${millis}000`}+00:00`;
}

/** null_safe_isotime: strtime's `2030-01-01T00:00:05.000000`, or "" when unset. */
function isotime(ms: number | null): string {
  return ms === null ? "" : isoMicroNoZone(ms);
}

/** The fault's share of an error payload (exception_to_dict): message and code, and the exception's name. */
export function faultFields(facts: InstanceFacts): Record<string, unknown> {
  if (!facts.fault) return {};
  return { exception: facts.fault.details ?? facts.fault.message, message: facts.fault.message, code: facts.fault.code };
}

/** info_from_instance, with `extra` added or overriding (extra_usage_info). */
export function legacyInstancePayload(facts: InstanceFacts, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const f = facts.flavor;
  return {
    tenant_id: facts.projectId,
    user_id: facts.userId,
    instance_id: facts.id,
    display_name: facts.name,
    reservation_id: facts.reservationId ?? "",
    hostname: facts.hostname,
    instance_type: f?.original_name ?? "",
    // Nova's integer instance_type_id is internal; the emulator's flavor id stands in for it
    instance_type_id: facts.flavorId,
    instance_flavor_id: facts.flavorId,
    architecture: null,
    memory_mb: f?.ram ?? 0,
    disk_gb: f ? f.disk + f.ephemeral : 0,
    vcpus: f?.vcpus ?? 0,
    root_gb: f?.disk ?? 0,
    ephemeral_gb: f?.ephemeral ?? 0,
    host: facts.host,
    node: facts.host,
    availability_zone: facts.zone || null,
    cell_name: "",
    created_at: pythonStr(facts.createdAt),
    terminated_at: isotime(facts.terminatedAt),
    deleted_at: facts.vmState === "deleted" ? isotime(facts.terminatedAt) : "",
    launched_at: isotime(facts.launchedAt),
    // Nova falls back to the image id when it cannot build the image URL; the emulator always does
    image_ref_url: facts.imageId ?? "",
    os_type: null,
    kernel_id: "",
    ramdisk_id: "",
    state: facts.vmState,
    state_description: facts.taskState ?? "",
    progress: "",
    access_ip_v4: facts.accessIPv4 || null,
    access_ip_v6: facts.accessIPv6 || null,
    fixed_ips: facts.addresses
      .filter((a) => a.type === "fixed")
      .map((a) => ({
        address: a.address,
        type: "fixed",
        version: a.version,
        label: a.label,
        vif_mac: a.mac,
        meta: {},
        floating_ips: facts.addresses.filter((x) => x.type === "floating" && x.portId === a.portId).map((x) => ({ address: x.address, type: "floating", version: x.version, meta: {} })),
      })),
    image_meta: facts.imageId === null ? {} : { base_image_ref: facts.imageId },
    metadata: facts.metadata,
    ...extra,
  };
}
