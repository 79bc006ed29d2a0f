// PutBucketAcl / PutObjectAcl: only the canned ACLs that grant the owner alone (what every bucket and object
// here has) are taken; grants to anyone else, or an AccessControlPolicy body, are 501 NotImplemented.

import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { notImplemented } from "../errors.js";
import { OWNER_ONLY_ACLS } from "../operations/object-headers.js";

export function putAcl(c: Ctx, exists: () => unknown): Response {
  exists();
  const acl = requestHeader(c, "x-amz-acl")?.trim();
  const length = requestHeader(c, "content-length");
  if (acl === undefined || !OWNER_ONLY_ACLS.includes(acl) || (length !== undefined && length !== "0")) {
    throw notImplemented("ACLs other than the canned private one");
  }
  return c.body(null, 200);
}
