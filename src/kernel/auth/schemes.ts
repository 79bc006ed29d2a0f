// The credentials a service accepts, declared as a list of schemes tried in order: OpenStack's
// X-Auth-Token (the default), `Authorization: Bearer <token>`, and AWS Signature V4 (./sigv4.ts). The
// first scheme whose credential the request carries decides who is calling; the kernel then applies policy.

import { unauthorized, type ApiError } from "../errors.js";
import type { Kernel } from "../kernel.js";
import { requestHeader, type Ctx } from "../http/context.js";
import type { Principal } from "./principal.js";

export interface AuthScheme {
  /** `x-auth-token`, `bearer`, `aws-sigv4` */
  readonly name: string;
  /** The credential this scheme reads, when the request carries one; undefined: not this scheme's request. */
  credential(c: Ctx): string | undefined;
  /** Who the credential belongs to, or the refusal (401; or the scheme's own upstream status and code). */
  authenticate(credential: string, c: Ctx, kernel: Kernel): Principal | ApiError;
  /** The refusal when a route needs a caller and the request carries no credential a declared scheme reads. */
  missing(): ApiError;
}

const refused = () => unauthorized();

/** OpenStack's `X-Auth-Token: <token>`, resolved by the token resolver identity installed. */
export const xAuthToken: AuthScheme = {
  name: "x-auth-token",
  credential: (c) => requestHeader(c, "x-auth-token") || undefined,
  authenticate: (token, _c, kernel) => kernel.tokens.resolve(token) ?? refused(),
  missing: refused,
};

/** `Authorization: Bearer <token>` carrying the same identity token (Masakari and other OAuth-minded APIs). */
export const bearer: AuthScheme = {
  name: "bearer",
  credential(c) {
    const header = requestHeader(c, "authorization");
    if (header === undefined || header.length < 6 || header.slice(0, 6).toLowerCase() !== "bearer") return undefined;
    // `Bearer` with no token, or glued to one, is a malformed Bearer credential: refused, not ignored
    return header.length > 7 && header[6] === " " ? header.slice(7).trim() : "";
  },
  authenticate: (token, _c, kernel) => (token ? kernel.tokens.resolve(token) : undefined) ?? refused(),
  missing: refused,
};

/** The services that declare no schemes accept the OpenStack token header only. */
export const DEFAULT_SCHEMES: readonly AuthScheme[] = [xAuthToken];

/**
 * The caller: decided by the first of `schemes` whose credential the request carries (a principal, or
 * that scheme's refusal); undefined when it carries none of them (a credential of a scheme the service
 * does not accept, a Bearer token on an X-Auth-Token service, counts as none).
 */
export function identify(schemes: readonly AuthScheme[], c: Ctx, kernel: Kernel): Principal | ApiError | undefined {
  for (const scheme of schemes) {
    const credential = scheme.credential(c);
    if (credential !== undefined) return scheme.authenticate(credential, c, kernel);
  }
  return undefined;
}
