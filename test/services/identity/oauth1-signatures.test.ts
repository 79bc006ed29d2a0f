// OS-OAUTH1 signatures as Keystone (oauthlib) checks them: RFC 5849's base string over the signed query
// (repeated, encoded and empty parameters), HMAC-SHA1, HMAC-SHA256 and PLAINTEXT; a bad signature, a
// replayed nonce or a stale timestamp refused with Keystone's status and wording, and nothing stored.

import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { call, testEmulator } from "../../helpers/emulator.js";
import { CLOCK_SETUPS } from "../../helpers/clock-setups.js";
import { directory, type Directory } from "./directory-setup.js";
import {
  accessToken, authorize, createConsumer, formOf, grant, oauthHeader, oauthLogin, requestToken, OAUTH, TOKENS, type Consumer,
} from "./oauth1-helpers.js";

const MALFORMED = "The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.";

describe("OS-OAUTH1 signatures and refusals", () => {
  let d: Directory;
  let consumer: Consumer;
  let project: string;
  let member: string;

  beforeEach(async () => {
    d = await directory();
    consumer = await createConsumer(d.emu, d.admin);
    project = await d.idOf("projects", "admin");
    member = await d.idOf("roles", "member");
  });

  it("signs the query too, normalized as RFC 5849 3.4.1.3.2 says: repeated names sorted by value, encoded and empty values", async () => {
    const path = `${OAUTH}/request_token?b5=%3D%253D&a3=a&c%40=&a2=r%20b&a3=2+q`;
    expect((await requestToken(d.emu, consumer, project, { path })).status).toBe(201);
    const unsigned = await requestToken(d.emu, consumer, project, { path, signQuery: false });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error).toEqual({ code: 401, title: "Unauthorized", message: "Invalid signature" });
  });

  it("takes HMAC-SHA256 and PLAINTEXT signatures through the whole flow", async () => {
    for (const signatureMethod of ["HMAC-SHA256", "PLAINTEXT"] as const) {
      const request = formOf(await requestToken(d.emu, consumer, project, { signatureMethod })) as { oauth_token: string; oauth_token_secret: string };
      const verifier = (await authorize(d.emu, d.admin, request.oauth_token, [{ id: member }])).body.token.oauth_verifier;
      const access = formOf(await accessToken(d.emu, consumer, request, verifier, { signatureMethod })) as { oauth_token: string; oauth_token_secret: string };
      expect((await oauthLogin(d.emu, consumer, access, { signatureMethod })).status).toBe(201);
    }
  });

  it("refuses a wrong secret, another address, a replayed nonce and a stale timestamp, storing nothing", async () => {
    const before = d.fingerprint();
    const wrong = await requestToken(d.emu, { id: consumer.id, secret: "0".repeat(32) }, project);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe("Invalid signature");
    const elsewhere = await requestToken(d.emu, consumer, project, { signedUrl: `http://other.example${OAUTH}/request_token` });
    expect(elsewhere.status).toBe(401);
    const nonce = randomBytes(8).toString("hex");
    const timestamp = Math.floor(Date.now() / 1000);
    expect((await requestToken(d.emu, consumer, project, { nonce, timestamp })).status).toBe(201);
    const after = d.fingerprint();
    expect(after).not.toBe(before);
    const replay = await requestToken(d.emu, consumer, project, { nonce, timestamp });
    expect(replay.status).toBe(401);
    // oauthlib's 600 seconds either side of the wall clock the client signs with
    const stale = await requestToken(d.emu, consumer, project, { timestamp: timestamp - 601 });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toBe("Validation failed with errors: invalid_request, detail message is: Timestamp given is invalid, differ from allowed by over 600 seconds..");
    expect((await requestToken(d.emu, consumer, project, { timestamp: timestamp + 601 })).status).toBe(400);
    expect(d.fingerprint()).toBe(after);
  });

  it("answers malformed requests with Keystone's 400s and unknown ones with its 404s", async () => {
    const before = d.fingerprint();
    const noHeader = await call(d.emu, "POST", `${OAUTH}/request_token`, { headers: { "Requested-Project-Id": project } });
    expect(noHeader.status).toBe(401);
    const noProject = await requestToken(d.emu, consumer, undefined);
    expect(noProject.status).toBe(400);
    expect(noProject.body.error.message).toBe(`Expecting to find Requested-Project-Id in request. ${MALFORMED}`);
    const unknownProject = await requestToken(d.emu, consumer, "nope");
    expect(unknownProject.status).toBe(404);
    expect(unknownProject.body.error.message).toBe("Could not find project: nope.");
    const unknownConsumer = await requestToken(d.emu, { id: "f".repeat(32), secret: "x" }, project);
    expect(unknownConsumer.status).toBe(404);
    expect(unknownConsumer.body.error.message).toBe("Consumer not found");
    const noCallback = await requestToken(d.emu, consumer, project, { extra: {} });
    expect(noCallback.status).toBe(400);
    expect(noCallback.body.error.message).toBe("Validation failed with errors: invalid_request, detail message is: Missing callback URI..");
    const badMethod = await requestToken(d.emu, consumer, project, { signatureMethod: "MD5" as never });
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.error.message).toMatch(/^Validation failed with errors: invalid_signature_method/);
    const badNonce = await requestToken(d.emu, consumer, project, { nonce: "not-hex!" });
    expect(badNonce.status).toBe(400);
    expect((await call(d.emu, "GET", `${OAUTH}/request_token`)).status).toBe(405);
    expect(d.fingerprint()).toBe(before);
  });

  it("exchanges only an authorized request token with its verifier, once", async () => {
    const request = formOf(await requestToken(d.emu, consumer, project)) as { oauth_token: string; oauth_token_secret: string };
    const unauthorized = await accessToken(d.emu, consumer, request, "abcdefgh");
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body.error.message).toBe("Provided verifier does not match stored verifier");
    const verifier = (await authorize(d.emu, d.admin, request.oauth_token, [{ id: member }])).body.token.oauth_verifier as string;
    const badFormat = await accessToken(d.emu, consumer, request, "0000");
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.error.message).toBe("Validation failed with errors: invalid_request, detail message is: Invalid verifier format..");
    const other = await createConsumer(d.emu, d.admin);
    const foreign = await accessToken(d.emu, other, request, verifier);
    expect(foreign.status).toBe(401);
    expect(foreign.body.error.message).toBe("Provided consumer key does not match stored consumer key.");
    const forged = await accessToken(d.emu, consumer, { ...request, oauth_token_secret: "x" }, verifier);
    expect(forged.body.error.message).toBe("Invalid signature");
    expect((await accessToken(d.emu, consumer, request, verifier)).status).toBe(201);
    const spent = await accessToken(d.emu, consumer, request, verifier);
    expect(spent.status).toBe(404);
    expect(spent.body.error.message).toBe("Request token not found");
  });

  it("lets an authorizer delegate only roles it holds, and only with a token of its own", async () => {
    const request = formOf(await requestToken(d.emu, consumer, project));
    const service = await d.idOf("roles", "service");
    const notHeld = await authorize(d.emu, d.admin, request.oauth_token!, [{ id: service }]);
    expect(notHeld.status).toBe(401);
    expect(notHeld.body.error.message).toBe("authorizing user does not have role required");
    expect((await authorize(d.emu, d.admin, request.oauth_token!, [{ name: "nope" }])).status).toBe(404);
    expect((await authorize(d.emu, d.admin, request.oauth_token!, [{ id: member, name: "member" } as never])).status).toBe(400);
    expect((await authorize(d.emu, d.demo, request.oauth_token!, [{ id: member }])).status).toBe(403);
    expect((await authorize(d.emu, d.admin, "0".repeat(32), [{ id: member }])).status).toBe(404);
    // an oauth1 token is delegated authority: it authorizes nothing, manages no access tokens, exchanges for no token
    const adminRole = await d.idOf("roles", "admin");
    const { access } = await grant(d.emu, consumer, d.admin, project, [{ id: adminRole }]);
    const delegated = (await oauthLogin(d.emu, consumer, access)).headers.get("x-subject-token")!;
    const again = formOf(await requestToken(d.emu, consumer, project));
    const refused = await authorize(d.emu, delegated, again.oauth_token!, [{ id: member }]);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("Cannot authorize a request token with a token issued via delegation.");
    const adminId = await d.idOf("users", "admin");
    expect((await d.api("GET", `/v3/users/${adminId}/OS-OAUTH1/access_tokens`, { token: delegated })).status).toBe(403);
    expect((await call(d.emu, "POST", TOKENS, { body: { auth: { identity: { methods: ["token"], token: { id: delegated } } } } })).status).toBe(403);
  });

  it("guards a user's access tokens: admins only, another user's token is unknown, a mismatched revoke is a 401", async () => {
    const { access } = await grant(d.emu, consumer, d.admin, project, [{ id: member }]);
    const adminId = await d.idOf("users", "admin");
    const demoId = await d.idOf("users", "demo");
    expect((await d.api("GET", `/v3/users/${adminId}/OS-OAUTH1/access_tokens`, { token: d.demo })).status).toBe(403);
    expect((await d.api("GET", `/v3/users/${demoId}/OS-OAUTH1/access_tokens/${access.oauth_token}`)).status).toBe(404);
    const mismatch = await d.api("DELETE", `/v3/users/${demoId}/OS-OAUTH1/access_tokens/${access.oauth_token}`);
    expect(mismatch.status).toBe(401);
    expect(mismatch.body.error.message).toBe("User IDs do not match");
    expect((await d.api("GET", `/v3/users/${adminId}/OS-OAUTH1/access_tokens/${access.oauth_token}`)).status).toBe(200);
  });

  it("refuses oauth1 authentication signed wrongly, replayed, or without its payload", async () => {
    const { access } = await grant(d.emu, consumer, d.admin, project, [{ id: member }]);
    const forged = await oauthLogin(d.emu, consumer, { ...access, oauth_token_secret: "x" });
    expect(forged.status).toBe(401);
    expect(forged.body.error.message).toBe("Could not validate the access token");
    const other = await createConsumer(d.emu, d.admin);
    expect((await oauthLogin(d.emu, other, access)).status).toBe(401);
    const nonce = randomBytes(8).toString("hex");
    const timestamp = Math.floor(Date.now() / 1000);
    expect((await oauthLogin(d.emu, consumer, access, { nonce, timestamp })).status).toBe(201);
    expect((await oauthLogin(d.emu, consumer, access, { nonce, timestamp })).status).toBe(401);
    const authorization = oauthHeader({ url: `http://localhost${TOKENS}`, consumerKey: consumer.id, consumerSecret: consumer.secret, token: access.oauth_token, tokenSecret: access.oauth_token_secret });
    const noPayload = await call(d.emu, "POST", TOKENS, { headers: { Authorization: authorization }, body: { auth: { identity: { methods: ["oauth1"] } } } });
    expect(noPayload.status).toBe(400);
    const unsigned = await call(d.emu, "POST", TOKENS, { body: { auth: { identity: { methods: ["oauth1"], oauth1: {} } } } });
    expect(unsigned.status).toBe(401);
  });
});

describe.each(CLOCK_SETUPS)("OS-OAUTH1 with the clock at $name", ({ options, after }) => {
  it("takes a signature stamped by the client's wall clock now and refuses one 11 minutes old", async () => {
    const emu = testEmulator(options);
    await after?.(emu);
    const admin = (await call(emu, "POST", TOKENS, { body: { auth: { identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } }, scope: { project: { name: "admin", domain: { name: "Default" } } } } } })).headers.get("x-subject-token")!;
    const consumer = await createConsumer(emu, admin);
    const project = (await call(emu, "GET", "/identity/v3/projects?name=admin", { token: admin })).body.projects[0].id;
    expect((await requestToken(emu, consumer, project)).status).toBe(201);
    expect((await requestToken(emu, consumer, project, { timestamp: Math.floor(Date.now() / 1000) - 660 })).status).toBe(400);
  });
});
