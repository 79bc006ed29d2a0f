// Neutron's errors: {"NeutronError": {"type": "<ExceptionClass>", "message": "...", "detail": ""}},
// with the exception class names real clients and tests match on.

import { ApiError, neutronEnvelope } from "../../kernel/errors.js";
import { IPV6_MIN_MTU } from "./ip.js";

export const envelope = neutronEnvelope;

const error = (status: number, type: string, message: string) => new ApiError(status, type, message);

/** `Network <id> could not be found.` and its siblings. */
export const notFound = (kind: "Network" | "Subnet" | "Port" | "Router" | "FloatingIP" | "QosPolicy", id: string) =>
  error(404, `${kind}NotFound`, `${kind === "FloatingIP" ? "Floating IP" : kind === "QosPolicy" ? "QoS policy" : kind} ${id} could not be found.`);
export const securityGroupNotFound = (id: string) => error(404, "SecurityGroupNotFound", `Security group ${id} does not exist`);
export const securityGroupRuleNotFound = (id: string) => error(404, "SecurityGroupRuleNotFound", `Security group rule ${id} does not exist`);
/** neutron/extensions/tagging.py's TagNotFound: a tag check or removal of a tag the resource lacks */
export const tagNotFound = (tag: string) => error(404, "TagNotFound", `Tag ${tag} could not be found.`);
/** 404 for an unknown quota project and the like */
export const genericNotFound = (message: string) => error(404, "NotFound", message);

export const invalidAttribute = (attribute: string, reason: string) =>
  error(400, "HTTPBadRequest", `Invalid input for ${attribute}. Reason: ${reason}.`);
export const invalidInput = (details: string) => error(400, "InvalidInput", `Invalid input for operation: ${details}.`);
export const ipv6MtuTooSmall = (mtu: number) =>
  invalidInput(`IPv6 protocol requires a minimum MTU of ${IPV6_MIN_MTU}, while the configured value is ${mtu}`);
export const badRequest = (resource: string, message: string) => error(400, "BadRequest", `Bad ${resource} request: ${message}.`);
export const policyNotAuthorized = (action: string) =>
  error(403, "PolicyNotAuthorized", `(rule:${action}) is disallowed by policy.`);

export const ipAddressInUse = (networkId: string, ip: string) =>
  error(409, "IpAddressInUse", `Unable to complete operation for network ${networkId}. The IP address ${ip} is in use.`);
export const ipAddressGenerationFailure = (networkId: string) =>
  error(409, "IpAddressGenerationFailure", `No more IP addresses available on network ${networkId}.`);
export const invalidIpForSubnet = (ip: string) => error(400, "InvalidIpForSubnet", `IP address ${ip} is not a valid IP for the specified subnet.`);
export const allocationOnAutoAddressSubnet = (ip: string, subnetId: string) =>
  error(400, "AllocationOnAutoAddressSubnet", `IPv6 address ${ip} cannot be directly assigned to a port on subnet ${subnetId} as the subnet is configured for automatic addresses`);
export const availabilityZoneNotFound = (name: string) => error(404, "AvailabilityZoneNotFound", `AvailabilityZone ${name} could not be found.`);
export const invalidIpForNetwork = (ip: string) => error(400, "InvalidIpForNetwork", `IP address ${ip} is not a valid IP for any of the subnets on the specified network.`);
export const macAddressInUse = (networkId: string, mac: string) =>
  error(409, "MacAddressInUse", `Unable to complete operation for network ${networkId}. The mac address ${mac} is in use.`);
export const networkInUse = (id: string, portIds: string[]) =>
  error(409, "NetworkInUse", `Unable to complete operation on network ${id}. There are one or more ports still in use on the network${portIds.length ? `, id for these ports is: ${portIds.join(",")}` : ""}.`);
export const subnetInUse = (id: string) =>
  error(409, "SubnetInUse", `Unable to complete operation on subnet ${id}: One or more ports have an IP allocation from this subnet.`);
export const portInUse = (id: string, detail: string) => error(409, "PortInUse", `Unable to complete operation on port ${id}: ${detail}.`);
export const routerInUse = (id: string, detail: string) => error(409, "RouterInUse", `Router ${id} ${detail}.`);
export const securityGroupInUse = (id: string) => error(409, "SecurityGroupInUse", `Security Group ${id} in use.`);
export const securityGroupRuleExists = (ruleId: string) =>
  error(409, "SecurityGroupRuleExists", `Security group rule already exists. Rule id is ${ruleId}.`);
export const cannotRemoveDefault = () => error(409, "SecurityGroupCannotRemoveDefault", "Insufficient rights for removing default security group.");
export const overQuota = (resource: string) => error(409, "OverQuota", `Quota exceeded for resources: ['${resource}'].`);
export const overlappingAllocationPools = (detail: string) => error(409, "OverlappingAllocationPools", `Found overlapping allocation pools: ${detail}.`);
export const outOfBoundsAllocationPool = (pool: string, cidr: string) =>
  error(400, "OutOfBoundsAllocationPool", `The allocation pool ${pool} spans beyond the subnet cidr ${cidr}.`);
export const invalidAllocationPool = (pool: string) => error(400, "InvalidAllocationPool", `The allocation pool ${pool} is not valid.`);
export const gatewayConflict = (gateway: string, pool: string) =>
  error(409, "GatewayConflictWithAllocationPools", `Gateway ip ${gateway} conflicts with allocation pool ${pool}.`);
export const floatingIpPortAlreadyAssociated = (portId: string, fipId: string) =>
  error(409, "FloatingIPPortAlreadyAssociated", `Cannot associate floating IP with port ${portId}: it already has floating IP ${fipId}.`);
export const externalGatewayForFloatingIpNotFound = (externalNetworkId: string, subnetId: string, portId: string) =>
  error(404, "ExternalGatewayForFloatingIPNotFound", `External network ${externalNetworkId} is not reachable from subnet ${subnetId}. Therefore, cannot associate Port ${portId} with a Floating IP.`);
export const routerInterfaceNotFoundForSubnet = (routerId: string, subnetId: string) =>
  error(404, "RouterInterfaceNotFoundForSubnet", `Router ${routerId} has no interface on subnet ${subnetId}`);
export const qosPolicyInUse = (id: string) => error(409, "QosPolicyInUse", `QoS Policy ${id} is used.`);
export const conflict = (message: string) => error(409, "Conflict", message);

// Routers, floating IPs and QoS (neutron_lib/exceptions/{l3.py,qos.py}).
export const routerInterfaceNotFound = (routerId: string, portId: string) =>
  error(404, "RouterInterfaceNotFound", `Router ${routerId} does not have an interface with id ${portId}`);
export const routerInterfaceInUseByFloatingIp = (routerId: string, subnetId: string) =>
  error(409, "RouterInterfaceInUseByFloatingIP", `Router interface for subnet ${subnetId} on router ${routerId} cannot be deleted, as it is required by one or more floating IPs.`);
export const routerInterfaceInUseByRoute = (routerId: string, subnetId: string) =>
  error(409, "RouterInterfaceInUseByRoute", `Router interface for subnet ${subnetId} on router ${routerId} cannot be deleted, as it is required by one or more routes.`);
export const routerExternalGatewayInUseByFloatingIp = (routerId: string, networkId: string) =>
  error(409, "RouterExternalGatewayInUseByFloatingIp", `Gateway cannot be updated for router ${routerId}, since a gateway to external network ${networkId} is required by one or more floating IPs.`);
export const invalidRoutes = (routes: string, reason: string) => error(400, "InvalidRoutes", `Invalid format for routes: ${routes}, ${reason}.`);
export const qosRuleNotFound = (policyId: string, ruleId: string) =>
  error(404, "QosRuleNotFound", `QoS rule ${ruleId} for policy ${policyId} could not be found.`);
export const qosRulesConflict = (type: string, ruleId: string, policyId: string) =>
  error(409, "QoSRulesConflict", `Rule ${type} conflicts with rule ${ruleId} which already exists in QoS Policy ${policyId}.`);
export const qosPolicyDefaultExists = (projectId: string) =>
  error(409, "QoSPolicyDefaultAlreadyExists", `A default QoS policy exists for project ${projectId}.`);

// --- networks, subnets and quotas (N1) ---
export const invalidSharedSetting = (network: string) =>
  error(409, "InvalidSharedSetting", `Unable to reconfigure sharing settings for network ${network}. Multiple tenants are using it.`);
export const externalNetworkInUse = (networkId: string) =>
  error(409, "ExternalNetworkInUse", `External network ${networkId} cannot be updated to be made non-external, since it has existing gateway ports.`);
export const tunnelIdInUse = (id: number) => error(409, "TunnelIdInUse", `Unable to create the network. The tunnel ID ${id} is in use.`);
export const vlanIdInUse = (id: number, physicalNetwork: string) =>
  error(409, "VlanIdInUse", `Unable to create the network. The VLAN ${id} on physical network ${physicalNetwork} is in use.`);
export const flatNetworkInUse = (physicalNetwork: string) =>
  error(409, "FlatNetworkInUse", `Unable to create the flat network. Physical network ${physicalNetwork} is in use.`);
export const gatewayIpInUse = (ip: string, portId: string) =>
  error(409, "GatewayIpInUse", `Current gateway ip ${ip} already in use by port ${portId}. Unable to update.`);
export const dnsNameServersExhausted = (subnet: string, quota: number) =>
  error(400, "DNSNameServersExhausted", `Unable to complete operation for ${subnet}. The number of DNS nameservers exceeds the limit ${quota}.`);
export const hostRoutesExhausted = (subnet: string, quota: number) =>
  error(400, "HostRoutesExhausted", `Unable to complete operation for ${subnet}. The number of host routes exceeds the limit ${quota}.`);
/** webob's HTTPBadRequest raised by a controller (quota check_limit), as Neutron renders it */
export const httpBadRequest = (message: string) => error(400, "HTTPBadRequest", message);

// Ports and security groups (N2): exception class names from neutron-lib's securitygroup and port-security
// extensions, so clients matching on `type` see what Neutron sends.
export const invalidPortValue = (port: unknown) => error(400, "SecurityGroupInvalidPortValue", `Invalid value for port ${String(port)}.`);
export const invalidPortRange = () =>
  error(400, "SecurityGroupInvalidPortRange", "For TCP/UDP protocols, port_range_min must be <= port_range_max.");
export const invalidIcmpValue = (field: "type" | "code", attr: string, value: number, min = 0) =>
  error(400, "SecurityGroupInvalidIcmpValue", `Invalid value for ICMP ${field} (${attr}) ${value}. It must be ${min} to 255.`);
export const missingIcmpType = (code: number) =>
  error(400, "SecurityGroupMissingIcmpType", `ICMP code (port-range-max) ${code} is provided but ICMP type (port-range-min) is missing.`);
export const protocolRequiredWithPorts = () =>
  error(400, "SecurityGroupProtocolRequiredWithPorts", "Must also specify protocol if port range is given.");
export const invalidProtocolForPort = (protocol: string) =>
  error(400, "SecurityGroupInvalidProtocolForPort", `Invalid protocol ${protocol} for port range, only supported for TCP, UDP, UDPLITE, SCTP and DCCP protocols.`);
export const invalidRuleProtocol = (protocol: unknown, names: readonly string[]) =>
  error(400, "SecurityGroupRuleInvalidProtocol", `Security group rule protocol ${String(protocol)} not supported. Only protocol values [None, '${names.join("', '")}'] and integer representations [0 to 255] are supported.`);
/** the platform spec's narrower protocol list (its default profile), in Neutron's exception */
export const specRuleProtocol = (protocol: unknown, names: readonly string[]) =>
  error(400, "SecurityGroupRuleInvalidProtocol", `Security group rule protocol ${String(protocol)} not supported. Only protocol values [None, '${names.join("', '")}'] are supported.`);
export const invalidEthertype = (value: unknown) =>
  error(400, "SecurityGroupRuleInvalidEtherType", `Security group rule for ethertype '${String(value)}' not supported. Allowed values are ['IPv4', 'IPv6'].`);
export const ethertypeConflictWithProtocol = (ethertype: string, protocol: string) =>
  error(400, "SecurityGroupEthertypeConflictWithProtocol", `Invalid ethertype ${ethertype} for protocol ${protocol}.`);
export const ruleParameterConflict = (ethertype: string, cidr: string) =>
  error(400, "SecurityGroupRuleParameterConflict", `Conflicting value ethertype ${ethertype} for CIDR ${cidr}`);
export const remoteGroupAndRemoteIpPrefix = () =>
  error(400, "SecurityGroupRemoteGroupAndRemoteIpPrefix", "Only remote_ip_prefix or remote_group_id may be provided.");
export const invalidCidr = (input: string) => error(400, "InvalidCIDR", `Invalid CIDR ${input} given as IP prefix.`);
export const defaultGroupExists = () => error(409, "SecurityGroupDefaultAlreadyExists", "Default security group already exists.");
export const cannotUpdateDefault = () => error(409, "SecurityGroupCannotUpdateDefault", "Updating default security group not allowed.");
export const portSecurityRequiredForGroups = () =>
  error(400, "PortSecurityAndIPRequiredForSecurityGroups", "Port security must be enabled and port must have an IP address in order to use security groups.");
export const portHasSecurityGroup = () =>
  error(409, "PortSecurityPortHasSecurityGroup", "Port has security group associated. Cannot disable port security or IP address until security group is removed.");
export const addressPairRequiresPortSecurity = () =>
  error(409, "AddressPairAndPortSecurityRequired", "Port Security must be enabled in order to have allowed address pairs on a port.");
export const servicePortInUse = (portId: string, reason: string) =>
  error(409, "ServicePortInUse", `Port ${portId} cannot be deleted directly via the port API: ${reason}.`);
export const allowedAddressPairsExhausted = (max: number) =>
  error(400, "AllowedAddressPairExhausted", `The number of allowed address pair exceeds the maximum ${max}.`);
export const tenantQuotaNotFound = (projectId: string) => error(404, "TenantQuotaNotFound", `Quota for tenant ${projectId} could not be found.`);

// --- subnet pools and address scopes (neutron-lib exceptions) ---
export const subnetPoolNotFound = (id: string) => error(404, "SubnetPoolNotFound", `Subnet pool ${id} could not be found.`);
export const addressScopeNotFound = (id: string) => error(404, "AddressScopeNotFound", `Address scope ${id} could not be found.`);
export const emptySubnetPoolPrefixList = () => error(400, "EmptySubnetPoolPrefixList", "Empty subnet pool prefix list.");
export const prefixVersionMismatch = () => error(400, "PrefixVersionMismatch", "Cannot mix IPv4 and IPv6 prefixes in a subnet pool.");
export const illegalSubnetPoolPrefixBounds = (type: string, prefixlen: number, baseType: string, baseLen: number) =>
  error(400, "IllegalSubnetPoolPrefixBounds", `Illegal prefix bounds: ${type}=${prefixlen}, ${baseType}=${baseLen}.`);
export const illegalSubnetPoolPrefixUpdate = (msg: string) => error(400, "IllegalSubnetPoolPrefixUpdate", `Illegal update to prefixes: ${msg}.`);
/** Neutron raises SubnetAllocationError (a plain NeutronException); this cloud answers 409, as for an exhausted address pool. */
export const subnetAllocationError = (reason: string) => error(409, "SubnetAllocationError", `Failed to allocate subnet: ${reason}.`);
export const minPrefixSubnetAllocationError = (prefixlen: number, min: number) =>
  error(400, "MinPrefixSubnetAllocationError", `Unable to allocate subnet with prefix length ${prefixlen}, minimum allowed prefix is ${min}.`);
export const maxPrefixSubnetAllocationError = (prefixlen: number, max: number) =>
  error(400, "MaxPrefixSubnetAllocationError", `Unable to allocate subnet with prefix length ${prefixlen}, maximum allowed prefix is ${max}.`);
export const subnetPoolDeleteError = (reason: string) => error(400, "SubnetPoolDeleteError", `Unable to delete subnet pool: ${reason}.`);
export const subnetPoolQuotaExceeded = () => error(409, "SubnetPoolQuotaExceeded", "Per-tenant subnet pool prefix quota exceeded.");
export const networkSubnetPoolAffinityError = () =>
  error(400, "NetworkSubnetPoolAffinityError", "Subnets hosted on the same network must be allocated from the same subnet pool.");
export const addressScopePrefixConflict = () =>
  error(409, "AddressScopePrefixConflict", "Failed to associate address scope: subnetpools within an address scope must have unique prefixes.");
export const illegalSubnetPoolAssociationToAddressScope = (poolId: string, scopeId: string) =>
  error(400, "IllegalSubnetPoolAssociationToAddressScope", `Illegal subnetpool association: subnetpool ${poolId} cannot be associated with address scope ${scopeId}.`);
export const illegalSubnetPoolIpVersionAssociationToAddressScope = (poolId: string, scopeId: string, version: number) =>
  error(
    400,
    "IllegalSubnetPoolIpVersionAssociationToAddressScope",
    `Illegal subnetpool association: subnetpool ${poolId} cannot associate with address scope ${scopeId} because subnetpool ip_version is not ${version}.`,
  );
export const addressScopeInUse = (id: string) =>
  error(409, "AddressScopeInUse", `Unable to complete operation on address scope ${id}. There are one or more subnet pools in use on the address scope.`);
export const addressScopeUpdateError = (id: string, reason: string) => error(400, "AddressScopeUpdateError", `Unable to update address scope ${id} : ${reason}.`);
