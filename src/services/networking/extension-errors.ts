// Neutron's errors for the extension resources (neutron-lib exceptions and the extension modules of
// neutron: agent, dhcpagentscheduler, l3agentscheduler, rbac, segment, trunk, port forwarding, metering,
// auto-allocated topology, dvr/l3-ha), named after the exception classes clients match on.

import { ApiError } from "../../kernel/errors.js";

const error = (status: number, type: string, message: string) => new ApiError(status, type, message);

/** webob's 404 the policy layer answers when a caller may not even see the resource */
export const resourceNotFound = () => error(404, "HTTPNotFound", "The resource could not be found.");

export const agentNotFound = (id: string) => error(404, "AgentNotFound", `Agent ${id} could not be found.`);
export const invalidDhcpAgent = (id: string) => error(404, "InvalidDHCPAgent", `Agent ${id} is not a valid DHCP Agent or has been disabled`);
export const invalidL3Agent = (id: string) => error(404, "InvalidL3Agent", `Agent ${id} is not a L3 Agent or has been disabled`);
export const networkHostedByDhcpAgent = (networkId: string, agentId: string) =>
  error(409, "NetworkHostedByDHCPAgent", `The network ${networkId} has been already hosted by the DHCP Agent ${agentId}.`);
export const networkNotHostedByDhcpAgent = (networkId: string, agentId: string) =>
  error(409, "NetworkNotHostedByDhcpAgent", `The network ${networkId} is not hosted by the DHCP agent ${agentId}.`);
export const routerHostedByL3Agent = (routerId: string, agentId: string) =>
  error(409, "RouterHostedByL3Agent", `The router ${routerId} has been already hosted by the L3 Agent ${agentId}.`);
export const routerNotHostedByL3Agent = (routerId: string, agentId: string) =>
  error(409, "RouterNotHostedByL3Agent", `The router ${routerId} is not hosted by L3 agent ${agentId}.`);

export const rbacPolicyNotFound = (id: string, objectType = "") =>
  error(404, "RbacPolicyNotFound", `RBAC policy of type ${objectType} with ID ${id} not found`);
export const rbacPolicyInUse = (objectId: string, details: string) =>
  error(409, "RbacPolicyInUse", `RBAC policy on object ${objectId} cannot be removed because other objects depend on it.\nDetails: ${details}`);
export const duplicateRbacPolicy = () => error(409, "DuplicateRbacPolicy", "An RBAC policy already exists with those values.");
export const invalidActionForType = (action: string, objectType: string, valid: string[]) =>
  error(400, "InvalidActionForType", `Invalid action '${action}' for object type '${objectType}'. Valid actions: [${valid.map((a) => `'${a}'`).join(", ")}]`);

export const segmentNotFound = (id: string) => error(404, "SegmentNotFound", `Segment ${id} could not be found.`);
export const segmentInUse = (id: string, reason: string) => error(409, "SegmentInUse", `Segment '${id}' cannot be deleted: ${reason}.`);

export const trunkNotFound = (id: string) => error(404, "TrunkNotFound", `Trunk ${id} could not be found.`);
export const trunkPortInUse = (portId: string) => error(409, "TrunkPortInUse", `Port ${portId} is in use by another trunk.`);
export const parentPortInUse = (portId: string) =>
  error(409, "ParentPortInUse", `Port ${portId} is currently in use and is not eligible for use as a parent port.`);
export const portInUseAsTrunkParent = (portId: string, trunkId: string) =>
  error(409, "PortInUseAsTrunkParent", `Port ${portId} is currently a parent port for trunk ${trunkId}.`);
export const portInUseAsSubPort = (portId: string, trunkId: string) =>
  error(409, "PortInUseAsSubPort", `Port ${portId} is currently a subport for trunk ${trunkId}.`);
export const duplicateSubPort = (segmentationType: string, segmentationId: number, trunkId: string) =>
  error(409, "DuplicateSubPort", `segmentation_type ${segmentationType} and segmentation_id ${segmentationId} already in use on trunk ${trunkId}.`);
export const subPortNotFound = (trunkId: string, portId: string) =>
  error(404, "SubPortNotFound", `SubPort on trunk ${trunkId} with parent port ${portId} could not be found.`);
export const trunkInUse = (trunkId: string) => error(409, "TrunkInUse", `Trunk ${trunkId} is currently in use.`);
export const trunkDisabled = (trunkId: string) => error(409, "TrunkDisabled", `Trunk ${trunkId} is currently disabled.`);

export const portForwardingNotFound = (id: string) => error(404, "PortForwardingNotFound", `Port Forwarding ${id} could not be found.`);
export const portHasBindingFloatingIp = (fipAddress: string, fipId: string, portId: string, fixedIp: string) =>
  error(409, "PortHasBindingFloatingIP", `Cannot create port forwarding to floating IP ${fipAddress} (${fipId}) with port ${portId} using fixed IP ${fixedIp}, as that port already has a binding floating IP.`);
export const fipInUseByPortForwarding = (id: string) => error(409, "FipInUseByPortForwarding", `Floating IP ${id} in use by Port Forwarding resources.`);
export const portHasPortForwarding = (portId: string) =>
  error(400, "PortHasPortForwarding", `Cannot associate floating IP to port ${portId} because it already has a Port Forwarding binding.`);

export const meteringLabelNotFound = (id: string) => error(404, "MeteringLabelNotFound", `Metering label ${id} does not exist`);
export const meteringLabelRuleNotFound = (id: string) => error(404, "MeteringLabelRuleNotFound", `Metering label rule ${id} does not exist`);
export const meteringLabelRuleOverlaps = (prefix: string) =>
  error(409, "MeteringLabelRuleOverlaps", `Metering label rule with remote_ip_prefix ${prefix} overlaps another`);

/** neutron/services/auto_allocate/exceptions.py: a Conflict */
export const autoAllocationFailure = (reason: string) => error(409, "AutoAllocationFailure", `Deployment error: ${reason}.`);

/** neutron-lib l3 FloatingIPPortAlreadyAssociated, as port forwarding raises it for an associated floating IP */
export const floatingIpAssociated = (fipAddress: string, fipId: string, portId: string, fixedIp: string, networkId: string) =>
  error(409, "FloatingIPPortAlreadyAssociated", `Cannot associate floating IP ${fipAddress} (${fipId}) with port ${portId} using fixed IP ${fixedIp}, as that fixed IP already has a floating IP on external network ${networkId}.`);
