// Keystone v3 /ec2tokens and /s3tokens: what an EC2 or S3 front end calls to authenticate a request signed
// with an EC2 credential. Keystone's policy: an admin (Keystone also lets a service user).

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, jsonResponse, queryParam, type Ctx } from "../../../kernel/http/context.js";
import { ec2Authenticate } from "../operations/ec2-tokens.js";
import { forbiddenAction } from "../operations/trusts.js";
import { tokenView } from "../views.js";
import type { IdentityDeps } from "./deps.js";

const bodySchema = z.record(z.string(), z.unknown());

export function ec2TokenRoutes(deps: IdentityDeps): RouteDef[] {
  const issue = (c: Ctx, body: z.output<typeof bodySchema>, kind: "ec2" | "s3") => {
    const token = deps.write(c, (s, ctx) => ec2Authenticate(s, deps.tokenContext(ctx), body, kind, deps.kernel.clock.wallNow()));
    const view = tokenView(deps.state(), token, { base: baseUrl(c), nocatalog: queryParam(c, "nocatalog") !== undefined });
    return { token, view };
  };
  return [
    route({
      method: "POST",
      path: "/v3/ec2tokens",
      operation: "identity.ec2token.create",
      schema: bodySchema,
      // Keystone's rule is admin or service; the emulator's policy levels know no service role
      policy: "admin",
      forbidden: () => forbiddenAction("identity:ec2tokens_validate"),
      handler: (c, body) => {
        const { token, view } = issue(c, body, "ec2");
        // Keystone answers 200 here (not 201), with the new token's id in X-Subject-Token
        return jsonResponse(c, 200, JSON.stringify(view), { "x-subject-token": token.id });
      },
    }),
    route({
      method: "POST",
      path: "/v3/s3tokens",
      operation: "identity.s3token.create",
      schema: bodySchema,
      policy: "admin",
      forbidden: () => forbiddenAction("identity:s3tokens_validate"),
      handler: (c, body) => c.json(issue(c, body, "s3").view, 200),
    }),
  ];
}
