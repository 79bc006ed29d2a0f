// What compute's notifications say about a server (nova/notifications/base.py info_from_instance and
// nova/notifications/objects/instance.py read the same instance): gathered once, from the server in state,
// or, for a deleted server, from its compute.server.deleted event and the records kept after it.

import type { Kernel } from "../../kernel/kernel.js";
import { get } from "../../kernel/store/table.js";
import { computeHooks } from "../networking/index.js";
import type { EventMap } from "../../kernel/events.js";
import { SLICE, type ComputeState, type FlavorSnapshot, type Server, type ServerFault } from "./state.js";
import { hostnameOf, serverHostname } from "./hostname.js";
import { actionsOf } from "./operations/server-instance-actions.js";
import { rareOf } from "./server-rare.js";

/** One address of the server, with the port it is on. */
export interface InstanceAddress {
  address: string;
  version: number;
  type: "fixed" | "floating";
  label: string;
  mac: string;
  portId: string;
}

/** Everything a notification reads of a server; times in epoch ms. */
export interface InstanceFacts {
  id: string;
  projectId: string;
  userId: string;
  name: string;
  description: string | null;
  hostname: string;
  reservationId: string | null;
  instanceName: string | null;
  flavorId: string;
  flavor: FlavorSnapshot | null;
  host: string | null;
  zone: string;
  imageId: string | null;
  keyName: string | null;
  vmState: string;
  taskState: string | null;
  powerState: number;
  createdAt: number;
  updatedAt: number | null;
  launchedAt: number | null;
  terminatedAt: number | null;
  accessIPv4: string;
  accessIPv6: string;
  metadata: Record<string, string>;
  tags: string[];
  locked: boolean;
  lockedReason: string | null;
  diskConfig: string;
  fault: ServerFault | null;
  addresses: InstanceAddress[];
  keyPair: { name: string; userId: string; fingerprint: string; publicKey: string; type: string } | null;
  /** the latest instance action: its request id and who asked */
  requestId: string | null;
  initiatorUser: string | null;
  initiatorProject: string | null;
}

function compute(kernel: Kernel): ComputeState {
  return kernel.slice<ComputeState>(SLICE);
}

/** The latest instance action recorded on the server (kept after it is deleted). */
export function latestAction(kernel: Kernel, serverId: string) {
  return actionsOf(compute(kernel), serverId)?.at(-1) ?? null;
}

function addressesOf(kernel: Kernel, portIds: readonly string[]): InstanceAddress[] {
  const root = kernel.store.state as Readonly<Record<string, unknown>>;
  return portIds.flatMap((portId) =>
    computeHooks.addressesOf(root, [portId]).map((a) => ({ address: a.addr, version: a.version, type: a.type, label: a.networkName, mac: a.mac, portId })),
  );
}

function actionFacts(kernel: Kernel, serverId: string) {
  const action = latestAction(kernel, serverId);
  return { requestId: action?.requestId ?? null, initiatorUser: action?.userId ?? null, initiatorProject: action?.projectId ?? null };
}

/** The facts of a server that is still in state, or undefined when it is gone. */
export function liveInstance(kernel: Kernel, id: string): InstanceFacts | undefined {
  const s = compute(kernel);
  const server: Server | undefined = get(s.servers, id);
  if (!server) return undefined;
  const rare = rareOf(server);
  const key = server.keyName === null ? undefined : get(s.keypairs, `${server.userId}/${server.keyName}`);
  return {
    id: server.id,
    projectId: server.projectId,
    userId: server.userId,
    name: server.name,
    description: rare.description,
    hostname: serverHostname(server),
    reservationId: server.reservationId,
    instanceName: `instance-${server.instanceNumber.toString(16).padStart(8, "0")}`,
    flavorId: server.flavorId,
    flavor: server.flavor,
    host: server.host,
    zone: server.availabilityZone,
    imageId: server.imageId,
    keyName: server.keyName,
    vmState: server.vmState,
    taskState: server.taskState,
    powerState: server.powerState,
    createdAt: server.createdAt,
    updatedAt: server.updatedAt,
    launchedAt: server.launchedAt,
    terminatedAt: rare.terminatedAt,
    accessIPv4: rare.accessIPv4,
    accessIPv6: rare.accessIPv6,
    metadata: { ...server.metadata },
    tags: [...server.tags],
    locked: rare.locked,
    lockedReason: rare.lockedReason,
    diskConfig: rare.diskConfig,
    fault: rare.fault,
    addresses: addressesOf(kernel, server.portIds),
    keyPair: key ? { name: key.name, userId: key.userId, fingerprint: key.fingerprint, publicKey: key.publicKey, type: key.type } : null,
    ...actionFacts(kernel, server.id),
  };
}

/**
 * The facts of a deleted server: its event's, the flavor from the flavor table (or the usage record kept
 * for os-simple-tenant-usage when the flavor is gone too). Metadata, addresses and the key are gone with it.
 */
export function deletedInstance(kernel: Kernel, event: EventMap["compute.server.deleted"], at: string): InstanceFacts {
  const s = compute(kernel);
  const flavor = get(s.flavors, event.flavorId);
  const usage = get(s.serverUsage, event.id);
  const snapshot: FlavorSnapshot | null = flavor
    ? { vcpus: flavor.vcpus, ram: flavor.ram, disk: flavor.disk, ephemeral: flavor.ephemeral, swap: flavor.swap, original_name: flavor.name, extra_specs: { ...flavor.extraSpecs } }
    : usage
      ? { vcpus: usage.vcpus, ram: usage.memoryMb, disk: usage.localGb, ephemeral: 0, swap: 0, original_name: usage.flavorName, extra_specs: {} }
      : null;
  const deletedAt = Date.parse(at);
  return {
    id: event.id,
    projectId: event.projectId,
    userId: event.userId,
    name: event.name,
    description: null,
    hostname: hostnameOf(event.name),
    reservationId: null,
    instanceName: null,
    flavorId: event.flavorId,
    flavor: snapshot,
    host: event.host,
    zone: event.zone,
    imageId: event.imageId,
    keyName: null,
    vmState: "deleted",
    taskState: null,
    powerState: 0,
    createdAt: Date.parse(event.createdAt),
    updatedAt: deletedAt,
    launchedAt: event.launchedAt === null ? null : Date.parse(event.launchedAt),
    terminatedAt: deletedAt,
    accessIPv4: "",
    accessIPv6: "",
    metadata: {},
    tags: [],
    locked: false,
    lockedReason: null,
    diskConfig: "MANUAL",
    fault: null,
    addresses: [],
    keyPair: null,
    ...actionFacts(kernel, event.id),
  };
}
