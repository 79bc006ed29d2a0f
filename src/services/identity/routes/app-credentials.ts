// Application credentials (Keystone v3 /users/{user_id}/application_credentials). Any valid token may
// call these routes; who may do what (owner, admin, restricted credential) is decided by the operations.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl, principalOf } from "../../../kernel/http/context.js";
import { appCredentialCreateSchema, appCredentialCreateUpstreamSchema } from "../schemas/app-credentials.js";
import {
  createAppCredential, deleteAppCredential, listAppCredentials, showAppCredential,
} from "../operations/app-credentials.js";
import { collectionLinks } from "../views.js";
import { appCredentialView } from "../views-app-credentials.js";
import type { IdentityDeps } from "./deps.js";

const COLLECTION = "/v3/users/:user_id/application_credentials";
const MEMBER = `${COLLECTION}/:credential_id`;

export function appCredentialRoutes(deps: IdentityDeps): RouteDef[] {
  const spec = deps.options.profile !== "upstream";
  return [
    route({
      method: "POST",
      path: COLLECTION,
      operation: "identity.application_credential.create",
      schema: spec ? appCredentialCreateSchema : appCredentialCreateUpstreamSchema,
      policy: "authenticated",
      handler: (c, body) => {
        const { credential, secret } = deps.write(c, (s, ctx) =>
          createAppCredential(s, ctx, principalOf(c), c.req.param("user_id")!, body.application_credential),
        );
        return c.json({ application_credential: appCredentialView(deps.state(), credential, baseUrl(c), spec, secret) }, 201);
      },
    }),
    {
      method: "GET",
      path: COLLECTION,
      operation: "identity.application_credential.list",
      policy: "authenticated",
      handler: (c) => {
        const s = deps.state();
        const creds = listAppCredentials(s, principalOf(c), c.req.param("user_id")!, queryParam(c, "name"));
        const base = baseUrl(c);
        return c.json({
          application_credentials: creds.map((cred) => appCredentialView(s, cred, base, spec)),
          links: collectionLinks(c.req.url),
        });
      },
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.application_credential.show",
      policy: "authenticated",
      handler: (c) => {
        const s = deps.state();
        const cred = showAppCredential(s, principalOf(c), c.req.param("user_id")!, c.req.param("credential_id")!);
        return c.json({ application_credential: appCredentialView(s, cred, baseUrl(c), spec) });
      },
    },
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.application_credential.delete",
      policy: "authenticated",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteAppCredential(s, ctx, principalOf(c), c.req.param("user_id")!, c.req.param("credential_id")!));
        return c.body(null, 204);
      },
    },
  ];
}
