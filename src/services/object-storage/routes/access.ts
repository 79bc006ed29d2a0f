// Who may use a container (Swift's keystoneauth, container ACLs, tempurl middleware): the account's own
// project (or an admin) always; others through X-Container-Read (`.r:*` anyone reads objects, `.rlistings`
// anyone lists, `<project>:*` / `<project>:<user>` grants) and X-Container-Write grants; a temporary URL
// (HMAC-SHA1/256/512 of "METHOD\nexpires\npath" with an account or container Temp-URL-Key) for its object.
// Every byte a request reads or writes besides its own path's (a copy's source or destination, a manifest's
// segments, a DLO's segment listing) is checked here too, as the same caller: Swift fetches them with
// subrequests that carry the caller's token, or the temp URL's scope (its account, or its key's container).

import { allows, type Principal } from "../../../kernel/auth/principal.js";
import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { badRequest, forbidden, tempUrlInvalid, unauthorized } from "../errors.js";
import { findContainer } from "../read.js";
import { isReseller, projectOf, type Deps } from "./common.js";
import { isTempUrlRequest, tempUrlScope, type TempUrlScope } from "./temp-url.js";

/** read: GET/HEAD an object; list: GET/HEAD a container; write: PUT/POST/DELETE an object; write-container: its own */
export type Need = "read" | "list" | "write" | "write-container";

/**
 * Swift's swift_owner: an admin, or a member of the account's project (keystoneauth's operator_roles). A
 * reader of the project reads and lists, but is no owner: the ACLs and the Temp-URL keys are hidden from it,
 * as from everyone else.
 */
export function isOwner(c: Ctx, projectId: string): boolean {
  const principal = c.get("principal");
  return !!principal && (isReseller(principal) || (principal.projectId === projectId && allows("member", principal)));
}

/** The path's project, when the caller may do `need` on the path's container; 401 (anonymous) or 403 otherwise. */
export function containerAccess(c: Ctx, d: Deps, need: Need): string {
  const projectId = projectOf(c);
  const container = c.req.param("container") ?? "";
  if (mayUse(c, d, projectId, container, need)) {
    // tempurl refuses headers that would make the upload a pointer to bytes the URL does not reach
    if (need === "write" && requestHeader(c, "x-object-manifest") !== undefined && isTempUrlRequest(c) && tempUrlOf(c, d) !== undefined) {
      throw badRequest("The header 'X-Object-Manifest' is not allowed in this tempurl");
    }
    return projectId;
  }
  throw refusal(c);
}

/** 403 for a caller with a token, 401 for one without or for a temp URL (out of its scope included) */
export const refusal = (c: Ctx) => (tempUrlRequest(c) ? tempUrlInvalid() : c.get("principal") ? forbidden() : unauthorized());
/** the same refusal as a refused subrequest shows in a manifest's or a bulk report */
export const refusalStatus = (c: Ctx) => (c.get("principal") && !tempUrlRequest(c) ? "403 Forbidden" : "401 Unauthorized");

/** a temp URL's request on an object path (tempurl looks at no other) */
const tempUrlRequest = (c: Ctx) => c.req.param("object") !== undefined && isTempUrlRequest(c);

/** Throws the refusal unless the caller may do `need` in another container (a copy's, a segment's). */
export function requireAccess(c: Ctx, d: Deps, projectId: string, container: string, need: Need): void {
  if (!mayUse(c, d, projectId, container, need)) throw refusal(c);
}

/** Whether this request's caller may do `need` in `projectId`'s `container` (which need not exist). */
export function mayUse(c: Ctx, d: Deps, projectId: string, container: string, need: Need): boolean {
  if (tempUrlRequest(c)) {
    // tempurl replaces the authorization: its scope decides, the token is not looked at
    const scope = tempUrlOf(c, d);
    return need !== "write-container" && scope !== undefined && scope.project === projectId && (scope.container === undefined || scope.container === container);
  }
  const principal = c.get("principal");
  if (principal && (isReseller(principal) || (principal.projectId === projectId && allows(need === "read" || need === "list" ? "reader" : "member", principal)))) {
    return true;
  }
  if (need === "write-container") return false;
  const found = findContainer(d.state(), projectId, container);
  const acl = parseAcl(need === "write" ? found?.write : found?.read);
  if (principal && acl.grants.some((g) => grantMatches(g, principal))) return true;
  // a referrer ACL is anyone's, with a token or without (keystoneauth's _authorize_unconfirmed_identity)
  if (need === "read" && acl.anyone) return true;
  if (need === "list" && acl.anyone && acl.listings) return true;
  return false;
}

/** The temp URL's scope, worked out once per request (only object paths take one). */
const scopes = new WeakMap<Request, TempUrlScope | null>();
function tempUrlOf(c: Ctx, d: Deps): TempUrlScope | undefined {
  if (!tempUrlRequest(c)) return undefined;
  let scope = scopes.get(c.req.raw);
  if (scope === undefined) {
    scope = tempUrlScope(c, d, projectOf(c), c.req.param("container") ?? "") ?? null;
    scopes.set(c.req.raw, scope);
  }
  return scope ?? undefined;
}

interface Acl {
  anyone: boolean;
  listings: boolean;
  grants: string[];
}

function parseAcl(value: string | undefined): Acl {
  const acl: Acl = { anyone: false, listings: false, grants: [] };
  for (const raw of (value ?? "").split(",")) {
    const entry = raw.trim();
    if (entry === "") continue;
    if (entry === ".rlistings") acl.listings = true;
    else if (entry.startsWith(".r:")) acl.anyone ||= entry === ".r:*";
    else acl.grants.push(entry);
  }
  return acl;
}

function grantMatches(grant: string, principal: Principal): boolean {
  const [project, user = "*"] = grant.split(":");
  if (!principal.projectId && project !== "*") return false;
  const projectOk = project === "*" || project === principal.projectId || project === principal.projectName;
  const userOk = user === "*" || user === principal.userId || user === principal.userName;
  return projectOk && userOk;
}
