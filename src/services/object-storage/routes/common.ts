// What every Swift route shares: the account a path names and whether the caller may use it, the headers
// every answer carries (Date on the virtual clock, X-Timestamp, Last-Modified), metadata headers in and
// out, listing formats (json, plain, xml by `format=` or Accept) and their query.

import type { Draft } from "immer";
import { principalOf, requestHeader, requestHeaderEntries, queryParam, type Ctx } from "../../../kernel/http/context.js";
import { callerOf, runOperation } from "../../../kernel/operation.js";
import { ApiError } from "../../../kernel/errors.js";
import { isAdmin, type Principal } from "../../../kernel/auth/principal.js";
import type { Kernel } from "../../../kernel/kernel.js";
import { httpDateOf } from "../../../kernel/time.js";
import { badRequest, forbidden, notFound, unauthorized } from "../errors.js";
import { MAX_LISTING, type ListQuery } from "../listing.js";
import type { WriteContext } from "../operations/records.js";
import { sliceOf, SLICE, type ObjectStorageState } from "../state.js";
import type { Format } from "../wire.js";

export { httpDate, listingDate, metaOut, timestamp, type Format } from "../wire.js";

export interface Deps {
  kernel: Kernel;
  state: () => ObjectStorageState;
}

export function deps(kernel: Kernel): Deps {
  return { kernel, state: () => kernel.slice<ObjectStorageState>(SLICE) };
}

export { sliceOf };

/**
 * One write, as every service's: a runOperation update (whole or not at all) with the caller the token
 * makes (none for a request a signed URL or a public ACL lets in), handing the recipe the slice and what
 * the write rules need.
 */
export function write<R>(c: Ctx, d: Deps, recipe: (s: Draft<ObjectStorageState>, w: WriteContext) => R): R {
  const principal = c.get("principal");
  const { kernel } = d;
  return runOperation(kernel, (principal && callerOf(principal)) ?? null, (op) => recipe(sliceOf(op.root), { kernel, tx: op.tx, now: op.now }));
}

/** the project of `/v1/AUTH_<project>` */
export function projectOf(c: Ctx): string {
  const account = c.req.param("account") ?? "";
  if (!account.startsWith("AUTH_") || account.length === 5) throw notFound();
  return account.slice(5);
}

/**
 * keystoneauth's reseller: the ResellerAdmin role (any case) owns every account and alone sets account
 * quotas. The emulator's admin role counts as one too (its admin reaches every project in every service).
 */
export function isReseller(principal: Principal): boolean {
  return isAdmin(principal) || principal.roles.some((role) => role.toLowerCase() === "reselleradmin");
}

/** The path's account, when the caller's token is that project's or a reseller's (Swift's keystoneauth). */
export function ownAccount(c: Ctx): string {
  const projectId = projectOf(c);
  const principal = c.get("principal");
  if (!principal) throw unauthorized();
  if (principal.projectId !== projectId && !isReseller(principalOf(c))) throw forbidden();
  return projectId;
}


/** Date, on the virtual clock */
export const dateHeader = (kernel: Kernel) => ({ date: httpDateOf(kernel.clock.now()) });

const META_NAME = 128;
const META_VALUE = 256;
const META_COUNT = 90;
const META_TOTAL = 4096;

/**
 * The `<prefix>*` headers (X-Object-Meta-, X-Container-Meta-...): lower-case names without the prefix.
 * Underscores read as hyphens: Swift sees headers through WSGI's HTTP_* keys, which keep no difference.
 */
export function metaHeaders(c: Ctx, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [raw, value] of requestHeaderEntries(c)) {
    const name = raw.replace(/_/g, "-");
    if (name.startsWith(prefix) && name.length > prefix.length) out[name.slice(prefix.length)] = value;
  }
  return out;
}

/** Names in X-Remove-<kind>-Meta-* headers. */
export function removedMeta(c: Ctx, kind: string): string[] {
  return Object.keys(metaHeaders(c, `x-remove-${kind}-meta-`));
}

/** Swift's metadata constraints (constraints.py): each name and value, their count and their total size. */
export function checkMetadata(metadata: Record<string, string>): void {
  let total = 0;
  const names = Object.keys(metadata);
  for (const name of names) {
    if (name.length > META_NAME) throw badRequest(`Metadata name too long: ${name.slice(0, 32)}...`);
    if (metadata[name]!.length > META_VALUE) throw badRequest(`Metadata value longer than ${META_VALUE}: ${name}`);
    total += name.length + metadata[name]!.length;
  }
  if (names.length > META_COUNT) throw badRequest(`Too many metadata items; max ${META_COUNT}`);
  if (total > META_TOTAL) throw badRequest(`Total metadata too large; max ${META_TOTAL}`);
}



/** `format=` wins over Accept; plain text by default */
export function listingFormat(c: Ctx): Format {
  const format = queryParam(c, "format")?.toLowerCase();
  if (format === "json" || format === "xml") return format;
  if (format === "plain" || format === "txt") return "plain";
  const accept = requestHeader(c, "accept") ?? "";
  if (accept.includes("application/json")) return "json";
  if (accept.includes("application/xml") || accept.includes("text/xml")) return "xml";
  return "plain";
}

export const FORMAT_TYPES: Record<Format, string> = {
  json: "application/json; charset=utf-8",
  plain: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
};

const TRUE = new Set(["true", "1", "yes", "on", "t", "y"]);

export function listQuery(c: Ctx): ListQuery {
  const raw = queryParam(c, "limit");
  let limit = MAX_LISTING;
  if (raw !== undefined && raw !== "") {
    if (!/^\d+$/.test(raw)) throw badRequest("Value of limit must be a positive integer");
    limit = Number(raw);
    if (limit > MAX_LISTING) throw new ApiError(412, "PreconditionFailed", `Maximum limit is ${MAX_LISTING}`);
  }
  const delimiter = queryParam(c, "delimiter") || undefined;
  return {
    prefix: queryParam(c, "prefix") || undefined,
    delimiter,
    marker: queryParam(c, "marker") || undefined,
    endMarker: queryParam(c, "end_marker") || undefined,
    limit,
    reverse: TRUE.has((queryParam(c, "reverse") ?? "").toLowerCase()),
  };
}

