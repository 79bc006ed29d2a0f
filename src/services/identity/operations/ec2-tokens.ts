// POST /v3/ec2tokens and /v3/s3tokens (keystone/api/_shared/EC2_S3_Resource.py): an EC2 credential's access
// key and a signature over the request the client signed with its secret authenticate the credential's user
// on its project; the answer is a project-scoped token. Refusals as Keystone words them (401s are its generic one).

import * as z from "zod";
import { get, put } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import { unauthorized, validationError } from "../errors.js";
import { rolesOn, withImpliedRoles, type IdentityState, type Token } from "../state.js";
import { EC2, ec2Blob, ec2CredentialId } from "./credentials.js";
import { ec2Signature, s3Signature, sameSignature } from "./ec2-signature.js";
import type { TokenContext } from "./tokens.js";

/** Keystone's [credential] auth_ttl: a signed request older than this is refused */
const AUTH_TTL_MS = 15 * 60_000;

const text = z.union([z.string(), z.number(), z.boolean()]).transform(String);
const credentialsSchema = z.looseObject({
  access: z.string().optional(),
  signature: z.string().optional(),
  host: z.string().optional(),
  verb: z.string().optional(),
  path: z.string().optional(),
  params: z.record(z.string(), text).optional(),
  headers: z.record(z.string(), text).optional(),
  body_hash: z.string().optional(),
  token: z.string().optional(),
});
type Credentials = z.infer<typeof credentialsSchema>;

/** Keystone accepts the credentials under any of three names; the request body itself must not be empty. */
function credentialsOf(body: Record<string, unknown>): Credentials {
  if (Object.keys(body).length === 0) throw validationError("request must include a request body");
  const raw = body.credentials || body.credential || body.ec2Credentials || {};
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) throw validationError("Invalid credentials: access, signature, host, verb, path and token are strings, params and headers objects.");
  return parsed.data;
}

function checkEc2(secret: string, c: Credentials): void {
  if (!c.signature) throw unauthorized();
  const request = { verb: c.verb ?? "", host: c.host ?? "", path: c.path ?? "", params: c.params ?? {}, headers: c.headers ?? {}, bodyHash: c.body_hash ?? "" };
  const expected = ec2Signature(secret, request);
  if (expected !== undefined && sameSignature(expected, c.signature)) return;
  // some clients leave the port out of what they sign
  const bareHost = request.host.includes(":") ? hostnameOf(request.host) : undefined;
  if (bareHost !== undefined) {
    const bare = ec2Signature(secret, request, bareHost);
    if (bare !== undefined && sameSignature(bare, c.signature)) return;
  }
  throw unauthorized();
}

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

function checkS3(secret: string, c: Credentials): void {
  if (!c.token || !c.signature) throw unauthorized();
  const expected = s3Signature(secret, c.token);
  if (expected === undefined || !sameSignature(expected, c.signature)) throw unauthorized();
}

/**
 * Keystone reads the signed time (v2 Timestamp, v4 X-Amz-Date) and refuses one past the auth TTL. The
 * client signed with its wall clock, so the TTL runs on the wall clock too, not the virtual one.
 */
function checkTimestamp(c: Credentials, wallNow: number): void {
  const stamp = c.params?.Timestamp || c.headers?.["X-Amz-Date"] || c.params?.["X-Amz-Date"];
  if (!stamp) return;
  const iso = /^\d{8}T\d{6}Z$/.test(stamp)
    ? `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`
    : stamp;
  const at = Date.parse(iso);
  if (Number.isNaN(at) || wallNow > at + AUTH_TTL_MS) throw unauthorized();
}

export function ec2Authenticate(
  s: IdentityState,
  ctx: TokenContext,
  body: Record<string, unknown>,
  kind: "ec2" | "s3",
  /** the real time (the kernel clock's wallNow()) the signed timestamp is checked against */
  wallNow: number,
): Token {
  const c = credentialsOf(body);
  if (c.access === undefined) throw unauthorized();
  const cred = get(s.credentials, ec2CredentialId(c.access));
  const blob = cred && cred.type === EC2 ? ec2Blob(cred.blob) : undefined;
  if (!cred || !blob) throw new ApiError(404, "Not Found", "EC2 access key not found.");
  if (kind === "ec2") checkEc2(blob.secret ?? "", c);
  else checkS3(blob.secret ?? "", c);
  const project = cred.projectId === null ? undefined : get(s.projects, cred.projectId);
  const user = get(s.users, cred.userId);
  if (!project || !user) throw unauthorized();
  if (!user.enabled || !project.enabled || get(s.domains, user.domainId)?.enabled !== true) throw unauthorized();
  checkTimestamp(c, wallNow);
  const roleIds = withImpliedRoles(s, rolesOn(s, user.id, { project: project.id }));
  if (roleIds.length === 0) throw unauthorized();
  const token: Token = {
    id: ctx.ids.token(),
    userId: user.id,
    methods: ["ec2credential"],
    scope: { kind: "project", projectId: project.id },
    roleIds,
    issuedAt: ctx.now,
    expiresAt: ctx.now + ctx.ttlMs,
    auditIds: [ctx.ids.auditId()],
    revokedAt: null,
    applicationCredentialId: null,
    userEpoch: user.tokenEpoch,
  };
  put(s.tokens, token);
  ctx.tx.emit("identity.token.issued", { userId: user.id, scope: token.scope, auditId: token.auditIds[0]!, methods: token.methods });
  return token;
}
