// /v3/policies: opaque blobs with a type, admin only, extra attributes kept; refusals change nothing.

import { beforeEach, describe, expect, it } from "vitest";
import { directory, type Directory } from "./directory-setup.js";

describe("policies", () => {
  let d: Directory;
  beforeEach(async () => {
    d = await directory();
  });

  it("creates, lists by type, shows, updates and deletes a policy", async () => {
    const created = await d.api("POST", "/v3/policies", { body: { policy: { blob: '{"rule": "x"}', type: "application/json", note: "kept" } } });
    expect(created.status).toBe(201);
    const policy = created.body.policy;
    expect(policy).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      blob: '{"rule": "x"}',
      type: "application/json",
      note: "kept",
      links: { self: `http://localhost/identity/v3/policies/${policy.id}` },
    });
    await d.api("POST", "/v3/policies", { body: { policy: { blob: "other", type: "text/plain" } } });
    const listed = await d.api("GET", "/v3/policies?type=application/json");
    expect(listed.status).toBe(200);
    expect(listed.body.policies).toEqual([policy]);
    expect((await d.api("GET", "/v3/policies")).body.policies).toHaveLength(2);
    // Keystone's inexact filters on type
    expect((await d.api("GET", "/v3/policies?type__contains=json")).body.policies).toEqual([policy]);
    expect((await d.api("GET", "/v3/policies?type__startswith=text")).body.policies.map((p: { type: string }) => p.type)).toEqual(["text/plain"]);
    expect((await d.api("GET", "/v3/policies?type__icontains=PLAIN")).body.policies).toHaveLength(1);
    expect((await d.api("GET", "/v3/policies?type__contains=yaml")).body.policies).toEqual([]);
    expect((await d.api("GET", `/v3/policies/${policy.id}`)).body.policy).toEqual(policy);
    const updated = await d.api("PATCH", `/v3/policies/${policy.id}`, { body: { policy: { blob: "new" } } });
    expect(updated.status).toBe(200);
    expect(updated.body.policy).toMatchObject({ blob: "new", type: "application/json", note: "kept" });
    expect((await d.api("DELETE", `/v3/policies/${policy.id}`)).status).toBe(204);
    const gone = await d.api("GET", `/v3/policies/${policy.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(`Could not find policy: ${policy.id}.`);
  });

  it("refuses non-admins, a missing blob or type and an empty update, changing nothing", async () => {
    const made = (await d.api("POST", "/v3/policies", { body: { policy: { blob: "b", type: "t" } } })).body.policy;
    const before = d.fingerprint();
    expect((await d.api("POST", "/v3/policies", { token: d.demo, body: { policy: { blob: "b", type: "t" } } })).status).toBe(403);
    expect((await d.api("GET", "/v3/policies", { token: d.demo })).status).toBe(403);
    expect((await d.api("GET", `/v3/policies/${made.id}`, { token: d.demo })).status).toBe(403);
    expect((await d.api("DELETE", `/v3/policies/${made.id}`, { token: d.demo })).status).toBe(403);
    expect((await d.api("POST", "/v3/policies", { body: { policy: { blob: "b" } } })).status).toBe(400);
    expect((await d.api("POST", "/v3/policies", { body: { policy: { type: "t" } } })).status).toBe(400);
    expect((await d.api("PATCH", `/v3/policies/${made.id}`, { body: { policy: {} } })).status).toBe(400);
    expect((await d.api("PATCH", "/v3/policies/nope", { body: { policy: { blob: "x" } } })).status).toBe(404);
    expect(d.fingerprint()).toBe(before);
  });
});
