// Flavor extra spec validation (2.86; nova/api/validation/extra_specs/): a key Nova knows must have a value
// of its type (a boolean-like string, an integer in range, one of an enum, a string of a format); an unknown
// key in a namespace Nova owns (hw:, quota:, ...) is refused; anything else passes. Patterns Nova writes with
// nested repetition are matched here with an equivalent unambiguous form (values are at most 255 characters
// either way). The resource class and trait names are not checked against os-resource-classes / os-traits:
// any upper-case name is taken, as Nova takes CUSTOM_ ones.

import { badRequest } from "../errors.js";

interface Rule {
  /** the key, a regular expression Nova matches whole */
  name: string;
  type?: "int" | "bool";
  min?: number;
  max?: number;
  enum?: string[];
  /** the format Nova names in its message, and what checks it here */
  pattern?: readonly [shown: string, test: RegExp | ((value: string) => boolean)];
}

const CPU_MASK = ["\\^?\\d+((-\\d+)?(,\\^?\\d+(-\\d+)?)?)*", /^\^?\d+(?:-\d+|,\^?\d+)*$/] as const;
const REALTIME_MASK = ["(\\^)?\\d+((-\\d+)?(,\\^?\\d+(-\\d+)?)?)*", CPU_MASK[1]] as const;
const PMEM = ["([a-zA-Z0-9_]+(,)?)+", /^[a-zA-Z0-9_]+(?:,[a-zA-Z0-9_]+)*,?$/] as const;
const PAGE_SIZE = ["(large|small|any|\\d+([kKMGT]i?)?(b|bit|B)?)", /^(?:large|small|any|\d+(?:[kKMGT]i?)?(?:b|bit|B)?)$/] as const;
const PCI_ALIAS = "[^:]+:\\d+(?:\\s*,\\s*[^:]+:\\d+)*";

/** `name:count[, name:count...]`, checked part by part between the colons. */
function pciAlias(value: string): boolean {
  const parts = value.split(":");
  if (parts.length < 2 || parts[0] === "") return false;
  const middle = parts.slice(1, -1);
  return middle.every((p) => /^\d+\s*,\s*[^:]+$/.test(p)) && /^\d+$/.test(parts[parts.length - 1]);
}

const SHARES = ["custom", "high", "normal", "low"];
const GROUP = "(?<group>([a-zA-Z0-9_-]{1,64})?)";

/** the host state keys ComputeCapabilitiesFilter reads, and those whose nested values it reads by path */
const CAPABILITIES = ["id", "uuid", "service_id", "host", "vcpus", "memory_mb", "local_gb", "vcpus_used", "memory_mb_used", "local_gb_used", "hypervisor_type", "hypervisor_version", "hypervisor_hostname", "free_ram_mb", "free_disk_gb", "current_workload", "running_vms", "disk_available_least", "host_ip", "mapped", "cpu_allocation_ratio", "ram_allocation_ratio", "disk_allocation_ratio", "total_usable_ram_mb", "total_usable_disk_gb", "disk_mb_used", "free_disk_mb", "vcpus_total", "num_instances", "num_io_ops", "failed_builds", "aggregates", "cell_uuid", "updated"];
const CAPABILITY_TREES = ["cpu_info", "metrics", "stats", "numa_topology", "supported_hv_specs", "pci_device_pools", "nodename", "pci_stats", "supported_instances", "limits", "instances"];

const RULES: Rule[] = [
  ...CAPABILITIES.map((k) => ({ name: `capabilities:${k}` })),
  ...CAPABILITY_TREES.map((k) => ({ name: `capabilities:${k}(?<filter>(:\\w+)*)` })),
  { name: "accel:device_profile" },
  { name: "aggregate_instance_extra_specs:(?<key>.+)" },
  { name: "hw:cpu_realtime", type: "bool" },
  { name: "hw:cpu_realtime_mask", pattern: REALTIME_MASK },
  { name: "hw:hide_hypervisor_id", type: "bool" },
  { name: "hw:cpu_policy", enum: ["dedicated", "shared", "mixed"] },
  { name: "hw:cpu_thread_policy", enum: ["prefer", "isolate", "require"] },
  { name: "hw:emulator_threads_policy", enum: ["isolate", "share"] },
  { name: "hw:cpu_dedicated_mask", pattern: CPU_MASK },
  { name: "hw:mem_page_size", pattern: PAGE_SIZE },
  { name: "hw:locked_memory", type: "bool" },
  { name: "hw:numa_nodes", type: "int", min: 1 },
  { name: "hw:numa_cpus.(?<num>\\d+)", pattern: CPU_MASK },
  { name: "hw:numa_mem.(?<num>\\d+)", type: "int", min: 1 },
  { name: "hw:pci_numa_affinity_policy", enum: ["required", "preferred", "legacy", "socket"] },
  { name: "hw:cpu_sockets", type: "int", min: 1 },
  { name: "hw:cpu_cores", type: "int", min: 1 },
  { name: "hw:cpu_threads", type: "int", min: 1 },
  { name: "hw:cpu_max_sockets", type: "int", min: 1 },
  { name: "hw:cpu_max_cores", type: "int", min: 1 },
  { name: "hw:cpu_max_threads", type: "int", min: 1 },
  { name: "hw:boot_menu", type: "bool" },
  { name: "hw:vif_multiqueue_enabled", type: "bool" },
  { name: "hw:mem_encryption", type: "bool" },
  { name: "hw:mem_encryption_model", enum: ["amd-sev", "amd-sev-es", "amd-sev-snp"] },
  { name: "hw:pmem", pattern: PMEM },
  { name: "hw:pmu", type: "bool" },
  { name: "hw:serial_port_count", type: "int", min: 0 },
  { name: "hw:tpm_model", enum: ["tpm-tis", "tpm-crb"] },
  { name: "hw:tpm_version", enum: ["1.2", "2.0"] },
  { name: "hw:tpm_secret_security", enum: ["user", "host", "deployment"] },
  { name: "hw:watchdog_action", enum: ["none", "pause", "poweroff", "reset", "disabled"] },
  { name: "hw:viommu_model", enum: ["intel", "smmuv3", "virtio", "auto"] },
  { name: "hw:virtio_packed_ring", type: "bool" },
  { name: "hw:sound_model", enum: ["sb16", "es1370", "pcspk", "ac97", "ich6", "ich9", "usb", "virtio"] },
  { name: "hw:usb_model", enum: ["none", "nec-xhci", "qemu-xhci"] },
  { name: "hw:redirected_usb_ports", type: "int", min: 0, max: 15 },
  { name: "hw:ephemeral_encryption", type: "bool" },
  { name: "hw:ephemeral_encryption_format", enum: ["plain", "luks", "luksv2"] },
  { name: "hw_rng:allowed", type: "bool" },
  { name: "hw_rng:rate_bytes", type: "int", min: 0 },
  { name: "hw_rng:rate_period", type: "int", min: 0 },
  { name: "hw_video:ram_max_mb", type: "int", min: 0 },
  { name: "hide_hypervisor_id", type: "bool" },
  { name: "group_policy", enum: ["isolate", "none"] },
  { name: "os:secure_boot", enum: ["disabled", "required"] },
  { name: "pci_passthrough:alias", pattern: [PCI_ALIAS, pciAlias] },
  { name: "quota:cpu_limit", type: "int", min: 0 },
  { name: "quota:cpu_reservation", type: "int" },
  { name: "quota:cpu_shares_level", enum: SHARES },
  { name: "quota:cpu_shares_share", type: "int", min: 0 },
  { name: "quota:memory_limit", type: "int", min: 0 },
  { name: "quota:memory_reservation", type: "int" },
  { name: "quota:memory_shares_level", enum: SHARES },
  { name: "quota:memory_shares_share", type: "int", min: 0 },
  { name: "quota:disk_io_limit", type: "int", min: 0 },
  { name: "quota:disk_io_reservation", type: "int" },
  { name: "quota:disk_io_shares_level", enum: SHARES },
  { name: "quota:disk_io_shares_share", type: "int", min: 0 },
  { name: "quota:vif_limit", type: "int", min: 0 },
  { name: "quota:vif_reservation", type: "int" },
  { name: "quota:vif_shares_level", enum: SHARES },
  { name: "quota:vif_shares_share", type: "int", min: 0 },
  { name: "quota:cpu_shares", type: "int", min: 0 },
  { name: "quota:cpu_period", type: "int", min: 0 },
  { name: "quota:cpu_quota", type: "int" },
  { name: "quota:disk_read_bytes_sec", type: "int", min: 0 },
  { name: "quota:disk_read_iops_sec", type: "int", min: 0 },
  { name: "quota:disk_write_bytes_sec", type: "int", min: 0 },
  { name: "quota:disk_write_iops_sec", type: "int", min: 0 },
  { name: "quota:disk_total_bytes_sec", type: "int", min: 0 },
  { name: "quota:disk_total_iops_sec", type: "int", min: 0 },
  { name: "quota:vif_inbound_average", type: "int", min: 0 },
  { name: "quota:vif_inbound_peak", type: "int", min: 0 },
  { name: "quota:vif_inbound_burst", type: "int", min: 0 },
  { name: "quota:vif_outbound_average", type: "int", min: 0 },
  { name: "quota:vif_outbound_peak", type: "int", min: 0 },
  { name: "quota:vif_outbound_burst", type: "int", min: 0 },
  // every standard resource class and CUSTOM_ ones
  { name: `resources${GROUP}:(?<resource>[A-Z0-9_]+)`, type: "int" },
  // every standard trait and CUSTOM_ ones
  { name: `trait${GROUP}:(?<trait>[A-Z0-9_]+)`, enum: ["required", "forbidden"] },
  { name: "vmware:hw_version" },
  { name: "vmware:storage_policy" },
];

const fail = (why: string) => badRequest(`Validation failed; ${why}`);

const compiled = RULES.map((rule) => ({ rule, re: new RegExp(`^(?:${rule.name})$`) }));
const exact = new Map(RULES.map((rule) => [rule.name, rule]));
const namespaces = [...new Set(RULES.filter((r) => r.name.includes(":")).map((r) => r.name.split(":")[0]))].map((ns) => new RegExp(`^(?:${ns})$`));

/** oslo's bool_from_string(strict=True) */
const BOOL_LIKE = /^\s*(1|t|true|on|y|yes|0|f|false|off|n|no)\s*$/i;

function checkValue(rule: Rule, value: string): void {
  if (rule.type === "int") {
    // Python's int(): any number of digits, a sign, surrounding spaces
    if (!/^\s*[+-]?\d+\s*$/.test(value)) throw fail(`'${value}' is not a valid integer value.`);
    const n = BigInt(value);
    if (rule.max !== undefined && BigInt(rule.max) < n) throw fail(`'${value}' is greater than the max value of '${rule.max}'.`);
    if (rule.min !== undefined && BigInt(rule.min) > n) throw fail(`'${value}' is less than the min value of '${rule.min}'.`);
  } else if (rule.type === "bool") {
    if (!BOOL_LIKE.test(value)) throw fail(`'${value}' is not a valid boolean-like value.`);
  } else if (rule.pattern) {
    const [shown, test] = rule.pattern;
    if (!(typeof test === "function" ? test(value) : test.test(value))) throw fail(`'${value}' is not of the format '${shown}'.`);
  } else if (rule.enum && !rule.enum.includes(value)) {
    throw fail(`'${value}' is not one of: ${rule.enum.join(", ")}.`);
  }
}

/** Nova's validators.validate: 400 for a bad value of a known key, or an unknown key in a known namespace. */
export function validateExtraSpec(name: string, value: string): void {
  const rule = exact.get(name) ?? compiled.find((c) => c.re.test(name))?.rule;
  if (rule) return checkValue(rule, value);
  const colon = name.indexOf(":");
  if (colon < 0) return;
  const namespace = name.slice(0, colon);
  if (namespaces.some((ns) => ns.test(namespace))) throw fail(`extra spec '${name}' does not appear to be a valid extra spec.`);
}
