// Cross-site request forgery guard for the control API: a page on another site can make a browser send a
// "simple" POST (an HTML form, or fetch in no-cors mode) to localhost, and the control API reads an empty or
// form body as `{}` (POST /_emulator/reset resets everything). A state-changing request a browser marks as
// coming from another origin is refused with 403. Checked on the browser's own headers rather than on the
// content type: `curl -d '{"by":"5m"}'` (form-encoded by default) and other non-browser clients keep working.

import type { MiddlewareHandler } from "hono";
import { ApiError } from "../kernel/errors.js";
import type { AppEnv } from "../kernel/http/context.js";
import { renderControlError } from "./http.js";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function crossSiteGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method) || !crossSite(c.req.header("sec-fetch-site"), c.req.header("origin"), c.req.url)) return next();
    return renderControlError(
      c,
      new ApiError(403, "CrossSiteRequest", `The control API refuses ${c.req.method} ${c.req.path} from a page of another origin (a browser sent it for that page): call it from the dashboard, a test or a command-line client.`),
    );
  };
}

/**
 * Whether a browser sent the request for a page of another origin. Sec-Fetch-Site, when sent, says so
 * (`same-site` is another port of localhost: refused too); older browsers send only Origin, compared with
 * the address the request was sent to. Clients that are not browsers send neither.
 */
function crossSite(fetchSite: string | undefined, origin: string | undefined, url: string): boolean {
  if (fetchSite !== undefined) return fetchSite !== "same-origin" && fetchSite !== "none";
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== new URL(url).host;
  } catch {
    // `Origin: null` (a sandboxed frame, a file:// page) and anything unreadable
    return true;
  }
}
