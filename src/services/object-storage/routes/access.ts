// Who may use a container (Swift's keystoneauth, container ACLs, tempurl middleware): the account's own
// project (or an admin) always; others through X-Container-Read (`.r:*` anyone reads objects, `.rlistings`
// anyone lists, `<project>:*` / `<project>:<user>` grants) and X-Container-Write grants; a temporary URL
// (HMAC-SHA1/256/512 of "METHOD\nexpires\npath" with an account or container Temp-URL-Key) for its object.

import { createHmac, timingSafeEqual } from "node:crypto";
import { allows, isAdmin, type Principal } from "../../../kernel/auth/principal.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { forbidden, unauthorized } from "../errors.js";
import { findAccount, findContainer } from "../read.js";
import { projectOf, type Deps } from "./common.js";

/** read: GET/HEAD an object; list: GET/HEAD a container; write: PUT/POST/DELETE an object; write-container: its own */
export type Need = "read" | "list" | "write" | "write-container";

/** Whether the caller is the account's own project or an admin. */
export function isOwner(c: Ctx, projectId: string): boolean {
  const principal = c.get("principal");
  return !!principal && (isAdmin(principal) || principal.projectId === projectId);
}

/** The path's project, when the caller may do `need` there; 401 (anonymous) or 403 otherwise. */
export function containerAccess(c: Ctx, d: Deps, need: Need): string {
  const projectId = projectOf(c);
  const principal = c.get("principal");
  if (principal && (isAdmin(principal) || (principal.projectId === projectId && allows(need === "read" || need === "list" ? "reader" : "member", principal)))) {
    return projectId;
  }
  if (need !== "write-container") {
    const container = findContainer(d.state(), projectId, c.req.param("container") ?? "");
    const acl = parseAcl(need === "write" ? container?.write : container?.read);
    if (principal && acl.grants.some((g) => grantMatches(g, principal))) return projectId;
    if (!principal && need === "read" && acl.anyone) return projectId;
    if (!principal && need === "list" && acl.anyone && acl.listings) return projectId;
    if ((need === "read" || need === "write") && validTempUrl(c, d, projectId)) return projectId;
  }
  throw principal ? forbidden() : unauthorized();
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

const DIGESTS: Record<number, string> = { 40: "sha1", 64: "sha256", 128: "sha512" };

/** A temp URL's signature and expiry: the method (GET also serves HEAD), the path with or without the mount. */
function validTempUrl(c: Ctx, d: Deps, projectId: string): boolean {
  const sig = queryParam(c, "temp_url_sig");
  const expiresRaw = queryParam(c, "temp_url_expires");
  if (!sig || !expiresRaw) return false;
  const expires = /^\d+$/.test(expiresRaw) ? Number(expiresRaw) * 1000 : Date.parse(expiresRaw);
  // the client computed it from its wall clock; it runs out on the virtual one, counted from first use
  if (!Number.isFinite(expires) || d.kernel.clientTime.expired(`tempurl ${expiresRaw} ${sig}`, expires)) return false;
  const account = findAccount(d.state(), projectId);
  const container = findContainer(d.state(), projectId, c.req.param("container") ?? "");
  const keys = [account?.metadata["temp-url-key"], account?.metadata["temp-url-key-2"], container?.metadata["temp-url-key"], container?.metadata["temp-url-key-2"]].filter(
    (k): k is string => k !== undefined,
  );
  if (!keys.length) return false;
  let digest: string | undefined;
  let given: Buffer;
  const colon = sig.indexOf(":");
  if (colon > 0) {
    digest = sig.slice(0, colon);
    given = Buffer.from(sig.slice(colon + 1).replace(/-/g, "+").replace(/_/g, "/"), "base64");
  } else {
    digest = DIGESTS[sig.length];
    given = Buffer.from(sig, "hex");
  }
  if (!digest || !["sha1", "sha256", "sha512"].includes(digest)) return false;
  const path = c.req.path;
  const v1 = path.slice(path.indexOf("/v1/"));
  const methods = c.req.method === "HEAD" ? ["HEAD", "GET", "PUT"] : [c.req.method];
  for (const key of keys) {
    for (const method of methods) {
      for (const signed of [path, v1]) {
        const expected = createHmac(digest, key).update(`${method}\n${expiresRaw}\n${signed}`).digest();
        if (expected.length === given.length && timingSafeEqual(expected, given)) return true;
      }
    }
  }
  return false;
}
