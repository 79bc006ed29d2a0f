// More of the contract networking offers compute (nova/network/neutron.py
// add_to_instance, remove_from_instance, show_port): a server port's security groups, changed in the
// operation's update with the groups' port counts kept, and the name of a group.

import type { OperationContext } from "../../kernel/operation.js";
import { get } from "../../kernel/store/table.js";
import type { NetworkingState, Port } from "./state.js";
import { portRare } from "./port-rare.js";
import { SLICE } from "./state.js";
import { touch } from "./operations/common.js";
import { emitPortUpdated } from "./operations/ports.js";
import { countGroupPorts } from "./operations/security-groups.js";

type Root = Readonly<Record<string, unknown>>;

function net(root: Root): NetworkingState {
  return root[SLICE] as NetworkingState;
}

/** A port by id, whoever may see it (compute acts as an admin on its servers' ports). */
export function portById(root: Root, id: string): Port | undefined {
  return get(net(root).ports, id);
}

/** A security group's name, by id. */
export function securityGroupName(root: Root, id: string): string | undefined {
  return get(net(root).securityGroups, id)?.name;
}

/** Replaces a port's security groups (ids resolved by resolveSecurityGroups): false when the port lacks port security. */
export function setPortSecurityGroups(ctx: OperationContext, portId: string, groupIds: readonly string[]): boolean {
  const s = net(ctx.root);
  const port = get(s.ports, portId);
  if (!port) return false;
  if (groupIds.length > 0 && !(portRare(port).portSecurityEnabled && port.fixedIps.length > 0)) return false;
  countGroupPorts(s, port.securityGroups, -1);
  countGroupPorts(s, groupIds, 1);
  port.securityGroups = [...groupIds];
  touch(port, ctx.now);
  emitPortUpdated(ctx.tx, port);
  return true;
}

/** A shelved server offloaded from its host: the port keeps its device but loses its binding, DOWN until bound again. */
export function clearPortBinding(ctx: OperationContext, portId: string): Port | undefined {
  const port = get(net(ctx.root).ports, portId);
  if (!port) return undefined;
  port.bindingHostId = "";
  port.status = "DOWN";
  touch(port, ctx.now);
  emitPortUpdated(ctx.tx, port);
  return port;
}
