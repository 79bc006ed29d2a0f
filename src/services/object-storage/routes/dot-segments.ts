// Names `.` and `..`: Swift takes the path as sent, so `PUT /v1/AUTH_x/c/.` writes an object named `.`.
// The server hands requests on through a URL parser that removes such segments (`c/.` would reach the
// container, `c/..` the account), so a path that had them is refused before anything else happens: a
// 400 the client can read, never a write to what the parser left.

import type { Ctx } from "../../../kernel/http/context.js";
import { badRequest } from "../errors.js";

const DOTS = /^(?:\.|%2e){1,2}$/i;

/** The service's `prepare`: node's raw request target, when there is one (in-process requests have none). */
export function refuseDotSegments(c: Ctx): void {
  const raw = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
  if (raw === undefined) return;
  const query = raw.indexOf("?");
  const path = query < 0 ? raw : raw.slice(0, query);
  // a dot segment starts `/.` or `/%2e`: most paths have neither and are not split
  if (!path.includes("/.") && !path.includes("/%")) return;
  if (path.split("/").some((segment) => DOTS.test(segment))) {
    throw badRequest("A name of . or .. is not supported by this emulator: URL parsing removes it from the path.");
  }
}
