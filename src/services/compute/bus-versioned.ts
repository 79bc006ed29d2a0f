// Nova's versioned instance payloads (nova/notifications/objects/instance.py, the shapes of
// doc/notification_samples): InstanceActionPayload and InstanceCreatePayload in their nova_object envelope,
// filled with what the emulator knows (no block devices' details, NUMA, PCI, shares or trusted certificates).

import { isoSeconds } from "../../kernel/time.js";
import type { InstanceFacts } from "./bus-instance.js";

/** nova.objects.fields.InstancePowerState's names of the power state numbers. */
const POWER_STATE_NAMES: Record<number, string> = { 0: "pending", 1: "running", 3: "paused", 4: "shutdown", 6: "crashed", 7: "suspended" };

function novaObject(name: string, version: string, data: Record<string, unknown>): Record<string, unknown> {
  return { "nova_object.name": name, "nova_object.namespace": "nova", "nova_object.version": version, "nova_object.data": data };
}

const time = (ms: number | null) => (ms === null ? null : isoSeconds(ms));

/** The exception class Nova raises for the emulator's fault messages (nova/exception.py), else the base class. */
function exceptionName(message: string): string {
  if (message.startsWith("No valid host was found")) return "NoValidHost";
  if (message.startsWith("Exceeded maximum number of retries")) return "MaxRetriesExceeded";
  return "NovaException";
}

/** ExceptionPayload of the server's fault; the emulator has no traceback or raising function to name. */
export function exceptionPayload(facts: InstanceFacts): Record<string, unknown> | null {
  if (!facts.fault) return null;
  return novaObject("ExceptionPayload", "1.1", {
    module_name: "nova.compute.manager",
    function_name: "",
    exception: exceptionName(facts.fault.message),
    exception_message: facts.fault.details ?? facts.fault.message,
    traceback: "",
  });
}

function flavorPayload(facts: InstanceFacts): Record<string, unknown> | null {
  const f = facts.flavor;
  if (!f) return null;
  return novaObject("FlavorPayload", "1.4", {
    flavorid: facts.flavorId,
    name: f.original_name,
    memory_mb: f.ram,
    vcpus: f.vcpus,
    root_gb: f.disk,
    ephemeral_gb: f.ephemeral,
    swap: f.swap,
    extra_specs: { ...f.extra_specs },
  });
}

/** InstancePayload's fields (1.9): what InstanceActionPayload and InstanceCreatePayload share. */
function instanceData(facts: InstanceFacts): Record<string, unknown> {
  return {
    uuid: facts.id,
    user_id: facts.userId,
    tenant_id: facts.projectId,
    reservation_id: facts.reservationId,
    display_name: facts.name,
    display_description: facts.description,
    host_name: facts.hostname,
    host: facts.host,
    node: facts.host,
    os_type: null,
    architecture: null,
    availability_zone: facts.zone || null,
    flavor: flavorPayload(facts),
    image_uuid: facts.imageId ?? "",
    key_name: facts.keyName,
    kernel_id: "",
    ramdisk_id: "",
    created_at: time(facts.createdAt),
    launched_at: time(facts.launchedAt),
    terminated_at: time(facts.terminatedAt),
    deleted_at: facts.vmState === "deleted" ? time(facts.terminatedAt) : null,
    updated_at: time(facts.updatedAt),
    state: facts.vmState,
    power_state: POWER_STATE_NAMES[facts.powerState] ?? "pending",
    task_state: facts.taskState,
    progress: 0,
    ip_addresses: facts.addresses
      .filter((a) => a.type === "fixed")
      .map((a) =>
        novaObject("IpPayload", "1.0", { mac: a.mac, address: a.address, port_uuid: a.portId, meta: {}, version: a.version, label: a.label, device_name: `tap${a.portId.slice(0, 11)}` }),
      ),
    block_devices: [],
    metadata: facts.metadata,
    locked: facts.locked,
    locked_reason: facts.lockedReason,
    auto_disk_config: facts.diskConfig,
    request_id: facts.requestId,
    action_initiator_user: facts.initiatorUser,
    action_initiator_project: facts.initiatorProject,
    shares: [],
  };
}

/** InstanceActionPayload (1.9): the instance and the fault, if the action failed. */
export function instanceActionPayload(facts: InstanceFacts, withFault = false): Record<string, unknown> {
  return novaObject("InstanceActionPayload", "1.9", { ...instanceData(facts), fault: withFault ? exceptionPayload(facts) : null });
}

/** InstanceActionVolumePayload (1.7): the action payload and the volume attached or detached. */
export function instanceVolumePayload(facts: InstanceFacts, volumeId: string): Record<string, unknown> {
  return novaObject("InstanceActionVolumePayload", "1.7", { ...instanceData(facts), fault: null, volume_id: volumeId });
}

/** InstanceCreatePayload (1.13): the action payload plus the key pair, tags and the libvirt instance name. */
export function instanceCreatePayload(facts: InstanceFacts, withFault = false): Record<string, unknown> {
  const keypairs = facts.keyPair
    ? [novaObject("KeypairPayload", "1.0", { user_id: facts.keyPair.userId, name: facts.keyPair.name, fingerprint: facts.keyPair.fingerprint, public_key: facts.keyPair.publicKey, type: facts.keyPair.type })]
    : [];
  return novaObject("InstanceCreatePayload", "1.13", {
    ...instanceData(facts),
    fault: withFault ? exceptionPayload(facts) : null,
    keypairs,
    tags: facts.tags,
    trusted_image_certificates: null,
    instance_name: facts.instanceName,
  });
}
