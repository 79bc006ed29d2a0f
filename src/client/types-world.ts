// The control API's wire types for the world (reset, seed, snapshots, health, the index), compute hosts,
// logins and tenants, as plain interfaces; types.ts re-exports them.

import type { PendingStep } from "./pending-step.js";

// ---- world ----

export interface ResetInput {
  project?: string;
}

export type SeedMode = "replace" | "merge";

/** A seed world: one section per service (`identity:`, `networking:`, `compute:`), optionally `extends`. */
export type WorldDocument = Record<string, unknown>;

export interface Snapshot {
  format: string;
  clock: { epochMs: number };
  state: Record<string, unknown>;
  transitions: PendingStep[];
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
