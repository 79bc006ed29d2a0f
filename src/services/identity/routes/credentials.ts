// Keystone v3 /credentials (generic credential CRUD) and /users/{user_id}/credentials/OS-EC2 (EC2 key
// pairs for S3). Any valid token may call them; the operations decide who may do what (owner or admin).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl, principalOf } from "../../../kernel/http/context.js";
import { credentialCreateSchema, credentialUpdateSchema, ec2CredentialCreateSchema } from "../schemas/credentials.js";
import {
  createCredential, createEc2Credential, deleteCredential, deleteEc2Credential, listCredentials, listEc2Credentials,
  showCredential, showEc2Credential, updateCredential,
} from "../operations/credentials.js";
import { collectionLinks } from "../views.js";
import { credentialView, ec2CredentialView } from "./credentials-views.js";
import type { IdentityDeps } from "./deps.js";

const COLLECTION = "/v3/credentials";
const MEMBER = `${COLLECTION}/:credential_id`;
const EC2 = "/v3/users/:user_id/credentials/OS-EC2";
const EC2_MEMBER = `${EC2}/:access`;

export function credentialRoutes(deps: IdentityDeps): RouteDef[] {
  return [
    route({
      method: "POST",
      path: COLLECTION,
      operation: "identity.credential.create",
      schema: credentialCreateSchema,
      policy: "authenticated",
      handler: (c, body) => {
        const cred = deps.write(c, (s, ctx) => createCredential(s, ctx.ids, principalOf(c), body.credential));
        return c.json({ credential: credentialView(cred, baseUrl(c)) }, 201);
      },
    }),
    {
      method: "GET",
      path: COLLECTION,
      operation: "identity.credential.list",
      policy: "authenticated",
      handler: (c) => {
        const creds = listCredentials(deps.state(), principalOf(c), { userId: queryParam(c, "user_id"), type: queryParam(c, "type") });
        const base = baseUrl(c);
        return c.json({ credentials: creds.map((cred) => credentialView(cred, base)), links: collectionLinks(c.req.url) });
      },
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.credential.show",
      policy: "authenticated",
      handler: (c) => c.json({ credential: credentialView(showCredential(deps.state(), principalOf(c), c.req.param("credential_id")!), baseUrl(c)) }),
    },
    route({
      method: "PATCH",
      path: MEMBER,
      operation: "identity.credential.update",
      schema: credentialUpdateSchema,
      policy: "authenticated",
      handler: (c, body) => {
        const cred = deps.write(c, (s) => updateCredential(s, principalOf(c), c.req.param("credential_id")!, body.credential));
        return c.json({ credential: credentialView(cred, baseUrl(c)) });
      },
    }),
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.credential.delete",
      policy: "authenticated",
      handler: (c) => {
        deps.write(c, (s) => deleteCredential(s, principalOf(c), c.req.param("credential_id")!));
        return c.body(null, 204);
      },
    },
    route({
      method: "POST",
      path: EC2,
      operation: "identity.ec2_credential.create",
      schema: ec2CredentialCreateSchema,
      policy: "authenticated",
      handler: (c, body) => {
        const cred = deps.write(c, (s, ctx) => createEc2Credential(s, ctx.ids, principalOf(c), c.req.param("user_id")!, body.tenant_id));
        return c.json({ credential: ec2CredentialView(cred, baseUrl(c)) }, 201);
      },
    }),
    {
      method: "GET",
      path: EC2,
      operation: "identity.ec2_credential.list",
      policy: "authenticated",
      handler: (c) => {
        const creds = listEc2Credentials(deps.state(), principalOf(c), c.req.param("user_id")!);
        const base = baseUrl(c);
        return c.json({ credentials: creds.map((cred) => ec2CredentialView(cred, base)), links: collectionLinks(c.req.url) });
      },
    },
    {
      method: "GET",
      path: EC2_MEMBER,
      operation: "identity.ec2_credential.show",
      policy: "authenticated",
      handler: (c) => {
        const cred = showEc2Credential(deps.state(), principalOf(c), c.req.param("user_id")!, c.req.param("access")!);
        return c.json({ credential: ec2CredentialView(cred, baseUrl(c)) });
      },
    },
    {
      method: "DELETE",
      path: EC2_MEMBER,
      operation: "identity.ec2_credential.delete",
      policy: "authenticated",
      handler: (c) => {
        deps.write(c, (s) => deleteEc2Credential(s, principalOf(c), c.req.param("user_id")!, c.req.param("access")!));
        return c.body(null, 204);
      },
    },
  ];
}
