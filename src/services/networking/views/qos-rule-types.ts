// The qos-rule-type-details view: for each rule type this cloud supports, the driver (openvswitch) and the
// parameters it accepts with their ranges or choices, as GET /v2.0/qos/rule-types/{type} shows them.

import type { QosRuleType } from "../operations/qos.js";
import { VALID_DSCP_MARKS } from "../schemas/qos.js";

const INT_RANGE = { start: 0, end: 2 ** 31 - 1 };
const range = (name: string) => ({ parameter_name: name, parameter_type: "range", parameter_values: { ...INT_RANGE } });
const choices = (name: string, values: unknown[]) => ({ parameter_name: name, parameter_type: "choices", parameter_values: [...values] });

const PARAMETERS: Record<QosRuleType, () => Array<Record<string, unknown>>> = {
  bandwidth_limit: () => [range("max_kbps"), range("max_burst_kbps"), choices("direction", ["ingress", "egress"])],
  dscp_marking: () => [choices("dscp_mark", VALID_DSCP_MARKS)],
  minimum_bandwidth: () => [range("min_kbps"), choices("direction", ["egress"])],
};

export function qosRuleTypeView(type: QosRuleType) {
  return { type, drivers: [{ name: "openvswitch", supported_parameters: PARAMETERS[type]() }] };
}
