// Compute (Nova v2.1) slice: servers, flavors, keypairs, server groups, compute hosts (hypervisors and their
// nova-compute services), quota sets and per-project usage, so quota checks never count a collection. The
// image catalog is the image service's (image/for-compute.ts).

import { emptyDict, type Dict } from "../../kernel/store/dict.js";
import { emptyTable, type Table } from "../../kernel/store/table.js";
import type { InstanceActionLog, MigrationRecord, ServerExtra } from "./server-records.js";

export interface FlavorSnapshot {
  vcpus: number;
  ram: number;
  disk: number;
  ephemeral: number;
  swap: number;
  original_name: string;
  extra_specs: Record<string, string>;
}

export interface ServerFault {
  code: number;
  message: string;
  details?: string;
  created: number;
}

/** A move in progress: a resize (until confirmed or reverted) or an evacuation (until rebuilt elsewhere). */
export interface ServerMigration {
  kind: "resize" | "evacuation";
  sourceHost: string | null;
  sourceZone: string;
  /** null when no host could take the server (an evacuation then ends in ERROR) */
  destHost: string | null;
  /** a resize's new flavor, applied when the resize finishes */
  newFlavorId: string | null;
  newFlavor: FlavorSnapshot | null;
  /** an evacuation asked at 2.95 or later: the server is stopped on its destination, whatever its state was */
  stopAtDestination?: boolean;
}

/** A volume attached to a server: Nova's block device mapping of it. */
export interface AttachedVolume {
  /** the volume's id */
  id: string;
  deleteOnTermination: boolean;
  device: string;
  tag?: string | null;
  /** Cinder's attachment (2.89 attachment_id); absent in snapshots of older builds (shown null) */
  attachmentId?: string;
  /** the block device mapping's own uuid (2.89 bdm_uuid); absent in snapshots of older builds (shown null) */
  bdmUuid?: string;
}

export interface Server {
  id: string;
  name: string;
  /** OS-EXT-SRV-ATTR:hostname: from the name at create, or given (2.90); absent in snapshots of older builds (read it with serverHostname) */
  hostname?: string;
  projectId: string;
  userId: string;
  flavorId: string;
  flavor: FlavorSnapshot;
  /** null when booted from a volume */
  imageId: string | null;
  keyName: string | null;
  securityGroups: string[];
  metadata: Record<string, string>;
  tags: string[];
  /** the zone the scheduler placed it in ("" before) */
  availabilityZone: string;
  host: string | null;
  /** ports the server holds (created for it, or given), in request order */
  portIds: string[];
  /** ports the server created itself (deleted with it; given ports are only unbound) */
  ownedPortIds: string[];
  vmState: string;
  taskState: string | null;
  powerState: number;
  /** volumes attached (at boot, or through os-volume_attachments with their 2.49 tag) */
  volumesAttached: AttachedVolume[];
  instanceNumber: number;
  /** the lifecycle phase the server is in (transitions.ts): `building`, `deleting`, ...; null when at rest */
  phase: string | null;
  /** Nova's `r-xxxxxxxx` of the create request (2.3 admin field), shared by a multi-create's servers */
  reservationId: string;
  /** position in a multi-create (2.3 admin field `OS-EXT-SRV-ATTR:launch_index`) */
  launchIndex: number;
  createdAt: number;
  updatedAt: number;
  launchedAt: number | null;
  /**
   * The create request's id while the server's action log is only its create (server-instance-actions.ts
   * reads the entry from the record); null once the log is written. Absent in snapshots of older builds.
   */
  createRequestId?: string | null;
  /**
   * The fields most servers leave at their defaults, held only by a server that set one of them; read them
   * with `rareOf` and write them with `rareToWrite` (server-rare.ts). Absent: all at their defaults.
   */
  rare?: ServerRare;
}

/** A server's fields that most servers never set (server-rare.ts keeps them out of the record until one is). */
export interface ServerRare {
  description: string | null;
  /** the flavor before a resize, until it is confirmed or reverted */
  oldFlavorId: string | null;
  oldFlavor: FlavorSnapshot | null;
  userData: string | null;
  /** the zone asked for (2.96 pinned_availability_zone) */
  requestedZone: string | null;
  serverGroupId: string | null;
  /** vm_state to return to after a lifecycle step (stopped servers resize back to stopped) */
  resumeState: string | null;
  fault: ServerFault | null;
  locked: boolean;
  lockedReason: string | null;
  /** Nova's locked_by: `owner` when the server's own project locked it, `admin` otherwise (only an admin unlocks those) */
  lockedBy?: "owner" | "admin" | null;
  /** a resize or evacuation under way (server-actions): where the server comes from and goes to */
  migration?: ServerMigration | null;
  configDrive: string;
  accessIPv4: string;
  accessIPv6: string;
  diskConfig: "AUTO" | "MANUAL";
  terminatedAt: number | null;
}

export interface Flavor {
  id: string;
  name: string;
  ram: number;
  vcpus: number;
  disk: number;
  ephemeral: number;
  swap: number;
  rxtxFactor: number;
  isPublic: boolean;
  disabled: boolean;
  description: string | null;
  extraSpecs: Record<string, string>;
}

export interface Keypair {
  /** `<userId>/<name>`: names are unique per user */
  id: string;
  name: string;
  userId: string;
  publicKey: string;
  fingerprint: string;
  type: "ssh" | "x509";
  /** Nova shows keypairs an integer id */
  number: number;
  createdAt: number;
}

export interface ServerGroup {
  id: string;
  name: string;
  projectId: string;
  userId: string;
  policy: "affinity" | "anti-affinity" | "soft-affinity" | "soft-anti-affinity";
  rules: Record<string, number>;
  members: string[];
}

export interface ComputeHost {
  /** the host name, e.g. compute-1 */
  id: string;
  /** hypervisor id (2.53+ a UUID) and nova-compute service id */
  hypervisorId: string;
  serviceId: string;
  number: number;
  zone: string;
  hostIp: string;
  vcpus: number;
  memoryMb: number;
  localGb: number;
  vcpusUsed: number;
  memoryMbUsed: number;
  localGbUsed: number;
  runningVms: number;
  /** the nova-compute service: up/down (failure), enabled/disabled (admin), forced down */
  state: "up" | "down";
  status: "enabled" | "disabled";
  disabledReason: string | null;
  forcedDown: boolean;
  updatedAt: number;
}

export interface Aggregate {
  /** the integer id Nova shows (as a string key) */
  id: string;
  number: number;
  uuid: string;
  name: string;
  /** host names, in the order added */
  hosts: string[];
  /** includes `availability_zone` when the aggregate names a zone */
  metadata: Record<string, string>;
  createdAt: number;
  updatedAt: number | null;
}

/** What os-simple-tenant-usage reads of a server, kept once it is deleted. */
export interface ServerUsage {
  id: string;
  name: string;
  projectId: string;
  flavorName: string;
  vcpus: number;
  memoryMb: number;
  localGb: number;
  /** launched_at: null until the server first became active */
  startedAt: number | null;
  endedAt: number | null;
}

export const COMPUTE_QUOTA_KEYS = [
  "instances", "cores", "ram", "key_pairs", "metadata_items", "server_groups", "server_group_members",
  "injected_files", "injected_file_content_bytes", "injected_file_path_bytes",
] as const;
export type ComputeQuotaKey = (typeof COMPUTE_QUOTA_KEYS)[number];
export type ComputeQuotas = Record<ComputeQuotaKey, number>;

export const DEFAULT_COMPUTE_QUOTAS: ComputeQuotas = {
  instances: 10,
  cores: 20,
  ram: 51200,
  key_pairs: 100,
  metadata_items: 128,
  server_groups: 10,
  server_group_members: 10,
  injected_files: 5,
  injected_file_content_bytes: 10240,
  injected_file_path_bytes: 255,
};

/** How many deleted servers keep their action logs, usage and migrations (os-instance-actions 2.21+, os-simple-tenant-usage, os-migrations). */
export const DELETED_SERVERS_KEPT = 1000;

export interface ComputeState {
  servers: Table<Server>;
  flavors: Table<Flavor>;
  keypairs: Table<Keypair>;
  serverGroups: Table<ServerGroup>;
  hosts: Table<ComputeHost>;
  /** host aggregates (os-aggregates); a zone in their metadata is their hosts' availability zone */
  aggregates: Table<Aggregate>;
  nextAggregateNumber: number;
  /** a host's zone before an aggregate's zone replaced it (given back when it leaves the last such aggregate) */
  hostDefaultZones: Table<{ id: string; zone: string }>;
  /** private flavor id -> the projects given access (os-flavor-access) */
  flavorAccess: Table<{ id: string; projects: string[] }>;
  /** quota class name -> its limits over the defaults (os-quota-class-sets; Nova uses `default` only) */
  /** `network`: nova-network's class limits (shown and set before 2.50, enforced nowhere) */
  quotaClasses: Table<{ id: string; limits: Partial<ComputeQuotas>; network?: Record<string, number> }>;
  /** servers' lifetimes, kept after deletion, for os-simple-tenant-usage */
  serverUsage: Table<ServerUsage>;
  /** server id -> its os-instance-actions log (kept after the server is gone) */
  instanceActions: Table<InstanceActionLog>;
  /** os-migrations, oldest first */
  migrations: Table<MigrationRecord>;
  nextMigrationNumber: number;
  /** server id -> shelve image, guest password (Nova's system_metadata) */
  serverExtras: Table<ServerExtra>;
  /**
   * Deleted servers whose records (action log, usage, migrations) are still kept, oldest first: past
   * DELETED_SERVERS_KEPT the oldest are forgotten, as Nova's archive_deleted_rows would, so churn does
   * not grow the world without end
   */
  deletedServers: Table<{ id: string }>;
  /** project id -> overrides of the default quotas */
  quotas: Table<{ id: string; limits: Partial<ComputeQuotas> }>;
  /** project id -> instances, cores, ram in use (server groups and keypairs are counted where they live) */
  usage: Dict<{ instances: number; cores: number; ram: number }>;
  /** Nova names instances `instance-%08x` from a sequence */
  nextInstanceNumber: number;
  nextKeypairNumber: number;
}

export function initialComputeState(): ComputeState {
  return {
    // listed per project: a project's page costs the same however many servers other projects hold
    // each host's servers indexed (a host filter, a host failing): a server moves only through setServerHost
    servers: emptyTable({ groupBy: "projectId", alsoGroupBy: ["host"] }),
    flavors: emptyTable(),
    keypairs: emptyTable(),
    serverGroups: emptyTable(),
    hosts: emptyTable(),
    aggregates: emptyTable(),
    nextAggregateNumber: 1,
    hostDefaultZones: emptyTable(),
    flavorAccess: emptyTable(),
    quotaClasses: emptyTable(),
    serverUsage: emptyTable(),
    instanceActions: emptyTable(),
    // a server's migrations are found (and forgotten) without a scan
    migrations: emptyTable({ groupBy: "serverId" }),
    deletedServers: emptyTable(),
    nextMigrationNumber: 1,
    serverExtras: emptyTable(),
    quotas: emptyTable(),
    usage: emptyDict(),
    nextInstanceNumber: 1,
    nextKeypairNumber: 1,
  };
}

/** This service's key in the store's root, its journal and fault-rule label. */
export const SLICE = "compute";

export function sliceOf(root: Readonly<Record<string, unknown>>): ComputeState {
  return root[SLICE] as ComputeState;
}
