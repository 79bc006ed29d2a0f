// Security group rule -> Neutron v2.0 wire JSON: normalized_cidr, the (always
// null) remote address group, and whether the rule belongs to its project's default group.

import { dictGet } from "../../../kernel/store/dict.js";
import { isoSeconds } from "../../../kernel/time.js";
import type { NetworkingState, SecurityGroupRule } from "../state.js";
import { normalizedCidr } from "../operations/security-group-rules.js";

export function ruleView(s: NetworkingState, r: SecurityGroupRule): Record<string, unknown> {
  return {
    id: r.id,
    project_id: r.projectId,
    tenant_id: r.projectId,
    security_group_id: r.securityGroupId,
    direction: r.direction,
    ethertype: r.ethertype,
    protocol: r.protocol,
    port_range_min: r.portRangeMin,
    port_range_max: r.portRangeMax,
    remote_ip_prefix: r.remoteIpPrefix,
    remote_group_id: r.remoteGroupId,
    remote_address_group_id: null,
    normalized_cidr: normalizedCidr(r.remoteIpPrefix),
    description: r.description,
    belongs_to_default_sg: dictGet(s.defaultGroups, r.projectId) === r.securityGroupId,
    created_at: isoSeconds(r.createdAt),
    updated_at: isoSeconds(r.updatedAt),
    revision_number: r.revision,
  };
}
