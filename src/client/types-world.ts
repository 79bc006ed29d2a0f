// The control API's wire types for the world (reset, seed, snapshots, health, the index), compute hosts,
// logins and tenants, as plain interfaces; types.ts re-exports them.

import type { PendingStep } from "./pending-step.js";

// ---- world ----

export interface ResetInput {
  project?: string;
}

export type SeedMode = "replace" | "merge";

/**
 * A seed world: one section per service, each field as its service's loader takes it (snake_case, as in
 * YAML); defaults where a field is optional. The server checks these types against the loaders' own
 * (src/services.ts), so a misspelt section or field does not compile.
 */
export interface WorldSections {
  identity?: IdentitySeed | null;
  networking?: NetworkingSeed | null;
  image?: ImageSeed | null;
  /** seeds nothing: containers and objects come through the API */
  "object-storage"?: Record<string, never> | null;
  /** seeds nothing: buckets come through the API */
  s3?: Record<string, never> | null;
  "block-storage"?: BlockStorageSeed | null;
  compute?: ComputeSeed | null;
  "instance-ha"?: InstanceHaSeed | null;
}

/** A seed world as a file, POST /_emulator/seed or withSeed() takes it: the sections, and a scenario to start from. */
export interface WorldDocument extends WorldSections {
  /** a scenario (`default`, `two-tenants`) whose lists this world's are appended to */
  extends?: string;
}

/** Users, roles and projects by name (domain `default` unless given) or id; ids not given derive from names. */
export interface IdentitySeed {
  domains?: Array<{ id?: string; name: string; description?: string; enabled?: boolean }>;
  roles?: Array<{ id?: string; name: string; description?: string | null }>;
  projects?: Array<{ id?: string; name: string; domain?: string; description?: string; enabled?: boolean; tags?: string[] }>;
  users?: Array<{
    id?: string;
    name: string;
    domain?: string;
    password?: string | null;
    default_project?: string;
    enabled?: boolean;
    email?: string | null;
    description?: string | null;
  }>;
  /** `project`, `domain` or `system: all`; users, roles and projects by name or id */
  assignments?: Array<{ user: string; role: string; project?: string; domain?: string; system?: "all" }>;
  /** prior -> implied, by role name or id; absent: Keystone's bootstrap rules (admin -> member -> reader) */
  implied_roles?: Array<{ prior: string; implied: string }>;
}

export interface NetworkingSeed {
  networks?: Array<{
    id?: string;
    name: string;
    /** a project name (domain `default`) or id */
    project: string;
    description?: string;
    shared?: boolean;
    external?: boolean;
    is_default?: boolean;
    admin_state_up?: boolean;
    mtu?: number;
    subnets?: Array<{
      id?: string;
      name: string;
      cidr: string;
      ip_version?: 4 | 6;
      gateway_ip?: string | null;
      allocation_pools?: Array<{ start: string; end: string }>;
      enable_dhcp?: boolean;
      dns_nameservers?: string[];
      host_routes?: Array<{ destination: string; nexthop: string }>;
      description?: string;
    }>;
  }>;
  routers?: Array<{
    id?: string;
    name: string;
    project: string;
    description?: string;
    admin_state_up?: boolean;
    /** the external network's name (among the seed's networks) or id */
    external_gateway?: string;
    enable_snat?: boolean;
    /** subnets (names among the seed's subnets, or ids) to attach */
    interfaces?: string[];
  }>;
}

/** A Glance image of the seed's catalog. */
export interface SeedImage {
  id?: string;
  name: string;
  /** the owning project (name in domain `default`, or id) */
  project?: string;
  visibility?: "public" | "private" | "shared" | "community";
  status?: "queued" | "saving" | "active" | "killed" | "deleted";
  disk_format?: string;
  container_format?: string;
  min_disk?: number;
  min_ram?: number;
  size?: number;
  properties?: Record<string, string>;
  tags?: string[];
  protected?: boolean;
}

/** A metadata definition property: the two attributes Glance requires; the rest kept as given. */
export interface MetadefProperty {
  title: string;
  type: "array" | "boolean" | "integer" | "number" | "object" | "string";
  [attribute: string]: unknown;
}

export interface ImageSeed {
  images?: SeedImage[];
  /** a project's limits; -1 is unlimited, sizes in MiB */
  limits?: Array<{ project: string; image_count_total?: number; image_size_total?: number }>;
  metadefs?: Array<{
    namespace: string;
    display_name?: string;
    description?: string;
    visibility?: "public" | "private";
    protected?: boolean;
    project?: string;
    resource_types?: Array<{ name: string; prefix?: string; properties_target?: string }>;
    properties?: Record<string, MetadefProperty>;
    objects?: Array<{ name: string; description?: string; required?: string[]; properties?: Record<string, MetadefProperty> }>;
  }>;
}

export interface BlockStorageSeed {
  volume_types?: Array<{
    id?: string;
    name: string;
    description?: string | null;
    is_public?: boolean;
    extra_specs?: Record<string, string>;
    /** projects a private type is shared with, by name or id */
    projects?: string[];
  }>;
  /** the type volumes get when they name none (default `__DEFAULT__`, created when absent) */
  default_type?: string;
  /** a project's limits by Cinder's quota names (each an integer, -1 unlimited) */
  quotas?: Array<{ project: string; [limit: string]: unknown }>;
}

export interface ComputeSeed {
  flavors?: Array<{
    id?: string;
    name: string;
    vcpus: number;
    ram: number;
    disk: number;
    ephemeral?: number;
    swap?: number;
    rxtx_factor?: number;
    is_public?: boolean;
    description?: string | null;
    extra_specs?: Record<string, string>;
  }>;
  /** older worlds list images here; the image service loads them as its own */
  images?: SeedImage[];
  /** compute hosts; their zones are the availability zones */
  hosts?: Array<{
    name: string;
    zone?: string;
    host_ip: string;
    vcpus: number;
    memory_mb: number;
    local_gb: number;
    state?: "up" | "down";
    status?: "enabled" | "disabled";
    disabled_reason?: string | null;
    forced_down?: boolean;
  }>;
  quotas?: Array<{ project: string } & Partial<Record<ComputeQuotaKey, number>>>;
  /** servers already built when the world starts */
  servers?: Array<{
    name: string;
    /** project name (domain default) or id */
    project: string;
    /** flavor name or id */
    flavor: string;
    /** image name or id */
    image: string;
    /** network names (or ids) the project can use: one port each */
    networks?: string[];
    /** the compute host; the scheduler picks one when absent */
    host?: string;
    status?: "ACTIVE" | "SHUTOFF";
    metadata?: Record<string, string>;
    user_id?: string;
    /** this many servers, named <name>-1 ... <name>-N (one when absent, named <name>) */
    count?: number;
  }>;
}

export interface InstanceHaSeed {
  /** failover segments and their hosts (names of the compute seed's hosts) */
  segments?: Array<{
    name: string;
    description?: string | null;
    recovery_method?: "auto" | "reserved_host" | "auto_priority" | "rh_priority";
    service_type?: string;
    enabled?: boolean;
    hosts?: Array<{ name: string; type?: string; control_attributes?: string; reserved?: boolean; on_maintenance?: boolean }>;
  }>;
}

export interface Snapshot {
  format: string;
  clock: { epochMs: number };
  state: Record<string, unknown>;
  transitions: PendingStep[];
  /** where the emulator's id generator stands (four 32-bit words): an import continues from there */
  ids?: number[];
  /** GET /_emulator/state?blobs=include: each stored blob's bytes (images, objects), base64, by blob id */
  blobs?: Record<string, string>;
  /** with blobs: the owner (project id) of each blob that has one */
  blobOwners?: Record<string, string>;
}

export interface ServiceHealth {
  ready: boolean;
  detail?: string;
}

export interface HealthReport {
  status: "ok" | "starting";
  services: Record<string, ServiceHealth>;
  /** with --amqp-url: the AMQP bridge (not a condition of readiness: the APIs serve while the broker is away) */
  amqp?: AmqpHealth;
}

/** The AMQP bridge's connection and counters since start. */
export interface AmqpHealth {
  /** the broker's URL, its password hidden */
  url: string;
  connected: boolean;
  /** notifications waiting for the broker */
  buffered: number;
  /** confirmed by the broker */
  published: number;
  /** taken off the bus and acted on */
  consumed: number;
  /** not notifications the emulator can act on: dead-lettered */
  rejected: number;
  /** refused by a full buffer */
  dropped: number;
  /** notifications of a type no service acts on (acknowledged) */
  ignored: number;
}

export interface ControlOperation {
  method: string;
  path: string;
  summary: string;
}

/** GET /_emulator */
export interface ControlIndex {
  name: string;
  version: string;
  operations: ControlOperation[];
  openapi: string;
}

// ---- compute hosts ----

export interface ComputeHost {
  name: string;
  zone: string;
  hostIp: string;
  state: "up" | "down";
  status: "enabled" | "disabled";
  disabledReason: string | null;
  forcedDown: boolean;
  updatedAt: string;
  vcpus: number;
  vcpusUsed: number;
  memoryMb: number;
  memoryMbUsed: number;
  localGb: number;
  localGbUsed: number;
  runningVms: number;
  serverIds: string[];
}

export interface HostChange {
  changed: boolean;
  /** fail only: the servers on the host */
  serverIds?: string[];
  host: ComputeHost;
}

/** A server as POST /_emulator/compute/servers/{id}/fail answers it. */
export interface ControlServer {
  id: string;
  name: string;
  projectId: string;
  /** the API status (ERROR after a fail) */
  status: string;
  vmState: string;
  taskState: string | null;
  host: string | null;
  /** the nova-compute service of its host: compute.instance.error is published only when `up` */
  hostState: "up" | "down" | null;
  fault: { code: number; message: string; created: string } | null;
}

export interface ServerFailInput {
  /** the fault's message (at most 255 characters) */
  message?: string;
}

export interface ServerChange {
  /** false when the server was already in ERROR with nothing under way */
  changed: boolean;
  server: ControlServer;
}

// ---- logins and tenants ----

/** How a client logs in: what OS_* variables and clouds.yaml carry. */
export interface CloudCredentials {
  username: string;
  password: string;
  projectName: string;
  userDomainName: string;
  projectDomainName: string;
  regionName: string;
}

export type ComputeQuotaKey =
  | "instances" | "cores" | "ram" | "key_pairs" | "metadata_items" | "server_groups" | "server_group_members"
  | "injected_files" | "injected_file_content_bytes" | "injected_file_path_bytes";

export type NetworkingQuotaKey =
  | "network" | "subnet" | "port" | "router" | "floatingip" | "security_group" | "security_group_rule" | "rbac_policy" | "subnetpool";

export type BlockStorageQuotaKey =
  | "volumes" | "snapshots" | "gigabytes" | "backups" | "backup_gigabytes" | "groups" | "per_volume_gigabytes";

/** POST /_emulator/tenants */
export interface TenantInput {
  /** the project's name; generated (`tenant-<hex>`) when absent */
  name?: string;
  /** the member user's name; the project's name when absent */
  username?: string;
  /** generated when absent */
  password?: string;
  /** the role the user gets on the project (`member` when absent) */
  role?: string;
  /** a private network, subnet and router (true when absent) */
  network?: boolean;
  /** the subnet's IPv4 CIDR; a free 10.x.y.0/24 when absent */
  cidr?: string;
  /** the router's gateway network (name or id); the default external network when absent */
  externalNetwork?: string;
  /** limits of the project's own (-1 is unlimited) */
  quotas?: {
    compute?: Partial<Record<ComputeQuotaKey, number>>;
    networking?: Partial<Record<NetworkingQuotaKey, number>>;
    "block-storage"?: Partial<Record<BlockStorageQuotaKey, number>>;
  };
}

/** A tenant's private network, its subnet and the router that connects it to the external network. */
export interface TenantNetwork {
  id: string;
  name: string;
  subnetId: string;
  cidr: string;
  routerId: string;
  /** null when the world has no external network */
  externalNetworkId: string | null;
}

export interface Tenant {
  project: { id: string; name: string; domainId: string };
  user: { id: string; name: string; password: string; role: string };
  network: TenantNetwork | null;
  securityGroupId: string;
  credentials: CloudCredentials;
  osEnvironment: Record<string, string>;
  cloudsYaml: string;
}
