// Keystone discovery and the /v3/auth endpoints: tokens (issue, validate, check, revoke), the catalog,
// the projects and domains a token may scope to, and the revocation list.

import { createHash } from "node:crypto";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, jsonResponse, principalOf, queryParam, requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { get, scan } from "../../../kernel/store/table.js";
import { isoMicro } from "../../../kernel/time.js";
import { authRequestSchema } from "../schemas.js";
import { checkSubjectToken, issueToken, revokeToken } from "../operations/tokens.js";
import { collectionLinks, tokenView, v3VersionEntry } from "../views.js";
import { tokenCatalog } from "../views-catalog.js";
import { projectView, domainView } from "../views-directory.js";
import { projectsOfUser, rolesOn } from "../state.js";
import { forbidden, validationError } from "../errors.js";
import { recordFailedPasswordAuth } from "../operations/user-records.js";
import { ApiError } from "../../../kernel/errors.js";
import type { IdentityDeps } from "./deps.js";
import { oauthCall } from "./oauth1-tokens.js";

export function authRoutes(deps: IdentityDeps): RouteDef[] {
  const { kernel } = deps;
  const viewOptions = (c: Ctx) => ({ base: baseUrl(c), nocatalog: queryParam(c, "nocatalog") !== undefined });
  const subject = (c: Ctx) => {
    const id = requestHeader(c, "x-subject-token");
    if (!id) throw validationError("The X-Subject-Token header is required.");
    return id;
  };

  return [
    {
      method: "GET",
      path: "/",
      operation: "identity.versions.list",
      policy: "public",
      handler: (c) => {
        const base = baseUrl(c);
        c.header("Location", `${base}/identity/v3/`);
        // 300 Multiple Choices with the `values` wrapper only Keystone uses; gophercloud requires it
        return c.json({ versions: { values: [v3VersionEntry(base)] } }, 300);
      },
    },
    {
      method: "GET",
      path: "/v3",
      operation: "identity.version.show",
      policy: "public",
      handler: (c) => c.json({ version: v3VersionEntry(baseUrl(c)) }),
    },
    route({
      method: "POST",
      path: "/v3/auth/tokens",
      operation: "identity.token.create",
      schema: authRequestSchema,
      policy: "public",
      handler: (c, body) => {
        let token;
        try {
          const oauth = body.auth.identity.methods.includes("oauth1") ? oauthCall(c, deps) : undefined;
          token = deps.write(c, (s, ctx) => issueToken(s, deps.tokenContext(ctx), body, requestHeader(c, "x-auth-token"), oauth));
        } catch (error) {
          // the refused update rolled back, so a wrong password is counted (for lockout) in a write of its own
          const ref = body.auth.identity.password?.user;
          const rules = deps.options.securityCompliance;
          if (ref && rules?.lockoutFailureAttempts && error instanceof ApiError && error.status === 401) {
            deps.write(c, (s, ctx) => recordFailedPasswordAuth(s, ref, ctx.now, rules));
          }
          throw error;
        }
        c.header("X-Subject-Token", token.id);
        c.header("Vary", "X-Auth-Token");
        return c.json(tokenView(deps.state(), token, viewOptions(c)), 201);
      },
    }),
    {
      method: "GET",
      path: "/v3/auth/tokens",
      operation: "identity.token.validate",
      policy: "authenticated",
      handler: (c) => {
        const allowExpiredParam = queryParam(c, "allow_expired");
        const allowExpired = allowExpiredParam === "1" || allowExpiredParam === "true";
        // services validate the same tokens over and over: the lookup and the rendered body are memoized
        const s = deps.state();
        const now = kernel.clock.now();
        const id = subject(c);
        const token = checkSubjectToken(deps.tokens.subject(s, id, now), principalOf(c), id, now, allowExpired);
        const options = viewOptions(c);
        const variant = options.nocatalog ? `${options.base} nocatalog` : options.base;
        const body = deps.tokens.body(s, token, variant, () => JSON.stringify(tokenView(s, token, options)));
        return jsonResponse(c, 200, body, { "x-subject-token": token.id, vary: "X-Auth-Token" });
      },
    },
    {
      method: "DELETE",
      path: "/v3/auth/tokens",
      operation: "identity.token.revoke",
      policy: "authenticated",
      handler: (c) => {
        deps.write(c, (s, ctx) => revokeToken(s, ctx, principalOf(c), subject(c)));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: "/v3/auth/catalog",
      operation: "identity.catalog.show",
      policy: "authenticated",
      handler: (c) => {
        const principal = principalOf(c);
        if (principal.projectId === undefined) throw forbidden("A project-scoped token is required to produce a service catalog.");
        const catalog = tokenCatalog(deps.state(), baseUrl(c), principal.projectId, principal.userId);
        return c.json({ catalog, links: collectionLinks(c.req.url) });
      },
    },
    {
      method: "GET",
      path: "/v3/auth/projects",
      operation: "identity.auth.projects",
      policy: "authenticated",
      handler: (c) => {
        const base = baseUrl(c);
        const projects = projectsOfUser(deps.state(), principalOf(c).userId).filter((p) => p.enabled).map((p) => projectView(p, base));
        return c.json({ projects, links: collectionLinks(c.req.url) });
      },
    },
    {
      method: "GET",
      path: "/v3/auth/domains",
      operation: "identity.auth.domains",
      policy: "authenticated",
      handler: (c) => {
        const s = deps.state();
        const userId = principalOf(c).userId;
        const base = baseUrl(c);
        const domains = [];
        for (const d of scan(s.domains)) {
          if (d.enabled && rolesOn(s, userId, { domain: d.id }).length > 0) domains.push(domainView(d, base));
        }
        return c.json({ domains, links: collectionLinks(c.req.url) });
      },
    },
    {
      method: "GET",
      path: "/v3/auth/system",
      operation: "identity.auth.system",
      policy: "authenticated",
      handler: (c) => {
        const s = deps.state();
        const system = rolesOn(s, principalOf(c).userId, { system: "all" }).length > 0 ? [{ all: true }] : [];
        return c.json({ system, links: collectionLinks(c.req.url) });
      },
    },
    {
      // The spec lists the revocation list as an admin read; PKI-era shape, token ids hashed.
      method: "GET",
      path: "/v3/OS-PKI/revoked",
      operation: "identity.revocations.list",
      policy: "admin",
      handler: (c) => {
        const now = kernel.clock.now();
        const revoked = [];
        for (const t of scan(deps.state().tokens)) {
          if (t.revokedAt === null || t.expiresAt <= now) continue;
          revoked.push({
            id: createHash("sha256").update(t.id).digest("hex"),
            audit_id: t.auditIds[0],
            expires: isoMicro(t.expiresAt),
            revoked_at: isoMicro(t.revokedAt),
            user_id: get(deps.state().users, t.userId)?.id ?? t.userId,
          });
        }
        return c.json({ revoked });
      },
    },
  ];
}
