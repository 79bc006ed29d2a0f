// Keystone v3 OS-OAUTH1 delegation: /v3/OS-OAUTH1/request_token and /access_token (public: the consumer's
// OAuth 1.0a signature is the credential; answers form-encoded) and /authorize/{request_token_id} (the
// authorizing user, an admin by Keystone's policy). The signed call `oauth1` authentication reads too.

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, principalOf, requestHeader, requestTarget, type Ctx } from "../../../kernel/http/context.js";
import { authorizeRequestToken, createAccessToken, createRequestToken, type OAuthCall } from "../operations/oauth1-flow.js";
import { oauthTokenForm } from "../views-delegation.js";
import { param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** keystone/oauth1/schema.py request_token_authorize: each role named by exactly one of id or name */
const roleRef = z.union([
  z.strictObject({ id: z.string().min(1).max(64).regex(/^[a-zA-Z0-9-]+$/) }),
  z.strictObject({ name: z.string().min(1).max(255) }),
]);
export const authorizeSchema = z.object({ roles: z.array(roleRef).max(1000).optional() });

/** The request as the client signed it: the address it used (scheme and host as baseUrl reads them), path and query as sent. */
export function oauthCall(c: Ctx, deps: IdentityDeps): OAuthCall {
  const target = requestTarget(c);
  const q = target.indexOf("?");
  let origin = "";
  try {
    const url = new URL(baseUrl(c));
    origin = `${url.protocol}//${url.host}`;
  } catch {
    // a Host header no URL can hold: no signature can match it
  }
  return {
    request: {
      method: c.req.method,
      origin,
      path: q < 0 ? target : target.slice(0, q),
      query: q < 0 ? "" : target.slice(q + 1),
      authorization: requestHeader(c, "authorization"),
    },
    wallNow: deps.kernel.clock.wallNow(),
    nonces: deps.nonces,
  };
}

export function oauth1TokenRoutes(deps: IdentityDeps): RouteDef[] {
  return [
    {
      method: "POST",
      path: "/v3/OS-OAUTH1/request_token",
      operation: "identity.oauth1_request_token.create",
      policy: "public",
      handler: (c) => {
        const call = oauthCall(c, deps);
        const made = deps.write(c, (s, ctx) => createRequestToken(s, ctx, call, requestHeader(c, "requested-project-id")));
        return c.body(oauthTokenForm(made), 201, FORM);
      },
    },
    route({
      method: "PUT",
      path: "/v3/OS-OAUTH1/authorize/:request_token_id",
      operation: "identity.oauth1_request_token.authorize",
      schema: authorizeSchema,
      policy: "admin",
      handler: (c, { roles }) => {
        const verifier = deps.write(c, (s, ctx) => authorizeRequestToken(s, ctx, principalOf(c), param(c, "request_token_id"), roles ?? []));
        return c.json({ token: { oauth_verifier: verifier } });
      },
    }),
    {
      method: "POST",
      path: "/v3/OS-OAUTH1/access_token",
      operation: "identity.oauth1_access_token.create",
      policy: "public",
      handler: (c) => {
        const call = oauthCall(c, deps);
        const made = deps.write(c, (s, ctx) => createAccessToken(s, ctx, call));
        return c.body(oauthTokenForm(made), 201, FORM);
      },
    },
  ];
}
