// Remote consoles (nova/api/openstack/compute/remote_consoles.py; compute api get_vnc_console ...): the
// console proxies a devstack-like deployment enables (noVNC only: spice, serial and MKS are off), a URL
// with a fresh token on the emulator's own address; the server must be on a host and not being deleted
// or live-migrated. Also the standard diagnostics (2.48) of a server.

import type { OperationContext } from "../../../kernel/operation.js";
import type { Server } from "../state.js";
import { badRequest, conflictingRequest, invalidState } from "../errors.js";
import { rareOf } from "../server-rare.js";

export type ConsoleProtocol = "vnc" | "spice" | "rdp" | "serial" | "mks";

const TYPES: Record<ConsoleProtocol, string[]> = {
  vnc: ["novnc", "xvpvnc"],
  spice: ["spice-html5", "spice-direct"],
  rdp: ["rdp-html5"],
  serial: ["serial"],
  mks: ["webmks"],
};

/** Returns the console URL (on `base`) for a protocol and type. */
export function consoleUrl(ctx: Pick<OperationContext, "ids">, server: Server, protocol: ConsoleProtocol, type: string, base: string, method: string): string {
  if (protocol === "rdp") throw badRequest("Unavailable console type rdp.");
  if (server.host === null) throw conflictingRequest(`Instance ${server.id} is not ready`);
  if (server.taskState === "deleting" || server.taskState === "migrating") throw invalidState(method, server.id, "task_state", server.taskState);
  if (!TYPES[protocol].includes(type)) throw badRequest(`Invalid console type ${type}`);
  // nova.conf [vnc] enabled; [spice], [serial_console] and [mks] are off by default
  if (protocol !== "vnc") throw badRequest(`Unavailable console type ${type}.`);
  if (type !== "novnc") throw badRequest(`Invalid console type ${type}`);
  return `${base}/compute/novnc/vnc_auto.html?path=%3Ftoken%3D${ctx.ids.uuid()}`;
}

const POWER_NAMES: Record<number, string> = { 0: "pending", 1: "running", 3: "paused", 4: "shutdown", 6: "crashed", 7: "suspended" };

/** GET /servers/{id}/diagnostics: the standard format from 2.48, the libvirt driver's keys before. */
export function diagnostics(server: Server, now: number, version: number, macs: readonly string[]): Record<string, unknown> {
  if (server.host === null) throw conflictingRequest(`Instance ${server.id} is not ready`);
  const uptime = server.launchedAt === null ? 0 : Math.floor((now - server.launchedAt) / 1000);
  const nics = server.portIds.length;
  const disks = 1 + server.volumesAttached.length;
  if (version < 48) {
    const legacy: Record<string, unknown> = { memory: server.flavor.ram * 1024 };
    for (let i = 0; i < server.flavor.vcpus; i++) legacy[`cpu${i}_time`] = 0;
    legacy.vda_read = 0;
    legacy.vda_read_req = 0;
    legacy.vda_write = 0;
    legacy.vda_write_req = 0;
    legacy.vda_errors = -1;
    return legacy;
  }
  return {
    state: POWER_NAMES[server.powerState] ?? "pending",
    driver: "libvirt",
    hypervisor: "kvm",
    hypervisor_os: "linux",
    uptime,
    config_drive: rareOf(server).configDrive === "True" || rareOf(server).configDrive === "true",
    num_cpus: server.flavor.vcpus,
    num_nics: nics,
    num_disks: disks,
    memory_details: { maximum: server.flavor.ram, used: 0 },
    cpu_details: Array.from({ length: server.flavor.vcpus }, (_, id) => ({ id, time: 0, utilisation: null })),
    nic_details: macs.map((mac) => ({
      mac_address: mac, rx_octets: 0, rx_errors: 0, rx_drop: 0, rx_packets: 0, rx_rate: null,
      tx_octets: 0, tx_errors: 0, tx_drop: 0, tx_packets: 0, tx_rate: null,
    })),
    disk_details: Array.from({ length: disks }, () => ({ read_bytes: 0, read_requests: 0, write_bytes: 0, write_requests: 0, errors_count: -1 })),
  };
}
