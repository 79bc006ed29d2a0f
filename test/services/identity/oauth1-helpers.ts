// Shared by the OS-OAUTH1 tests: an OAuth 1.0a signer written out from RFC 5849 with node:crypto (no code
// of the emulator's), and the steps of the flow a consumer runs: request token, authorization, access token,
// `oauth1` authentication.

import { createHmac, randomBytes } from "node:crypto";
import type { Emulator } from "../../../src/app.js";
import { call, type Call } from "../../helpers/emulator.js";

export const OAUTH = "/identity/v3/OS-OAUTH1";
export const TOKENS = "/identity/v3/auth/tokens";

/** RFC 5849 3.6: unreserved characters kept, everything else as %XX of its UTF-8 bytes. */
export const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignOptions {
  method?: string;
  /** the absolute URL the client calls, query included (its parameters are signed unless `signQuery` is false) */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
  /** oauth_callback, oauth_verifier, ... */
  extra?: Record<string, string>;
  /** epoch seconds; by default the wall clock's, as a real client stamps it */
  timestamp?: number;
  nonce?: string;
  signatureMethod?: "HMAC-SHA1" | "HMAC-SHA256" | "PLAINTEXT";
  signQuery?: boolean;
  /** what the signature is computed over instead of `url` (a tampered request) */
  signedUrl?: string;
}

/** The Authorization header of a request signed per RFC 5849 3.4 (base string, HMAC or PLAINTEXT). */
export function oauthHeader(o: SignOptions): string {
  const method = o.signatureMethod ?? "HMAC-SHA1";
  const protocol: Record<string, string> = {
    oauth_consumer_key: o.consumerKey,
    oauth_nonce: o.nonce ?? randomBytes(8).toString("hex"),
    oauth_signature_method: method,
    oauth_timestamp: String(o.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: "1.0",
    ...(o.token ? { oauth_token: o.token } : {}),
    ...o.extra,
  };
  const url = new URL(o.signedUrl ?? o.url);
  const pairs = Object.entries(protocol);
  if (o.signQuery !== false) pairs.push(...url.searchParams.entries());
  const normalized = pairs
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const base = `${(o.method ?? "POST").toUpperCase()}&${enc(`${url.protocol}//${url.host}${url.pathname}`)}&${enc(normalized)}`;
  const key = `${enc(o.consumerSecret)}&${enc(o.tokenSecret ?? "")}`;
  const signature = method === "PLAINTEXT" ? key : createHmac(method === "HMAC-SHA1" ? "sha1" : "sha256", key).update(base).digest("base64");
  const fields = { ...protocol, oauth_signature: signature };
  return `OAuth ${Object.entries(fields).map(([k, v]) => `${k}="${enc(v)}"`).join(", ")}`;
}

/** A form-encoded token answer's fields. */
export function formOf(res: Call): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(res.text));
}

export interface Consumer {
  id: string;
  secret: string;
}

export async function createConsumer(emu: Emulator, admin: string): Promise<Consumer> {
  const res = await call(emu, "POST", `${OAUTH}/consumers`, { token: admin, body: { consumer: { description: "test" } } });
  if (res.status !== 201) throw new Error(`consumer: ${res.status} ${res.text}`);
  return { id: res.body.consumer.id, secret: res.body.consumer.secret };
}

type SignExtras = Partial<Omit<SignOptions, "url" | "consumerKey" | "consumerSecret">>;

export function requestToken(emu: Emulator, consumer: Consumer, projectId: string | undefined, o: SignExtras & { path?: string } = {}): Promise<Call> {
  const path = o.path ?? `${OAUTH}/request_token`;
  const authorization = oauthHeader({ url: `http://localhost${path}`, consumerKey: consumer.id, consumerSecret: consumer.secret, extra: { oauth_callback: "oob" }, ...o });
  const headers: Record<string, string> = { Authorization: authorization };
  if (projectId !== undefined) headers["Requested-Project-Id"] = projectId;
  return call(emu, "POST", path, { headers });
}

export function authorize(emu: Emulator, token: string, requestTokenId: string, roles: Array<{ id: string } | { name: string }>): Promise<Call> {
  return call(emu, "PUT", `${OAUTH}/authorize/${requestTokenId}`, { token, body: { roles } });
}

export function accessToken(emu: Emulator, consumer: Consumer, request: { oauth_token: string; oauth_token_secret: string }, verifier: string, o: SignExtras = {}): Promise<Call> {
  const authorization = oauthHeader({
    url: `http://localhost${OAUTH}/access_token`,
    consumerKey: consumer.id,
    consumerSecret: consumer.secret,
    token: request.oauth_token,
    tokenSecret: request.oauth_token_secret,
    extra: { oauth_verifier: verifier },
    ...o,
  });
  return call(emu, "POST", `${OAUTH}/access_token`, { headers: { Authorization: authorization } });
}

/** POST /v3/auth/tokens with the `oauth1` method, signed with the access token. */
export function oauthLogin(emu: Emulator, consumer: Consumer, access: { oauth_token: string; oauth_token_secret: string }, o: SignExtras & { query?: string } = {}): Promise<Call> {
  const authorization = oauthHeader({
    url: `http://localhost${TOKENS}`,
    consumerKey: consumer.id,
    consumerSecret: consumer.secret,
    token: access.oauth_token,
    tokenSecret: access.oauth_token_secret,
    ...o,
  });
  return call(emu, "POST", `${TOKENS}${o.query ?? ""}`, {
    headers: { Authorization: authorization },
    body: { auth: { identity: { methods: ["oauth1"], oauth1: {} } } },
  });
}

/** The whole flow: a request token on `projectId`, authorized by `authorizer` with `roles`, exchanged. */
export async function grant(emu: Emulator, consumer: Consumer, authorizer: string, projectId: string, roles: Array<{ id: string } | { name: string }>) {
  const request = formOf(await requestToken(emu, consumer, projectId)) as { oauth_token: string; oauth_token_secret: string };
  const verifier = (await authorize(emu, authorizer, request.oauth_token, roles)).body.token.oauth_verifier as string;
  const access = formOf(await accessToken(emu, consumer, request, verifier)) as { oauth_token: string; oauth_token_secret: string };
  return { request, verifier, access };
}
