import { beforeEach, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { rejected } from "./l3-setup.js";

describe("networking: /v2.0/metering (admin only)", () => {
  let n: NetApi;
  beforeEach(async () => {
    n = await netApi();
  });

  const LABELS = "/v2.0/metering/metering-labels";
  const RULES = "/v2.0/metering/metering-label-rules";
  const label = async (body: Record<string, unknown> = {}) => {
    const res = await n.api("POST", LABELS, { body: { metering_label: { name: "web", ...body } } });
    expect(res.status, res.text).toBe(201);
    return res.body.metering_label;
  };
  const rule = (body: Record<string, unknown>) => n.api("POST", RULES, { body: { metering_label_rule: body } });

  it("creates, shows, lists and deletes labels and their rules", async () => {
    const l = await label({ description: "d", shared: true });
    expect(l).toEqual({ id: expect.any(String), name: "web", description: "d", shared: true, project_id: n.adminProject, tenant_id: n.adminProject });
    expect((await n.api("GET", `${LABELS}/${l.id}`)).body.metering_label).toEqual(l);
    expect((await n.api("GET", LABELS)).body.metering_labels).toEqual([l]);
    const res = await rule({ metering_label_id: l.id, remote_ip_prefix: "10.0.0.0/24" });
    expect(res.status, res.text).toBe(201);
    const r = res.body.metering_label_rule;
    expect(r).toEqual({
      id: expect.any(String),
      metering_label_id: l.id,
      direction: "ingress",
      excluded: false,
      remote_ip_prefix: "10.0.0.0/24",
      source_ip_prefix: null,
      destination_ip_prefix: null,
      project_id: n.adminProject,
      tenant_id: n.adminProject,
    });
    expect((await n.api("GET", `${RULES}/${r.id}`)).body.metering_label_rule).toEqual(r);
    expect((await n.api("GET", `${RULES}?metering_label_id=${l.id}`)).body.metering_label_rules).toEqual([r]);
    const sd = await rule({ metering_label_id: l.id, direction: "egress", source_ip_prefix: "10.1.0.0/16", destination_ip_prefix: "0.0.0.0/0" });
    expect(sd.status, sd.text).toBe(201);
    expect((await n.api("DELETE", `${RULES}/${r.id}`)).status).toBe(204);
    const gone = await n.api("GET", `${RULES}/${r.id}`);
    expect(neutronError(gone)).toMatchObject({ type: "MeteringLabelRuleNotFound", message: `Metering label rule ${r.id} does not exist` });
    expect((await n.api("DELETE", `${LABELS}/${l.id}`)).status).toBe(204);
    expect((await n.api("GET", RULES)).body.metering_label_rules).toEqual([]);
    const noLabel = await n.api("GET", `${LABELS}/${l.id}`);
    expect(noLabel.status).toBe(404);
    expect(neutronError(noLabel)).toMatchObject({ type: "MeteringLabelNotFound", message: `Metering label ${l.id} does not exist` });
  });

  it("refuses bad rules", async () => {
    const l = await label();
    expect((await rule({ metering_label_id: l.id, remote_ip_prefix: "10.0.0.0/16" })).status).toBe(201);
    const overlap = await rejected(n, () => rule({ metering_label_id: l.id, remote_ip_prefix: "10.0.5.0/24" }), 409, "MeteringLabelRuleOverlaps");
    expect(overlap.message).toBe("Metering label rule with remote_ip_prefix 10.0.5.0/24 overlaps another");
    expect((await rule({ metering_label_id: l.id, remote_ip_prefix: "10.0.5.0/24", excluded: true })).status).toBe(201);
    const both = await rejected(n, () => rule({ metering_label_id: l.id, remote_ip_prefix: "10.9.0.0/24", source_ip_prefix: "10.8.0.0/24" }), 400, "BadRequest");
    expect(both.message).toBe("Bad metering_label_rule request: Cannot use 'remote-ip-prefix' in conjunction with 'source-ip-prefix' or 'destination-ip-prefix'.");
    await rejected(n, () => rule({ metering_label_id: l.id }), 400, "BadRequest");
    await rejected(n, () => rule({ metering_label_id: l.id, remote_ip_prefix: "not-a-cidr" }), 400, "HTTPBadRequest");
    await rejected(n, () => rule({ metering_label_id: l.id, remote_ip_prefix: "10.20.0.0/24", direction: "sideways" }), 400, "BadRequest");
    await rejected(n, () => rule({ metering_label_id: "nope", remote_ip_prefix: "10.20.0.0/24" }), 404, "MeteringLabelNotFound");
  });

  it("is admin only: a non-admin lists none, finds none and creates none", async () => {
    const l = await label();
    expect((await n.api("GET", LABELS, { token: n.demo })).body).toEqual({ metering_labels: [] });
    expect((await n.api("GET", RULES, { token: n.demo })).body).toEqual({ metering_label_rules: [] });
    await rejected(n, () => n.api("GET", `${LABELS}/${l.id}`, { token: n.demo }), 404, "HTTPNotFound");
    await rejected(n, () => n.api("POST", LABELS, { token: n.demo, body: { metering_label: { name: "x" } } }), 403, "PolicyNotAuthorized");
    await rejected(n, () => n.api("DELETE", `${LABELS}/${l.id}`, { token: n.demo }), 403, "PolicyNotAuthorized");
  });

  it("advertises metering", async () => {
    expect((await n.api("GET", "/v2.0/extensions/metering")).status).toBe(200);
  });
});
