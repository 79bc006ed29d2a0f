// Trunks (neutron/services/trunk/plugin.py and rules.py): a parent port carries subports tagged with VLAN
// ids; a port belongs to one trunk at most, a (type, id) once per trunk; a disabled trunk takes no
// subport changes; a bound parent keeps its trunk (TrunkInUse) and trunk ports refuse deletion.

import type { Caller } from "../../../kernel/operation.js";
import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { get, put, regroup, remove } from "../../../kernel/store/table.js";
import type { NetworkingState, Port } from "../state.js";
import type { SubPort, Trunk } from "../extension-state.js";
import {
  duplicateSubPort, portInUseAsSubPort, portInUseAsTrunkParent, subPortNotFound, trunkDisabled, trunkInUse, trunkNotFound, trunkPortInUse,
} from "../extension-errors.js";
import { owns, targetProject, touch, type NetworkingContext } from "./common.js";
import { visiblePort } from "./visibility.js";

export const TRUNK_SUBPORT_OWNER = "trunk:subport";

export interface TrunkInput {
  portId: string;
  name?: string;
  description?: string;
  adminStateUp?: boolean;
  projectId?: string;
  tags?: string[];
  subPorts?: SubPort[];
}

export function visibleTrunk(s: NetworkingState, caller: Caller, id: string): Trunk {
  const trunk = get(s.ext.trunks, id);
  if (!trunk || !owns(caller, trunk)) throw trunkNotFound(id);
  return trunk;
}

/** ACTIVE once the parent port is bound to a host, DOWN before (the agent wires a bound parent). */
export function trunkStatus(s: NetworkingState, trunk: Trunk): string {
  const parent = get(s.ports, trunk.portId);
  return parent && parent.bindingHostId !== "" ? "ACTIVE" : "DOWN";
}

function claimPort(s: NetworkingState, caller: Caller, portId: string, trunkId: string): Port {
  const port = visiblePort(s, caller, portId);
  if (dictGet(s.ext.trunkOfPort, port.id) !== undefined) throw trunkPortInUse(port.id);
  dictSet(s.ext.trunkOfPort, port.id, trunkId);
  return port;
}

export function createTrunk(s: NetworkingState, ctx: NetworkingContext, input: TrunkInput): Trunk {
  const projectId = targetProject(ctx.caller, input.projectId);
  const id = ctx.ids.uuid();
  claimPort(s, ctx.caller, input.portId, id);
  const trunk: Trunk = {
    id,
    name: input.name ?? "",
    description: input.description ?? "",
    projectId,
    portId: input.portId,
    adminStateUp: input.adminStateUp ?? true,
    subPorts: [],
    createdAt: ctx.now,
    updatedAt: ctx.now,
    revision: 0,
    tags: input.tags ?? [],
  };
  put(s.ext.trunks, trunk);
  const stored = get(s.ext.trunks, id)!;
  addSubPorts(s, ctx, stored, input.subPorts ?? [], false);
  return stored;
}

export function updateTrunk(s: NetworkingState, ctx: NetworkingContext, trunk: Trunk, patch: { name?: string; description?: string; adminStateUp?: boolean }): Trunk {
  if (patch.name !== undefined) trunk.name = patch.name;
  if (patch.description !== undefined) trunk.description = patch.description;
  if (patch.adminStateUp !== undefined) trunk.adminStateUp = patch.adminStateUp;
  touch(trunk, ctx.now);
  return trunk;
}

export function deleteTrunk(s: NetworkingState, trunk: Trunk): void {
  if (trunkStatus(s, trunk) === "ACTIVE") throw trunkInUse(trunk.id);
  for (const sub of trunk.subPorts) releaseSubPort(s, sub.portId);
  dictDelete(s.ext.trunkOfPort, trunk.portId);
  remove(s.ext.trunks, trunk.id);
}

export function addSubPorts(s: NetworkingState, ctx: NetworkingContext, trunk: Trunk, subPorts: SubPort[], bump = true): Trunk {
  if (!trunk.adminStateUp) throw trunkDisabled(trunk.id);
  for (const sub of subPorts) {
    const clash = trunk.subPorts.find((o) => o.segmentationType === sub.segmentationType && o.segmentationId === sub.segmentationId);
    if (clash) throw duplicateSubPort(sub.segmentationType, sub.segmentationId, trunk.id);
    const port = claimPort(s, ctx.caller, sub.portId, trunk.id);
    trunk.subPorts.push({ portId: port.id, segmentationType: sub.segmentationType, segmentationId: sub.segmentationId });
    // Neutron marks a subport as the trunk's: its owner and device
    port.deviceOwner = TRUNK_SUBPORT_OWNER;
    regroup(s.ports, port, "deviceId", trunk.id);
  }
  if (bump) touch(trunk, ctx.now);
  return trunk;
}

export function removeSubPorts(s: NetworkingState, ctx: NetworkingContext, trunk: Trunk, portIds: string[]): Trunk {
  if (!trunk.adminStateUp) throw trunkDisabled(trunk.id);
  for (const portId of portIds) {
    if (!trunk.subPorts.some((sub) => sub.portId === portId)) throw subPortNotFound(trunk.id, portId);
    trunk.subPorts = trunk.subPorts.filter((sub) => sub.portId !== portId);
    releaseSubPort(s, portId);
  }
  touch(trunk, ctx.now);
  return trunk;
}

function releaseSubPort(s: NetworkingState, portId: string): void {
  dictDelete(s.ext.trunkOfPort, portId);
  const port = get(s.ports, portId);
  if (port && port.deviceOwner === TRUNK_SUBPORT_OWNER) {
    port.deviceOwner = "";
    regroup(s.ports, port, "deviceId", "");
  }
}

/** Port deletion hook (rules.py enforce_port_deletion_rules): a trunk's parent or subport is in use. */
export function checkPortNotInTrunk(s: NetworkingState, portId: string): void {
  const trunkId = dictGet(s.ext.trunkOfPort, portId);
  if (trunkId === undefined) return;
  const trunk = get(s.ext.trunks, trunkId);
  if (!trunk) return;
  if (trunk.portId === portId) throw portInUseAsTrunkParent(portId, trunkId);
  throw portInUseAsSubPort(portId, trunkId);
}

/** The parent port's `trunk_details` (trunk-details extension), or undefined for a port that is no parent. */
export function trunkDetailsView(s: NetworkingState, portId: string): { trunk_id: string; sub_ports: unknown[] } | undefined {
  const trunkId = dictGet(s.ext.trunkOfPort, portId);
  const trunk = trunkId === undefined ? undefined : get(s.ext.trunks, trunkId);
  if (!trunk || trunk.portId !== portId) return undefined;
  return {
    trunk_id: trunk.id,
    sub_ports: trunk.subPorts.map((sub) => ({
      segmentation_id: sub.segmentationId,
      segmentation_type: sub.segmentationType,
      port_id: sub.portId,
      mac_address: get(s.ports, sub.portId)?.macAddress ?? null,
    })),
  };
}
