// Hypervisor and compute-service records (nova/api/openstack/compute/hypervisors.py, services.py): ids are
// integers before 2.53 and UUIDs from it; cpu_info is a JSON string before 2.28 and an object from it;
// `forced_down` from 2.11. From 2.88 the detail drops the resource statistics (placement has them) and
// carries `uptime` instead (null for a host that is down, which cannot answer).

import { isoMicroNoZone } from "../../../kernel/time.js";
import type { ComputeHost } from "../state.js";
import type { Microversion } from "../microversion.js";
import { isUp, lastHeartbeat } from "../operations/hosts.js";
import { INTERNAL_ZONE } from "../operations/zones.js";

export const HYPERVISOR_TYPE = "QEMU";
/** QEMU 6.2.0 as libvirt reports it */
export const HYPERVISOR_VERSION = 6002000;

export const hypervisorId = (h: ComputeHost, mv: Microversion): string | number => (mv >= 53 ? h.hypervisorId : h.number);
export const serviceId = (h: ComputeHost, mv: Microversion): string | number => (mv >= 53 ? h.serviceId : h.number);

const state = (h: ComputeHost) => (isUp(h) ? "up" : "down");

function cpuInfo(h: ComputeHost) {
  return { arch: "x86_64", model: "Nehalem", vendor: "Intel", features: ["pge", "clflush", "sse2", "vmx"], topology: { cores: 1, threads: 1, sockets: h.vcpus } };
}

export function hypervisorSummary(h: ComputeHost, mv: Microversion): Record<string, unknown> {
  return { id: hypervisorId(h, mv), hypervisor_hostname: h.id, state: state(h), status: h.status };
}

export function hypervisorView(h: ComputeHost, mv: Microversion, now: number): Record<string, unknown> {
  const view = {
    ...hypervisorSummary(h, mv),
    hypervisor_type: HYPERVISOR_TYPE,
    hypervisor_version: HYPERVISOR_VERSION,
    host_ip: h.hostIp,
    service: { host: h.id, id: serviceId(h, mv), disabled_reason: h.disabledReason },
  };
  if (mv >= 88) return { ...view, uptime: isUp(h) ? uptimeText(h, now) : null };
  return {
    ...view,
    vcpus: h.vcpus,
    vcpus_used: h.vcpusUsed,
    memory_mb: h.memoryMb,
    memory_mb_used: h.memoryMbUsed,
    local_gb: h.localGb,
    local_gb_used: h.localGbUsed,
    free_ram_mb: h.memoryMb - h.memoryMbUsed,
    free_disk_gb: h.localGb - h.localGbUsed,
    current_workload: 0,
    running_vms: h.runningVms,
    disk_available_least: h.localGb - h.localGbUsed,
    cpu_info: mv >= 28 ? cpuInfo(h) : JSON.stringify(cpuInfo(h)),
  };
}

/** GET /os-hypervisors/statistics: the sums over every hypervisor. */
export function hypervisorStatistics(hosts: ComputeHost[]): Record<string, number> {
  const sum = (f: (h: ComputeHost) => number) => hosts.reduce((n, h) => n + f(h), 0);
  return {
    count: hosts.length,
    vcpus: sum((h) => h.vcpus),
    vcpus_used: sum((h) => h.vcpusUsed),
    memory_mb: sum((h) => h.memoryMb),
    memory_mb_used: sum((h) => h.memoryMbUsed),
    local_gb: sum((h) => h.localGb),
    local_gb_used: sum((h) => h.localGbUsed),
    free_ram_mb: sum((h) => h.memoryMb - h.memoryMbUsed),
    free_disk_gb: sum((h) => h.localGb - h.localGbUsed),
    current_workload: 0,
    running_vms: sum((h) => h.runningVms),
    disk_available_least: sum((h) => h.localGb - h.localGbUsed),
  };
}

/** The controller's services (nova-scheduler, nova-conductor): always up and enabled, in the internal zone. */
export interface ControlService {
  binary: string;
  host: string;
  number: number;
  uuid: string;
}

export function controlServiceView(svc: ControlService, mv: Microversion, now: number): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: mv >= 53 ? svc.uuid : svc.number,
    binary: svc.binary,
    disabled_reason: null,
    host: svc.host,
    state: "up",
    status: "enabled",
    updated_at: isoMicroNoZone(now),
    zone: INTERNAL_ZONE,
  };
  if (mv >= 11) view.forced_down = false;
  return view;
}

export function serviceView(h: ComputeHost, mv: Microversion, now: number): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: serviceId(h, mv),
    binary: "nova-compute",
    disabled_reason: h.disabledReason,
    host: h.id,
    state: state(h),
    status: h.status,
    updated_at: isoMicroNoZone(lastHeartbeat(h, now)),
    zone: h.zone,
  };
  if (mv >= 11) view.forced_down = h.forcedDown;
  return view;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * `uptime`'s line as libvirt's host reports it: the time of day, then how long the host has run (since
 * the virtual clock started, or since it last recovered), one user, an idle load.
 */
export function uptimeText(h: ComputeHost, now: number): string {
  const clock = new Date(now);
  const minutes = Math.floor(Math.max(0, now - Math.min(h.updatedAt, now)) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  // procps' format: `5 min` within the first hour of a day, `2:05` after
  const hm = hours === 0 ? `${minutes % 60} min` : `${hours}:${pad(minutes % 60)}`;
  const up = days > 0 ? `${days} day${days === 1 ? "" : "s"}, ${hm}` : hm;
  return ` ${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}:${pad(clock.getUTCSeconds())} up ${up},  1 user,  load average: 0.00, 0.00, 0.00`;
}
