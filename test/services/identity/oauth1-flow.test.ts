// OS-OAUTH1 delegation as a consumer runs it: a request token on a project, its authorization by a user
// with some of their roles, the access token, and `oauth1` authentication to a token holding the delegated
// roles only; the user's access tokens; revocation with the access token or its consumer; expiry.

import { beforeEach, describe, expect, it } from "vitest";
import { call, login, START } from "../../helpers/emulator.js";
import { directory, HEX_ID, type Directory } from "./directory-setup.js";
import { validate } from "./identity-helpers.js";
import {
  accessToken, authorize, createConsumer, formOf, grant, oauthLogin, requestToken, OAUTH, type Consumer,
} from "./oauth1-helpers.js";

const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "000Z");

describe("OS-OAUTH1 request tokens, access tokens and oauth1 authentication", () => {
  let d: Directory;
  let consumer: Consumer;
  let ids: { admin: string; adminProject: string; adminRole: string; member: string };

  beforeEach(async () => {
    d = await directory();
    consumer = await createConsumer(d.emu, d.admin);
    ids = {
      admin: await d.idOf("users", "admin"),
      adminProject: await d.idOf("projects", "admin"),
      adminRole: await d.idOf("roles", "admin"),
      member: await d.idOf("roles", "member"),
    };
    // admin holds admin and member on its project; it delegates member only
    expect((await d.api("PUT", `/v3/projects/${ids.adminProject}/users/${ids.admin}/roles/${ids.member}`)).status).toBe(204);
  });

  it("runs the whole flow: form-encoded tokens, a verifier, and a token scoped to the project with the delegated role only", async () => {
    const req = await requestToken(d.emu, consumer, ids.adminProject);
    expect(req.status).toBe(201);
    expect(req.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(req.text).toMatch(/^oauth_token=[0-9a-f]{32}&oauth_token_secret=[0-9a-f]{32}&oauth_expires_at=\S+$/);
    const request = formOf(req) as { oauth_token: string; oauth_token_secret: string; oauth_expires_at: string };
    // Keystone's request_token_duration: 8 hours on the emulator's (virtual) clock
    expect(request.oauth_expires_at).toBe(iso(START + 28800_000));

    const authorized = await authorize(d.emu, d.admin, request.oauth_token, [{ name: "member" }]);
    expect(authorized.status).toBe(200);
    expect(authorized.body).toEqual({ token: { oauth_verifier: expect.stringMatching(/^[a-hkmnp-zA-HJ-NP-Z2-9]{8}$/) } });

    const acc = await accessToken(d.emu, consumer, request, authorized.body.token.oauth_verifier);
    expect(acc.status).toBe(201);
    expect(acc.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    const access = formOf(acc) as { oauth_token: string; oauth_token_secret: string; oauth_expires_at: string };
    expect(access.oauth_token).toMatch(HEX_ID);
    expect(access.oauth_expires_at).toBe(iso(START + 86400_000));

    const issued = await oauthLogin(d.emu, consumer, access, { query: "?nocatalog" });
    expect(issued.status).toBe(201);
    const token = issued.body.token;
    expect(token.methods).toEqual(["oauth1"]);
    expect(token.user.id).toBe(ids.admin);
    expect(token.project.id).toBe(ids.adminProject);
    // member and the reader role it implies, not admin
    const reader = await d.idOf("roles", "reader");
    expect(token.roles).toEqual(expect.arrayContaining([{ id: ids.member, name: "member" }, { id: reader, name: "reader" }]));
    expect(token.roles).toHaveLength(2);
    expect(token["OS-OAUTH1"]).toEqual({ access_token_id: access.oauth_token, consumer_id: consumer.id });
    const subject = issued.headers.get("x-subject-token")!;
    const shown = await validate(d.emu, d.admin, subject);
    expect(shown.status).toBe(200);
    expect(shown.body.token["OS-OAUTH1"]).toEqual(token["OS-OAUTH1"]);
    // the delegated member role works where member is enough, and nothing beyond it
    expect((await call(d.emu, "GET", `/identity/v3/OS-OAUTH1/consumers`, { token: subject })).status).toBe(403);

    // the request token was spent on the access token
    expect((await accessToken(d.emu, consumer, request, authorized.body.token.oauth_verifier)).status).toBe(404);
  });

  it("lists, shows and revokes a user's access tokens and their roles; revocation ends the tokens issued with it", async () => {
    const { access } = await grant(d.emu, consumer, d.admin, ids.adminProject, [{ id: ids.member }]);
    const base = `/v3/users/${ids.admin}/OS-OAUTH1/access_tokens`;
    const self = `http://localhost/identity${base}/${access.oauth_token}`;
    const view = {
      id: access.oauth_token,
      consumer_id: consumer.id,
      project_id: ids.adminProject,
      authorizing_user_id: ids.admin,
      expires_at: iso(START + 86400_000),
      links: { roles: `${self}/roles`, self },
    };
    const listed = await d.api("GET", base);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ access_tokens: [view], links: { self: `http://localhost/identity${base}`, previous: null, next: null } });
    expect((await d.api("GET", `${base}/${access.oauth_token}`)).body).toEqual({ access_token: view });
    const role = { id: ids.member, name: "member", domain_id: null, options: {}, links: { self: `http://localhost/identity/v3/roles/${ids.member}` } };
    expect((await d.api("GET", `${base}/${access.oauth_token}/roles`)).body.roles).toEqual([role]);
    expect((await d.api("GET", `${base}/${access.oauth_token}/roles/${ids.member}`)).body).toEqual({ role });
    expect((await d.api("GET", `${base}/${access.oauth_token}/roles/${ids.adminRole}`)).status).toBe(404);

    const subject = (await oauthLogin(d.emu, consumer, access)).headers.get("x-subject-token")!;
    expect((await validate(d.emu, d.admin, subject)).status).toBe(200);
    expect((await d.api("DELETE", `${base}/${access.oauth_token}`)).status).toBe(204);
    expect((await validate(d.emu, d.admin, subject)).status).toBe(404);
    expect((await call(d.emu, "GET", "/identity/v3/auth/projects", { token: subject })).status).toBe(401);
    const again = await oauthLogin(d.emu, consumer, access);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe("Access token not found");
    expect((await d.api("GET", base)).body.access_tokens).toEqual([]);
  });

  it("deleting the consumer revokes its access tokens and the tokens issued with them", async () => {
    const { access } = await grant(d.emu, consumer, d.admin, ids.adminProject, [{ id: ids.member }]);
    const pending = formOf(await requestToken(d.emu, consumer, ids.adminProject));
    const subject = (await oauthLogin(d.emu, consumer, access)).headers.get("x-subject-token")!;
    expect((await d.api("DELETE", `/v3/OS-OAUTH1/consumers/${consumer.id}`)).status).toBe(204);
    expect((await validate(d.emu, d.admin, subject)).status).toBe(404);
    expect((await d.api("GET", `/v3/users/${ids.admin}/OS-OAUTH1/access_tokens`)).body.access_tokens).toEqual([]);
    expect((await authorize(d.emu, d.admin, pending.oauth_token!, [{ id: ids.member }])).status).toBe(404);
  });

  it("takes the delegated roles back when the user loses them, and refuses a token once none is left", async () => {
    const observer = (await d.api("POST", "/v3/roles", { body: { role: { name: "observer" } } })).body.role.id;
    expect((await d.api("PUT", `/v3/projects/${ids.adminProject}/users/${ids.admin}/roles/${observer}`)).status).toBe(204);
    const { access } = await grant(d.emu, consumer, d.admin, ids.adminProject, [{ id: observer }]);
    const subject = (await oauthLogin(d.emu, consumer, access)).headers.get("x-subject-token")!;
    expect((await validate(d.emu, d.admin, subject)).body.token.roles).toEqual([{ id: observer, name: "observer" }]);
    expect((await d.api("DELETE", `/v3/projects/${ids.adminProject}/users/${ids.admin}/roles/${observer}`)).status).toBe(204);
    expect((await validate(d.emu, d.admin, subject)).status).toBe(404);
    expect((await oauthLogin(d.emu, consumer, access)).status).toBe(401);
  });

  it("expires request tokens after 8 hours and access tokens after 24 on the virtual clock", async () => {
    const advance = async (by: string) => expect((await call(d.emu, "POST", "/_emulator/clock/advance", { body: { by } })).status).toBe(200);
    const request = formOf(await requestToken(d.emu, consumer, ids.adminProject));
    const late = formOf(await requestToken(d.emu, consumer, ids.adminProject)) as { oauth_token: string; oauth_token_secret: string };
    const verifier = (await authorize(d.emu, d.admin, late.oauth_token, [{ id: ids.member }])).body.token.oauth_verifier;
    const { access } = await grant(d.emu, consumer, d.admin, ids.adminProject, [{ id: ids.member }]);
    await advance("28801s");
    const admin = await login(d.emu);
    const expired = await authorize(d.emu, admin, request.oauth_token!, [{ id: ids.member }]);
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe("Request token is expired");
    // authorized in time, exchanged too late
    expect((await accessToken(d.emu, consumer, late, verifier)).status).toBe(401);
    // the access token still works until its day is out
    expect((await oauthLogin(d.emu, consumer, access)).status).toBe(201);
    await advance("57600s");
    const gone = await oauthLogin(d.emu, consumer, access);
    expect(gone.status).toBe(401);
    expect(gone.body.error.message).toBe("Access token is expired");
  });

  it("a per-project reset drops the project's request and access tokens with the tokens issued from them", async () => {
    const { access } = await grant(d.emu, consumer, d.admin, ids.adminProject, [{ id: ids.member }]);
    const subject = (await oauthLogin(d.emu, consumer, access)).headers.get("x-subject-token")!;
    expect((await call(d.emu, "POST", `/_emulator/reset?project=${ids.adminProject}`)).status).toBe(200);
    expect((await d.api("GET", `/v3/users/${ids.admin}/OS-OAUTH1/access_tokens`)).body.access_tokens).toEqual([]);
    expect((await validate(d.emu, d.admin, subject)).status).toBe(404);
  });
});
