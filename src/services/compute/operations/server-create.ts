// POST /servers (nova/compute/api.py create, _validate_and_build_base_options, _provision_instances): every
// reference checked (400 when unknown), quota (413), then per server a host chosen and claimed, ports made,
// group membership recorded, volumes attached or made (server-block-devices.ts) and the BUILD phase entered.
// One update: a refusal leaves nothing behind.

import { get, put } from "../../../kernel/store/table.js";
import { exactList, intern, sharedList, sharedMap } from "../../../kernel/store/shared.js";
import { latest } from "../../../kernel/store/draft-read.js";
import { isDraft, original } from "immer";
import type { OperationContext } from "../../../kernel/operation.js";
import { computeHooks } from "../../networking/index.js";
import { findImage } from "../../image/for-compute.js";
import { type ComputeHost, type ComputeState, type Flavor, type FlavorSnapshot, type Server, type ServerGroup } from "../state.js";
import { badRequest, conflictingRequest, forbidden } from "../errors.js";
import { enterPhase } from "../lifecycle.js";
import { findFlavor, mayUseFlavor } from "./flavors.js";
import { findKeypair } from "./keypairs.js";
import { claimHost, scheduleHost } from "./hosts.js";
import { addInstanceUsage, checkInstanceQuota, computeQuotas } from "./quotas.js";
import { allocatePorts, planNetworks, type NetworkRequest } from "./server-networks.js";
import { addGroupMember } from "./server-groups.js";
import { zoneExists } from "./zones.js";
import { attachBlockDevices, planBlockDevices, type BlockDevice } from "./server-block-devices.js";
import { rareRecord } from "../server-rare.js";

export type { BlockDevice } from "./server-block-devices.js";

export interface ServerCreateInput {
  name: string;
  /** 2.90: the hostname asked for (one server only) */
  hostname?: string;
  flavorRef: string;
  imageRef?: string;
  /** undefined: Nova before 2.37 with no `networks` (the project's usable networks) */
  networks: "auto" | "none" | NetworkRequest[] | undefined;
  keyName?: string | null;
  /** names (or ids); the project's `default` group when absent */
  securityGroups?: string[];
  /** base64, already checked */
  userData?: string | null;
  availabilityZone?: string | null;
  metadata?: Record<string, string>;
  description?: string | null;
  tags?: string[];
  /** scheduler hint `group` */
  groupId?: string;
  /** scheduler hints `same_host` / `different_host`: server ids */
  sameHost?: string[];
  differentHost?: string[];
  blockDevices?: BlockDevice[];
  minCount?: number;
  maxCount?: number;
  accessIPv4?: string;
  accessIPv6?: string;
  configDrive?: boolean;
  diskConfig?: "AUTO" | "MANUAL";
  adminPass?: string;
  /** files to inject (before 2.57), contents base64, already checked */
  personality?: Array<{ path: string; contents: string }>;
}

export interface CreatedServers {
  servers: Server[];
  adminPass: string;
}

const PASSWORD_CHARS = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** What a server keeps of its flavor (shown from 2.47; survives the flavor's deletion). */
const snapshots = new WeakMap<Flavor, FlavorSnapshot>();

/**
 * The flavor's snapshot as servers hold it: one shared, frozen object per version of the flavor row (a
 * row changes by becoming a new object, so the row is the key; one changed in this very recipe is not kept).
 */
export function sharedSnapshotOf(flavor: Flavor): FlavorSnapshot {
  const row = latest(flavor);
  if (isDraft(flavor) && row !== original(flavor)) return intern(snapshotOf(row));
  let snapshot = snapshots.get(row);
  if (snapshot === undefined) {
    snapshot = intern(snapshotOf(row));
    snapshots.set(row, snapshot);
  }
  return snapshot;
}

export function snapshotOf(flavor: Flavor): FlavorSnapshot {
  return {
    vcpus: flavor.vcpus,
    ram: flavor.ram,
    disk: flavor.disk,
    ephemeral: flavor.ephemeral,
    swap: flavor.swap,
    original_name: flavor.name,
    extra_specs: { ...flavor.extraSpecs },
  };
}

/**
 * A new server's lists as it keeps them: an empty one is the shared empty list, the others copies of their
 * exact size (they were built by pushes), and the ports it created itself, when they are all of its ports
 * (the usual case), are the same list as its ports.
 */
export function compactLists(server: Server): void {
  server.portIds = Object.freeze(exactList(server.portIds)) as string[];
  const owned = server.ownedPortIds;
  server.ownedPortIds = owned.length === server.portIds.length && owned.every((id, i) => id === server.portIds[i]) ? server.portIds : exactList(owned);
  server.volumesAttached = exactList(server.volumesAttached);
}

/** The image to boot: imageRef, or none when block device 0 is a volume (checked with the other volume
 * mappings in server-block-devices.ts); an image-to-volume boot shows the image as "" too, as Nova does. */
function bootImage(s: ComputeState, ctx: OperationContext, input: ServerCreateInput, flavor: Flavor): string | null {
  const root = input.blockDevices?.find((b) => b.bootIndex === 0);
  if (root) {
    if (!root.uuid && root.sourceType !== "blank") throw badRequest("Block Device Mapping is Invalid: a boot device needs a uuid.");
    if (root.destinationType === "volume") return null;
    if (root.sourceType === "image" && root.uuid && !findImage(ctx.root, root.uuid, ctx.caller)) throw badRequest(`Image ${root.uuid} could not be found.`);
  }
  const ref = root?.sourceType === "image" && root.uuid ? root.uuid : input.imageRef;
  if (!ref) throw badRequest("Missing imageRef attribute");
  const image = findImage(ctx.root, ref, ctx.caller);
  if (!image) throw badRequest("Can not find requested image");
  if (image.status !== "active") throw badRequest(`Image ${image.id} is not active.`);
  if (flavor.disk > 0 && image.minDisk > flavor.disk) throw badRequest("Flavor's disk is too small for requested image.");
  if (image.minRam > flavor.ram) throw badRequest("Flavor's memory is too small for requested image.");
  return image.id;
}

/** `zone`, or `zone:host` (admins force a host, as Nova's forced_host policy allows). */
function placement(s: ComputeState, ctx: OperationContext, requested: string | null | undefined): { zone: string | null; forcedHost?: ComputeHost } {
  if (!requested) return { zone: null };
  const [zone, hostName] = requested.split(":");
  if (zone !== "" && !zoneExists(s, zone)) throw badRequest("The requested availability zone is not available");
  if (!hostName) return { zone: zone || null };
  if (!ctx.caller.isAdmin) throw forbidden("Policy doesn't allow os_compute_api:servers:create:forced_host to be performed.");
  const host = get(s.hosts, hostName);
  if (!host || (zone !== "" && host.zone !== zone)) throw badRequest(`Compute host ${hostName} could not be found.`);
  return { zone: host.zone, forcedHost: host };
}

/** The scheduler hint's server group: visible to the caller (400 otherwise), with room for `count` more. */
function serverGroupOf(s: ComputeState, ctx: OperationContext, groupId: string | undefined, count: number): ServerGroup | undefined {
  if (groupId === undefined) return undefined;
  const group = get(s.serverGroups, groupId);
  if (!group || (!ctx.caller.isAdmin && group.projectId !== ctx.caller.projectId)) throw badRequest(`Instance group ${groupId} could not be found.`);
  computeQuotas.check(s, group.projectId, "server_group_members", count, group.members.length);
  return group;
}

/** How many servers to make: max_count when the quota allows, else as many as it allows down to min_count. */
/**
 * The most servers one request may create. Nova has no such bound (its quota is the limit), but with
 * unlimited quotas a max_count of 10^12 would have the emulator build records until memory runs out.
 */
export const MAX_SERVERS_PER_REQUEST = 10_000;

/**
 * How many servers to create: max_count if the quota allows it, else the most the quota allows, but at
 * least min_count (Nova's multi-create). The quota check is monotonic in the count, so the largest count
 * that fits is found by bisection: a few checks, whatever the counts asked.
 */
function instanceCount(s: ComputeState, projectId: string, flavor: Flavor, min: number, max: number): number {
  if (min > max) throw badRequest("min_count must be <= max_count");
  const check = (count: number) => checkInstanceQuota(s, projectId, { instances: count, cores: count * flavor.vcpus, ram: count * flavor.ram });
  const fits = (count: number) => {
    try {
      check(count);
      return true;
    } catch {
      return false;
    }
  };
  check(min); // the quota's own refusal (413) when not even min_count fits
  if (min > MAX_SERVERS_PER_REQUEST) throw badRequest(`min_count must be <= ${MAX_SERVERS_PER_REQUEST}: the emulator creates at most ${MAX_SERVERS_PER_REQUEST} servers per request.`);
  let high = Math.min(max, MAX_SERVERS_PER_REQUEST);
  if (fits(high)) return high;
  let low = min; // fits; high does not
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid;
  }
  return low;
}

/**
 * Nova before 2.37 with no `networks`: the project's own networks and the shared ones; none boots without
 * a port, one is taken, several are ambiguous (409 NetworkAmbiguous).
 */
function usableNetworks(ctx: OperationContext, projectId: string): "none" | NetworkRequest[] {
  const networks = computeHooks.autoNetworks(ctx.root, { ...ctx.caller, projectId });
  if (networks.length > 1) throw conflictingRequest("Multiple possible networks found, use a Network ID to be more specific.");
  return networks.length === 0 ? "none" : [{ networkId: networks[0].id }];
}

/** Nova's injected-file limits: how many files, each path's and each decoded content's bytes. */
function checkPersonality(s: ComputeState, projectId: string, files: Array<{ path: string; contents: string }>): void {
  if (files.length === 0) return;
  computeQuotas.check(s, projectId, "injected_files", files.length, 0);
  for (const f of files) {
    computeQuotas.check(s, projectId, "injected_file_path_bytes", Buffer.byteLength(f.path), 0);
    computeQuotas.check(s, projectId, "injected_file_content_bytes", Buffer.from(f.contents, "base64").length, 0);
  }
}

function password(ctx: OperationContext): string {
  let out = "";
  for (let i = 0; i < 12; i++) out += PASSWORD_CHARS[Math.floor(ctx.ids.random() * PASSWORD_CHARS.length)];
  return out;
}

export function createServers(s: ComputeState, ctx: OperationContext, input: ServerCreateInput): CreatedServers {
  const projectId = ctx.caller.projectId;
  const flavor = findFlavor(s, input.flavorRef);
  if (!flavor || (flavor.disabled && !ctx.caller.isAdmin) || !mayUseFlavor(s, ctx.caller, flavor)) throw badRequest(`Flavor ${input.flavorRef} could not be found.`);
  const imageId = bootImage(s, ctx, input, flavor);
  if (input.keyName && !findKeypair(s, ctx.caller.userId, input.keyName)) throw badRequest("Invalid key_name provided.");
  const { zone, forcedHost } = placement(s, ctx, input.availabilityZone);
  const metadata = input.metadata ?? {};
  computeQuotas.check(s, projectId, "metadata_items", Object.keys(metadata).length, 0);
  checkPersonality(s, projectId, input.personality ?? []);
  const groupNames = input.securityGroups?.length ? [...new Set(input.securityGroups)] : ["default"];
  const groups = computeHooks.resolveSecurityGroups(ctx.root, projectId, groupNames);
  if (groups.missing.length > 0) throw badRequest(`Security group ${groups.missing[0]} not found for project ${projectId}.`);
  const maxCount = input.maxCount ?? input.minCount ?? 1;
  if (input.hostname !== undefined && maxCount > 1) throw badRequest("Unable to allocate a single hostname to multiple instances");
  const count = instanceCount(s, projectId, flavor, input.minCount ?? 1, maxCount);
  const blockDevices = planBlockDevices(ctx, input.blockDevices ?? [], { imageRef: input.imageRef, count, zone });
  const group = serverGroupOf(s, ctx, input.groupId, count);
  const plan = planNetworks(ctx, projectId, input.networks ?? usableNetworks(ctx, projectId), count);
  const adminPass = input.adminPass ?? password(ctx);
  const reservationId = `r-${ctx.ids.hexId().slice(0, 8)}`;

  const servers: Server[] = [];
  // what every server of the request holds alike, held once (kernel/store/shared.ts)
  const snapshot = sharedSnapshotOf(flavor);
  const sharedGroups = intern([...groupNames]);
  // the rarely set fields the request gives (server-rare.ts): each server its own copy, none when all are defaults
  const rare = rareRecord({
    description: input.description ?? null,
    userData: input.userData ?? null,
    requestedZone: blockDevices.zone,
    serverGroupId: group?.id ?? null,
    configDrive: input.configDrive ? "True" : "",
    accessIPv4: input.accessIPv4 ?? "",
    accessIPv6: input.accessIPv6 ?? "",
    diskConfig: input.diskConfig ?? "MANUAL",
  });
  for (let i = 0; i < count; i++) {
    const id = ctx.ids.uuid();
    const host = forcedHost ?? scheduleHost(s, { flavor, zone: blockDevices.zone, serverGroup: group, serverId: id, sameHost: input.sameHost, differentHost: input.differentHost });
    if (host) claimHost(s, host, flavor, 1);
    const server: Server = {
      id,
      // joined: one flat string (a template would be a rope holding a copy of the prefix, per server)
      name: count > 1 ? [input.name, i + 1].join("-") : input.name,
      projectId,
      userId: ctx.caller.userId,
      flavorId: flavor.id,
      flavor: snapshot,
      imageId,
      keyName: input.keyName ?? null,
      securityGroups: sharedGroups,
      metadata: sharedMap({ ...metadata }),
      tags: sharedList([...new Set(input.tags ?? [])]),
      availabilityZone: host?.zone ?? "",
      host: host?.id ?? null,
      portIds: [],
      ownedPortIds: [],
      vmState: "building",
      // the scheduler has run: a placed server is spawning; one with no host fails at its build step
      taskState: host ? "spawning" : "scheduling",
      powerState: 0,
      volumesAttached: [],
      instanceNumber: s.nextInstanceNumber++,
      phase: null,
      reservationId,
      launchIndex: i,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      launchedAt: null,
      createRequestId: null,
    };
    // written down only when given (2.90), else made from the name when read (servers.ts keepHostname)
    if (input.hostname !== undefined) server.hostname = input.hostname;
    if (rare) server.rare = { ...rare };
    put(s.servers, server);
    allocatePorts(ctx, server, plan, groups.ids);
    attachBlockDevices(ctx, server, blockDevices);
    compactLists(server);
    if (group) addGroupMember(s, group.id, id);
    addInstanceUsage(s, projectId, { instances: 1, cores: flavor.vcpus, ram: flavor.ram });
    enterPhase(ctx, server, "building");
    ctx.tx.emit("compute.server.created", { id, projectId, name: server.name, flavorId: flavor.id, imageId, host: server.host, zone: server.availabilityZone });
    servers.push(server);
  }
  return { servers, adminPass };
}
