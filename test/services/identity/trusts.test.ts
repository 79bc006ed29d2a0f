// OS-TRUST: creating, listing, reading and deleting trusts with Keystone's rules and messages; trust-scoped
// tokens (project, roles, impersonation, remaining uses, expiry, redelegation) and what ends them.

import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { directory, type Directory } from "./directory-setup.js";
import { dropProjectTrustsAndLimits, dropUserTrusts } from "../../../src/services/identity/operations/trust-reset.js";
import type { IdentityState } from "../../../src/services/identity/state.js";
import { appCredentialAuth, credentialsPath, issue, passwordById, tokenExchange, validate } from "./identity-helpers.js";

const TRUSTS = "/v3/OS-TRUST/trusts";

interface World {
  d: Directory;
  demoId: string;
  demoProject: string;
  trusteeId: string;
  strangerId: string;
  memberRole: string;
  readerRole: string;
  adminRole: string;
}

async function world(): Promise<World> {
  const d = await directory();
  const user = async (name: string) => (await d.api("POST", "/v3/users", { body: { user: { name, password: `${name}-pw` } } })).body.user.id as string;
  return {
    d,
    demoId: await d.idOf("users", "demo"),
    demoProject: await d.idOf("projects", "demo"),
    trusteeId: await user("trustee"),
    strangerId: await user("stranger"),
    memberRole: await d.idOf("roles", "member"),
    readerRole: await d.idOf("roles", "reader"),
    adminRole: await d.idOf("roles", "admin"),
  };
}

const trustBody = (w: World, extra: Record<string, unknown> = {}) => ({
  trust: { trustor_user_id: w.demoId, trustee_user_id: w.trusteeId, project_id: w.demoProject, impersonation: false, roles: [{ name: "member" }], ...extra },
});

async function makeTrust(w: World, extra: Record<string, unknown> = {}, token = w.d.demo) {
  const res = await w.d.api("POST", TRUSTS, { token, body: trustBody(w, extra) });
  expect(res.status, res.text).toBe(201);
  return res.body.trust as Record<string, any>;
}

const trustScope = (id: string) => ({ "OS-TRUST:trust": { id } });
const asUser = (w: World, userId: string, trustId: string, password: string) => issue(w.d.emu, passwordById(userId, password, trustScope(trustId)));
const asTrustee = (w: World, trustId: string) => asUser(w, w.trusteeId, trustId, "trustee-pw");

describe("OS-TRUST trusts", () => {
  let w: World;
  beforeEach(async () => {
    w = await world();
  });

  it("creates a trust the trustor holds the roles for, and shows it to trustor, trustee and admin", async () => {
    const trust = await makeTrust(w, { expires_at: "2030-06-01T00:00:00Z" });
    expect(trust).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      trustor_user_id: w.demoId,
      trustee_user_id: w.trusteeId,
      project_id: w.demoProject,
      impersonation: false,
      expires_at: "2030-06-01T00:00:00.000000Z",
      remaining_uses: null,
      redelegated_trust_id: null,
      redelegation_count: 0,
      deleted_at: null,
      links: { self: `http://localhost/identity/v3/OS-TRUST/trusts/${trust.id}` },
      roles: [expect.objectContaining({ id: w.memberRole, name: "member", links: { self: `http://localhost/identity/v3/roles/${w.memberRole}` } })],
      roles_links: { self: `http://localhost/identity/v3/OS-TRUST/trusts/${trust.id}/roles`, next: null, previous: null },
    });
    const trusteeToken = (await w.d.auth({ id: w.trusteeId }, "trustee-pw")).headers.get("x-subject-token")!;
    for (const token of [w.d.demo, trusteeToken, w.d.admin]) {
      const shown = await w.d.api("GET", `${TRUSTS}/${trust.id}`, { token });
      expect(shown.status).toBe(200);
      expect(shown.body.trust).toEqual(trust);
    }
    const strangerToken = (await w.d.auth({ id: w.strangerId }, "stranger-pw")).headers.get("x-subject-token")!;
    const refused = await w.d.api("GET", `${TRUSTS}/${trust.id}`, { token: strangerToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("You are not authorized to perform the requested action: identity:get_trust.");
    expect((await w.d.api("GET", `${TRUSTS}/nope`)).status).toBe(404);
    expect((await w.d.api("GET", `${TRUSTS}/nope`)).body.error.message).toBe("Could not find trust: nope.");
  });

  it("lists a trust's roles and checks one (GET and HEAD)", async () => {
    const trust = await makeTrust(w);
    const roles = await w.d.api("GET", `${TRUSTS}/${trust.id}/roles`, { token: w.d.demo });
    expect(roles.status).toBe(200);
    expect(roles.body.roles.map((r: { id: string }) => r.id)).toEqual([w.memberRole]);
    const one = await w.d.api("GET", `${TRUSTS}/${trust.id}/roles/${w.memberRole}`, { token: w.d.demo });
    expect(one.status).toBe(200);
    expect(one.body.role).toMatchObject({ id: w.memberRole, name: "member" });
    expect((await w.d.api("HEAD", `${TRUSTS}/${trust.id}/roles/${w.memberRole}`, { token: w.d.demo })).status).toBe(200);
    const missing = await w.d.api("GET", `${TRUSTS}/${trust.id}/roles/${w.adminRole}`, { token: w.d.demo });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(`Could not find role: ${w.adminRole}.`);
    expect((await w.d.api("HEAD", `${TRUSTS}/${trust.id}`, { token: w.d.demo })).status).toBe(200);
  });

  it("refuses bad creates with Keystone's status and message, changing nothing", async () => {
    const before = w.d.fingerprint();
    const cases: Array<[unknown, number, string | undefined]> = [
      [trustBody(w, { trustor_user_id: w.trusteeId }), 403, "You are not authorized to perform the requested action: identity:create_trust."],
      [trustBody(w, { roles: [] }), 403, "You are not authorized to perform the requested action: At least one role should be specified."],
      [trustBody(w, { trustee_user_id: "ghost" }), 404, "Could not find user: ghost."],
      [trustBody(w, { roles: [{ id: w.adminRole }] }), 404, `Could not find role: ${w.adminRole}.`],
      [trustBody(w, { roles: [{ name: "no-such-role" }] }), 404, "Could not find role: no-such-role."],
      [trustBody(w, { project_id: "ghost" }), 404, "Could not find project: ghost."],
      [trustBody(w, { expires_at: "2029-01-01T00:00:00Z" }), 400, undefined],
      [trustBody(w, { expires_at: "soon" }), 400, undefined],
      [trustBody(w, { remaining_uses: 0 }), 400, undefined],
      [trustBody(w, { allow_redelegation: true, remaining_uses: 2 }), 400, "remaining_uses must not be set if redelegation is allowed"],
      [trustBody(w, { allow_redelegation: true, redelegation_count: 9 }), 403, undefined],
      [{ trust: { trustor_user_id: w.demoId, trustee_user_id: w.trusteeId } }, 400, undefined],
    ];
    for (const [body, status, message] of cases) {
      const res = await w.d.api("POST", TRUSTS, { token: w.d.demo, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.body.error.message).toBe(message);
    }
    expect(w.d.fingerprint()).toBe(before);
    await makeTrust(w);
    const dup = await w.d.api("POST", TRUSTS, { token: w.d.demo, body: trustBody(w) });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe("Conflict occurred attempting to store trust - Duplicate entry.");
  });

  it("lists all trusts for an admin and only the caller's own by filter otherwise", async () => {
    const trust = await makeTrust(w);
    const all = await w.d.api("GET", TRUSTS);
    expect(all.status).toBe(200);
    expect(all.body.trusts.map((t: { id: string }) => t.id)).toEqual([trust.id]);
    expect(all.body.trusts[0].roles).toBeUndefined();
    // without a filter a non-admin sees its own (Keystone refuses it; see the list's comment)
    const unfiltered = await w.d.api("GET", TRUSTS, { token: w.d.demo });
    expect(unfiltered.status).toBe(200);
    expect(unfiltered.body.trusts.map((t: { id: string }) => t.id)).toEqual([trust.id]);
    const strangerToken = (await w.d.auth({ id: w.strangerId }, "stranger-pw")).headers.get("x-subject-token")!;
    expect((await w.d.api("GET", TRUSTS, { token: strangerToken })).body.trusts).toEqual([]);
    const own = await w.d.api("GET", `${TRUSTS}?trustor_user_id=${w.demoId}`, { token: w.d.demo });
    expect(own.body.trusts.map((t: { id: string }) => t.id)).toEqual([trust.id]);
    expect((await w.d.api("GET", `${TRUSTS}?trustor_user_id=${w.trusteeId}`, { token: w.d.demo })).status).toBe(403);
    const trusteeToken = (await w.d.auth({ id: w.trusteeId }, "trustee-pw")).headers.get("x-subject-token")!;
    const theirs = await w.d.api("GET", `${TRUSTS}?trustee_user_id=${w.trusteeId}`, { token: trusteeToken });
    expect(theirs.body.trusts.map((t: { id: string }) => t.id)).toEqual([trust.id]);
    expect((await w.d.api("GET", `${TRUSTS}?trustor_user_id=${w.trusteeId}`, { token: trusteeToken })).body.trusts).toEqual([]);
  });

  it("gives the trustee a token on the trust's project with its roles and an OS-TRUST:trust section", async () => {
    const trust = await makeTrust(w);
    const res = await asTrustee(w, trust.id);
    expect(res.status, res.text).toBe(201);
    const token = res.body.token;
    expect(token.user.id).toBe(w.trusteeId);
    expect(token.project.id).toBe(w.demoProject);
    expect(token.roles.map((r: { name: string }) => r.name).sort()).toEqual(["member", "reader"]);
    expect(token["OS-TRUST:trust"]).toEqual({ id: trust.id, impersonation: false, trustee_user: { id: w.trusteeId }, trustor_user: { id: w.demoId } });
    // the same through validation, and the token works as the trustee on the trustor's project
    const subject = res.headers.get("x-subject-token")!;
    expect((await validate(w.d.emu, w.d.admin, subject)).body.token["OS-TRUST:trust"].id).toBe(trust.id);
    // a token of the trustee (not trust-scoped) may be exchanged for a trust-scoped one
    const plain = (await w.d.auth({ id: w.trusteeId }, "trustee-pw")).headers.get("x-subject-token")!;
    const exchanged = await issue(w.d.emu, tokenExchange(plain, trustScope(trust.id)));
    expect(exchanged.status).toBe(201);
    expect(exchanged.body.token.methods).toEqual(["token", "password"]);
  });

  it("makes the trustor the token's user under impersonation", async () => {
    const trust = await makeTrust(w, { impersonation: true });
    const res = await asTrustee(w, trust.id);
    expect(res.status).toBe(201);
    expect(res.body.token.user.id).toBe(w.demoId);
    expect(res.body.token["OS-TRUST:trust"]).toMatchObject({ impersonation: true, trustor_user: { id: w.demoId } });
  });

  it("refuses a trust token to anyone but the trustee, an unknown trust, a trust-scoped token exchange and a mixed scope", async () => {
    const trust = await makeTrust(w);
    const stranger = await asUser(w, w.strangerId, trust.id, "stranger-pw");
    expect(stranger.status).toBe(403);
    const unknown = await asTrustee(w, "ghost");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Could not find trust: ghost.");
    const trustToken = (await asTrustee(w, trust.id)).headers.get("x-subject-token")!;
    const again = await issue(w.d.emu, tokenExchange(trustToken));
    expect(again.status).toBe(403);
    expect(again.body.error.message).toBe(
      "You are not authorized to perform the requested action: Using trust-scoped token to create another token. Create a new trust-scoped token instead.",
    );
    const mixed = await issue(w.d.emu, passwordById(w.trusteeId, "trustee-pw", { ...trustScope(trust.id), project: { id: w.demoProject } }));
    expect(mixed.status).toBe(400);
    const wrongPassword = await asUser(w, w.trusteeId, trust.id, "nope");
    expect(wrongPassword.status).toBe(401);
  });

  it("takes one remaining use per token and is gone when none is left", async () => {
    const trust = await makeTrust(w, { remaining_uses: 2 });
    expect((await asTrustee(w, trust.id)).status).toBe(201);
    expect((await w.d.api("GET", `${TRUSTS}/${trust.id}`, { token: w.d.demo })).body.trust.remaining_uses).toBe(1);
    expect((await asTrustee(w, trust.id)).status).toBe(201);
    const spent = await asTrustee(w, trust.id);
    expect(spent.status).toBe(404);
    expect(spent.body.error.message).toBe(`Could not find trust: ${trust.id}.`);
    expect((await w.d.api("GET", `${TRUSTS}/${trust.id}`, { token: w.d.demo })).status).toBe(404);
  });

  it("ends at its expiry: a token never outlives it and none is issued after", async () => {
    const trust = await makeTrust(w, { expires_at: "2030-01-01T00:30:00Z" });
    const res = await asTrustee(w, trust.id);
    expect(res.body.token.expires_at).toBe("2030-01-01T00:30:00.000000Z");
    w.d.emu.clock.advance(31 * 60_000);
    expect((await asTrustee(w, trust.id)).status).toBe(404);
  });

  it("deleting the trust (trustor or admin only) ends its tokens", async () => {
    const trust = await makeTrust(w);
    const subject = (await asTrustee(w, trust.id)).headers.get("x-subject-token")!;
    expect((await validate(w.d.emu, w.d.admin, subject)).status).toBe(200);
    const trusteeToken = (await w.d.auth({ id: w.trusteeId }, "trustee-pw")).headers.get("x-subject-token")!;
    const refused = await w.d.api("DELETE", `${TRUSTS}/${trust.id}`, { token: trusteeToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("You are not authorized to perform the requested action: identity:delete_trust.");
    expect((await w.d.api("DELETE", `${TRUSTS}/${trust.id}`, { token: w.d.demo })).status).toBe(204);
    expect((await validate(w.d.emu, w.d.admin, subject)).status).toBe(404);
    expect((await w.d.api("GET", `${TRUSTS}/${trust.id}`, { token: w.d.demo })).status).toBe(404);
    expect((await w.d.api("DELETE", `${TRUSTS}/${trust.id}`, { token: w.d.demo })).status).toBe(404);
    expect((await w.d.api("GET", TRUSTS)).body.trusts).toEqual([]);
  });

  it("refuses a new trust token once the trustor lost the role", async () => {
    const trust = await makeTrust(w);
    expect((await asTrustee(w, trust.id)).status).toBe(201);
    const revoke = await w.d.api("DELETE", `/v3/projects/${w.demoProject}/users/${w.demoId}/roles/${w.memberRole}`);
    expect(revoke.status).toBe(204);
    const refused = await asTrustee(w, trust.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("You are not authorized to perform the requested action.");
  });

  it("redelegates through a trust-scoped token within the chain's depth and roles", async () => {
    const parent = await makeTrust(w, { allow_redelegation: true });
    expect(parent.redelegation_count).toBe(3);
    const trustToken = (await asTrustee(w, parent.id)).headers.get("x-subject-token")!;
    const body = { trust: { trustor_user_id: w.trusteeId, trustee_user_id: w.strangerId, project_id: w.demoProject, impersonation: false, roles: [{ name: "member" }], allow_redelegation: true } };
    const child = await w.d.api("POST", TRUSTS, { token: trustToken, body });
    expect(child.status, child.text).toBe(201);
    expect(child.body.trust).toMatchObject({ redelegated_trust_id: parent.id, redelegation_count: 2, trustor_user_id: w.trusteeId });
    // Keystone checks the roles of the redelegated trust's own trustor when it is used (token_model.py
    // _validate_trust_scope): refused while that user holds none on the project, issued once it does
    expect((await asUser(w, w.strangerId, child.body.trust.id, "stranger-pw")).status).toBe(403);
    expect((await w.d.api("PUT", `/v3/projects/${w.demoProject}/users/${w.trusteeId}/roles/${w.memberRole}`)).status).toBe(204);
    const used = await asUser(w, w.strangerId, child.body.trust.id, "stranger-pw");
    expect(used.status).toBe(201);
    expect(used.body.token.project.id).toBe(w.demoProject);
    // a role the parent does not delegate, and impersonation the parent lacks, are refused
    const before = w.d.fingerprint();
    const wider = { trust: { ...body.trust, roles: [{ name: "admin" }] } };
    expect((await w.d.api("POST", TRUSTS, { token: trustToken, body: wider })).status).toBe(404);
    const impersonating = { trust: { ...body.trust, impersonation: true, expires_at: "2031-01-01T00:00:00Z" } };
    expect((await w.d.api("POST", TRUSTS, { token: trustToken, body: impersonating })).status).toBe(403);
    expect(w.d.fingerprint()).toBe(before);
    // deleting the parent takes the redelegated trust with it
    expect((await w.d.api("DELETE", `${TRUSTS}/${parent.id}`, { token: w.d.demo })).status).toBe(204);
    expect((await w.d.api("GET", `${TRUSTS}/${child.body.trust.id}`)).status).toBe(404);
  });

  it("refuses redelegation of a trust that does not allow it", async () => {
    const parent = await makeTrust(w);
    const trustToken = (await asTrustee(w, parent.id)).headers.get("x-subject-token")!;
    const body = { trust: { trustor_user_id: w.trusteeId, trustee_user_id: w.strangerId, project_id: w.demoProject, impersonation: false, roles: [{ name: "member" }] } };
    const res = await w.d.api("POST", TRUSTS, { token: trustToken, body });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("You are not authorized to perform the requested action.");
  });

  it("refuses every trust operation to a token made from an application credential", async () => {
    const trust = await makeTrust(w);
    const cred = await w.d.api("POST", credentialsPath(w.demoId).replace("/identity", ""), { token: w.d.demo, body: { application_credential: { name: "ci" } } });
    expect(cred.status, cred.text).toBe(201);
    const auth = await issue(w.d.emu, appCredentialAuth({ id: cred.body.application_credential.id, secret: cred.body.application_credential.secret }));
    const token = auth.headers.get("x-subject-token")!;
    const message = "You are not authorized to perform the requested action: Using method 'application_credential' is not allowed for managing trusts.";
    const before = w.d.fingerprint();
    for (const [method, path, body] of [
      ["POST", TRUSTS, trustBody(w, { expires_at: "2031-01-01T00:00:00Z" })],
      ["GET", `${TRUSTS}?trustor_user_id=${w.demoId}`, undefined],
      ["GET", `${TRUSTS}/${trust.id}`, undefined],
      ["DELETE", `${TRUSTS}/${trust.id}`, undefined],
    ] as const) {
      const res = await w.d.api(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.message).toBe(message);
    }
    expect(w.d.fingerprint()).toBe(before);
  });

  it("drops a user's trusts and a project's trusts with their tokens (what a user or project delete calls)", async () => {
    const trust = await makeTrust(w);
    const subject = (await asTrustee(w, trust.id)).headers.get("x-subject-token")!;
    const identity = (draft: Record<string, unknown>) => draft.identity as IdentityState;
    w.d.emu.kernel.store.update((draft) => dropUserTrusts(identity(draft), w.strangerId));
    expect((await w.d.api("GET", `${TRUSTS}/${trust.id}`)).status).toBe(200);
    w.d.emu.kernel.store.update((draft) => dropUserTrusts(identity(draft), w.trusteeId));
    expect((await w.d.api("GET", `${TRUSTS}/${trust.id}`)).status).toBe(404);
    expect((await validate(w.d.emu, w.d.admin, subject)).status).toBe(404);
    const again = await makeTrust(w);
    w.d.emu.kernel.store.update((draft) => dropProjectTrustsAndLimits(identity(draft), w.demoProject));
    expect((await w.d.api("GET", `${TRUSTS}/${again.id}`)).status).toBe(404);
  });

  it("a project reset drops the project's trusts and ends their tokens; export and import carry them", async () => {
    const trust = await makeTrust(w);
    const exported = await call(w.d.emu, "GET", "/_emulator/state");
    const subject = (await asTrustee(w, trust.id)).headers.get("x-subject-token")!;
    expect((await call(w.d.emu, "POST", `/_emulator/reset?project=${w.demoProject}`)).status).toBeLessThan(300);
    expect((await w.d.api("GET", TRUSTS)).body.trusts).toEqual([]);
    expect((await validate(w.d.emu, w.d.admin, subject)).status).toBe(404);
    const imported = await call(w.d.emu, "PUT", "/_emulator/state", { body: exported.body });
    expect(imported.status, imported.text).toBeLessThan(300);
    const admin = (await w.d.auth("admin", "admin", { project: { name: "admin", domain: { name: "Default" } } })).headers.get("x-subject-token")!;
    expect((await w.d.api("GET", TRUSTS, { token: admin })).body.trusts.map((t: { id: string }) => t.id)).toEqual([trust.id]);
  });
});
