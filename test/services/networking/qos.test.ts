import { beforeEach, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { rejected } from "./l3-setup.js";
import { standardAttributes } from "./standard-attributes.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("networking: /v2.0/qos (admin only)", () => {
  let n: NetApi;
  beforeEach(async () => {
    n = await netApi();
  });


  const createPolicy = async (body: Record<string, unknown>) => {
    const res = await n.api("POST", "/v2.0/qos/policies", { body: { policy: body } });
    expect(res.status, res.text).toBe(201);
    return res.body.policy;
  };
  const rules = (policyId: string) => `/v2.0/qos/policies/${policyId}/bandwidth_limit_rules`;

  it("creates, shows, lists, updates and deletes a policy", async () => {
    const policy = await createPolicy({ name: "gold", description: "fast lane", shared: true });
    expect(policy).toEqual({
      id: expect.stringMatching(UUID),
      name: "gold",
      description: "fast lane",
      ...standardAttributes(n.adminProject),
      shared: true,
      is_default: false,
      rules: [],
    });
    expect((await n.api("GET", `/v2.0/qos/policies/${policy.id}`)).body.policy).toEqual(policy);
    expect((await n.api("GET", "/v2.0/qos/policies/gold")).status).toBe(404);
    expect((await n.api("GET", "/v2.0/qos/policies?name=gold")).body.policies.map((p: any) => p.id)).toEqual([policy.id]);
    const updated = await n.api("PUT", `/v2.0/qos/policies/${policy.id}`, { body: { policy: { name: "platinum", shared: false } } });
    expect(updated.status).toBe(200);
    expect(updated.body.policy).toMatchObject({ name: "platinum", shared: false, revision_number: 1 });
    expect((await n.api("DELETE", `/v2.0/qos/policies/${policy.id}`)).status).toBe(204);
    const gone = await n.api("GET", `/v2.0/qos/policies/${policy.id}`);
    expect(gone.status).toBe(404);
    expect(neutronError(gone).type).toBe("QosPolicyNotFound");
  });

  it("is refused to a member (403), whatever the call", async () => {
    const policy = await createPolicy({ name: "p" });
    await rejected(n, () => n.api("GET", "/v2.0/qos/policies", { token: n.demo }), 403, "NotAuthorized");
    await rejected(n, () => n.api("POST", "/v2.0/qos/policies", { token: n.demo, body: { policy: { name: "mine" } } }), 403, "NotAuthorized");
    await rejected(n, () => n.api("GET", `/v2.0/qos/policies/${policy.id}`, { token: n.demo }), 403, "NotAuthorized");
    await rejected(n, () => n.api("DELETE", `/v2.0/qos/policies/${policy.id}`, { token: n.demo }), 403, "NotAuthorized");
    await rejected(n, () => n.api("POST", rules(policy.id), { token: n.demo, body: { bandwidth_limit_rule: { max_kbps: 1 } } }), 403, "NotAuthorized");
  });

  it("manages bandwidth-limit rules: create (201), list, show, update, delete; the policy lists them", async () => {
    const policy = await createPolicy({ name: "limited" });
    const created = await n.api("POST", rules(policy.id), { body: { bandwidth_limit_rule: { max_kbps: 10000, max_burst_kbps: "800" } } });
    expect(created.status, created.text).toBe(201);
    const rule = created.body.bandwidth_limit_rule;
    expect(rule).toEqual({ id: expect.stringMatching(UUID), max_kbps: 10000, max_burst_kbps: 800, direction: "egress" });
    const shown = await n.api("GET", `/v2.0/qos/policies/${policy.id}`);
    expect(shown.body.policy.rules).toEqual([{ ...rule, qos_policy_id: policy.id, type: "bandwidth_limit" }]);
    expect(shown.body.policy.revision_number).toBe(1);
    expect((await n.api("GET", rules(policy.id))).body.bandwidth_limit_rules).toEqual([rule]);
    expect((await n.api("GET", `${rules(policy.id)}/${rule.id}`)).body.bandwidth_limit_rule).toEqual(rule);

    const ingress = await n.api("POST", rules(policy.id), { body: { bandwidth_limit_rule: { max_kbps: 500, direction: "ingress" } } });
    expect(ingress.status).toBe(201);
    const dup = await rejected(n, () => n.api("POST", rules(policy.id), { body: { bandwidth_limit_rule: { max_kbps: 1 } } }), 409, "QoSRulesConflict");
    expect(dup.message).toBe(`Rule bandwidth_limit conflicts with rule ${rule.id} which already exists in QoS Policy ${policy.id}.`);

    const updated = await n.api("PUT", `${rules(policy.id)}/${rule.id}`, { body: { bandwidth_limit_rule: { max_kbps: 20000 } } });
    expect(updated.status).toBe(200);
    expect(updated.body.bandwidth_limit_rule).toEqual({ ...rule, max_kbps: 20000 });
    await rejected(n, () => n.api("PUT", `${rules(policy.id)}/${rule.id}`, { body: { bandwidth_limit_rule: { direction: "ingress" } } }), 409, "QoSRulesConflict");

    expect((await n.api("DELETE", `${rules(policy.id)}/${rule.id}`)).status).toBe(204);
    const missing = await n.api("GET", `${rules(policy.id)}/${rule.id}`);
    expect(missing.status).toBe(404);
    expect(neutronError(missing)).toEqual({ type: "QosRuleNotFound", message: `QoS rule ${rule.id} for policy ${policy.id} could not be found.`, detail: "" });
    expect((await n.api("GET", `/v2.0/qos/policies/${policy.id}`)).body.policy.rules).toHaveLength(1);
  });

  it("validates rule bodies (400) and unknown policies (404)", async () => {
    const policy = await createPolicy({ name: "v" });
    await rejected(n, () => n.api("POST", rules(policy.id), { body: { bandwidth_limit_rule: { max_kbps: -1 } } }), 400, "BadRequest");
    await rejected(n, () => n.api("POST", rules(policy.id), { body: { bandwidth_limit_rule: { max_burst_kbps: 5 } } }), 400, "BadRequest");
    await rejected(n, () => n.api("POST", rules(policy.id), { body: { bandwidth_limit_rule: { max_kbps: 5, direction: "sideways" } } }), 400, "BadRequest");
    await rejected(n, () => n.api("POST", rules(policy.id), { body: { max_kbps: 5 } }), 400, "BadRequest");
    await rejected(n, () => n.api("POST", rules("nope"), { body: { bandwidth_limit_rule: { max_kbps: 5 } } }), 404, "QosPolicyNotFound");
    await rejected(n, () => n.api("POST", "/v2.0/qos/policies", { body: { policy: { name: "x", colour: "red" } } }), 400, "BadRequest");
    const dscp = `/v2.0/qos/policies/${policy.id}/dscp_marking_rules`;
    await rejected(n, () => n.api("POST", dscp, { body: { dscp_marking_rule: { dscp_mark: 7 } } }), 400, "BadRequest");
    const marked = await n.api("POST", dscp, { body: { dscp_marking_rule: { dscp_mark: 26 } } });
    expect(marked.status).toBe(201);
    expect(marked.body.dscp_marking_rule).toEqual({ id: expect.any(String), dscp_mark: 26 });
  });

  it("lists the rule types", async () => {
    const res = await n.api("GET", "/v2.0/qos/rule-types");
    expect(res.status).toBe(200);
    expect(res.body.rule_types).toEqual([{ type: "bandwidth_limit" }, { type: "dscp_marking" }, { type: "minimum_bandwidth" }]);
  });

  it("refuses to delete a policy a network uses (409 QosPolicyInUse); one default policy per project", async () => {
    const policy = await createPolicy({ name: "in-use" });
    const network = await n.network({ name: "qos-net", qos_policy_id: policy.id });
    const err = await rejected(n, () => n.api("DELETE", `/v2.0/qos/policies/${policy.id}`), 409, "QosPolicyInUse");
    expect(err.message).toBe(`QoS Policy ${policy.id} is used.`);
    await n.api("PUT", `/v2.0/networks/${network.id}`, { body: { network: { qos_policy_id: null } } });
    expect((await n.api("DELETE", `/v2.0/qos/policies/${policy.id}`)).status).toBe(204);

    await createPolicy({ name: "first", is_default: true });
    await rejected(n, () => n.api("POST", "/v2.0/qos/policies", { body: { policy: { name: "second", is_default: true } } }), 409, "QoSPolicyDefaultAlreadyExists");
  });
});
