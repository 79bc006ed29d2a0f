// Swift's staticweb middleware: a container read as a web site by GET/HEAD requests without a token (or
// with `X-Web-Mode: true`). Its metadata decides: Web-Index (served for the container root and for
// pseudo-directories, which a 301 first gives their trailing slash), Web-Listings (an HTML listing where no
// index is; the listing needs `.rlistings` as any anonymous listing does), Web-Listings-CSS, Web-Listings-
// Label, Web-Directory-Type (zero- or one-byte objects of that type read as directories) and Web-Error
// (a 404 or 401 serves `<code><Web-Error>` with that status). Reads go through access.ts as the caller.

import { queryParam, requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { escapeMarkup } from "../../../kernel/http/render.js";
import { streamResponse } from "../../../kernel/http/stream.js";
import { isExpired, liveObject } from "../operations/records.js";
import { listPage } from "../listing.js";
import { findContainer, partsStream } from "../read.js";
import { readableObject } from "./readable.js";
import type { Container } from "../state.js";
import { objectHeaders } from "../views.js";
import { dateHeader, listingDate, projectOf, type Deps } from "./common.js";
import { mayUse } from "./access.js";

const TRUE = /^(true|1|yes|on|t|y)$/i;

/** the path as sent: the app routes `/a/` as `/a`, and staticweb tells them apart */
const endsWithSlash = (c: Ctx) => new URL(c.req.url).pathname.endsWith("/");

interface Web {
  projectId: string;
  name: string;
  container: Container;
  index: string;
  error: string;
  listings: string;
  css: string;
  label: string;
  dirType: string;
}

/** Whether staticweb looks at this request: GET/HEAD without a token, or with X-Web-Mode: true. */
const webRequest = (c: Ctx) =>
  (c.req.method === "GET" || c.req.method === "HEAD") && (!c.get("principal") || TRUE.test(requestHeader(c, "x-web-mode") ?? "")) && queryParam(c, "temp_url_sig") === undefined;

function webOf(c: Ctx, d: Deps): Web | undefined {
  if (!webRequest(c)) return undefined;
  let projectId: string;
  try {
    projectId = projectOf(c);
  } catch {
    return undefined;
  }
  const name = c.req.param("container") ?? "";
  const container = findContainer(d.state(), projectId, name);
  if (!container) return undefined;
  const meta = (key: string) => (container.metadata[`web-${key}`] ?? "").trim();
  return { projectId, name, container, index: meta("index"), error: meta("error"), listings: meta("listings"), css: meta("listings-css"), label: meta("listings-label"), dirType: meta("directory-type") || "application/directory" };
}

/** The answer staticweb gives a container GET/HEAD, or undefined to let the container route answer. */
export function staticContainer(c: Ctx, d: Deps): Response | undefined {
  const web = webOf(c, d);
  if (!web) return undefined;
  // staticweb authorizes a container path with its read ACL: without `.rlistings` an anonymous caller is refused
  if (!mayUse(c, d, web.projectId, web.name, "list")) return errorPage(c, d, web, c.get("principal") ? 403 : 401);
  if (!web.listings && !web.index) return TRUE.test(requestHeader(c, "x-web-mode") ?? "") ? plain(c, d, 404) : undefined;
  if (!endsWithSlash(c)) return redirect(c, d);
  const index = web.index ? serve(c, d, web, web.index, 200) : undefined;
  return index ?? htmlListing(c, d, web, "");
}

/** The answer staticweb gives an object GET/HEAD, or undefined to let the object route answer. */
export function staticObject(c: Ctx, d: Deps): Response | undefined {
  const web = webOf(c, d);
  if (!web) return undefined;
  const named = c.req.param("object") ?? "";
  const obj = endsWithSlash(c) && !named.endsWith("/") ? `${named}/` : named;
  const now = d.kernel.clock.now();
  const record = liveObject(web.container, obj, now);
  // a readable object that is not a directory marker, or a refusal (staticweb passes on errors but 404 as they are)
  if (!mayUse(c, d, web.projectId, web.name, "read")) return undefined;
  if (record && !(record.contentType === web.dirType && record.size <= 1)) return undefined;
  if (!web.listings && !web.index) return undefined;
  if (web.index) {
    const path = obj.endsWith("/") ? `${obj}${web.index}` : `${obj}/${web.index}`;
    if (liveObject(web.container, path, now)) return endsWithSlash(c) ? serve(c, d, web, path, 200) : redirect(c, d);
  }
  if (!endsWithSlash(c)) {
    const below = listPage(web.container.objects, { prefix: `${obj}/`, delimiter: "/", limit: 1 }, (o) => !isExpired(o, now));
    return below.items.length ? redirect(c, d) : errorPage(c, d, web, 404);
  }
  return htmlListing(c, d, web, obj);
}

/**
 * An object of the container as the answer (with `status`), or undefined when it is not there or the caller
 * may not read it. Read as a GET of it would be (readableObject): a manifest's segments must each be the
 * caller's to read, else the 409 a GET gets, with none of their bytes.
 */
function serve(c: Ctx, d: Deps, web: Web, name: string, status: number): Response | undefined {
  if (!liveObject(web.container, name, d.kernel.clock.now()) || !mayUse(c, d, web.projectId, web.name, "read")) return undefined;
  const object = readableObject(c, d, web.projectId, web.name, name, c.req.method !== "HEAD");
  const headers = { ...dateHeader(d.kernel), ...objectHeaders(object) };
  if (c.req.method === "HEAD") return c.body(null, status as 200, { ...headers, "content-length": String(object.size) });
  return streamResponse(c, partsStream(d.kernel, object.parts), { status, length: object.size, contentType: object.contentType, headers });
}

/** A 401/404 as staticweb answers it: the `<code><Web-Error>` object, with the error's status, when there is one. */
function errorPage(c: Ctx, d: Deps, web: Web, status: number, fallback?: string): Response {
  if (web.error && status !== 403 && mayUse(c, d, web.projectId, web.name, "read")) {
    const page = serve(c, d, web, `${status}${web.error}`, status);
    if (page) return page;
  }
  return plain(c, d, status, fallback);
}

const STATUS_TEXT: Record<number, string> = { 401: "Unauthorized", 403: "Forbidden", 404: "Not Found" };
function plain(c: Ctx, d: Deps, status: number, body?: string): Response {
  const text = body ?? `<html><h1>${STATUS_TEXT[status]}</h1><p>The resource could not be found.</p></html>`;
  return c.body((c.req.method === "HEAD" ? null : text) as string, status as 404, { ...dateHeader(d.kernel), "content-type": "text/html; charset=UTF-8" });
}

function redirect(c: Ctx, d: Deps): Response {
  const url = new URL(c.req.url);
  return c.body(null, 301, { ...dateHeader(d.kernel), location: `${url.origin}${url.pathname}/`, "content-type": "text/html; charset=UTF-8", "content-length": "0" });
}

/** Python's quote with `/` safe, then `.` escaped as staticweb does for its links */
const quote = (value: string) =>
  [...Buffer.from(value, "utf8")].map((b) => (/[A-Za-z0-9_.\-~/]/.test(String.fromCharCode(b)) && b < 128 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`)).join("");

/** swift.common.utils.human_readable */
function humanReadable(bytes: number): string {
  let value = bytes;
  let index = -1;
  while (value >= 1024 && index + 1 < 8) {
    index++;
    value = Math.round(value / 1024);
  }
  return index < 0 ? String(value) : `${Math.round(value)}${"KMGTPEZY"[index]}i`;
}

function cssLink(web: Web, prefix: string): string {
  const href = /^(\/|https?:\/\/)/.test(web.css) ? web.css : "../".repeat(prefix.split("/").length - 1) + quote(web.css);
  return `  <link rel="stylesheet" type="text/css" href="${escapeMarkup(href)}" />\n`;
}

/** The HTML listing of `prefix` (a pseudo-directory ending in `/`, or "" for the root). */
function htmlListing(c: Ctx, d: Deps, web: Web, prefix: string): Response {
  const path = decodeURIComponent(new URL(c.req.url).pathname.replace(/^\/object-store/, ""));
  const label = web.label ? `${web.label}/${path.split("/").slice(4).join("/")}` : path;
  const head = `<!DOCTYPE html>\n<html>\n <head>\n  <title>Listing of ${escapeMarkup(label)}</title>\n`;
  if (!TRUE.test(web.listings)) {
    let body = head + (web.css ? cssLink(web, prefix) : "  <style type=\"text/css\">\n   h1 {font-size: 1em; font-weight: bold;}\n   p {font-size: 2}\n  </style>\n");
    body += "</head>\n<body>  <h1>Web Listing Disabled</h1>   <p>The owner of this web site has disabled web listing.   <p>If you are the owner of this web site, you can enable   web listing by setting X-Container-Meta-Web-Listings.</p>";
    if (web.index) body += `<h1>Index File Not Found</h1> <p>The owner of this web site has set  <b>X-Container-Meta-Web-Index: ${escapeMarkup(web.index)}</b>.  However, this file is not found.</p>`;
    return errorPage(c, d, web, 404, `${body} </body>\n</html>\n`);
  }
  if (!mayUse(c, d, web.projectId, web.name, "list")) return errorPage(c, d, web, c.get("principal") ? 403 : 401);
  const now = d.kernel.clock.now();
  const items = listPage(web.container.objects, { prefix: prefix || undefined, delimiter: "/", limit: 10_000 }, (o) => !isExpired(o, now)).items;
  if (prefix && !items.length) return errorPage(c, d, web, 404);
  let body = head;
  body += web.css
    ? cssLink(web, prefix)
    : "  <style type=\"text/css\">\n   h1 {font-size: 1em; font-weight: bold;}\n   th {text-align: left; padding: 0px 1em 0px 1em;}\n   td {padding: 0px 1em 0px 1em;}\n   a {text-decoration: none;}\n  </style>\n";
  body += ` </head>\n <body>\n  <h1 id="title">Listing of ${escapeMarkup(label)}</h1>\n  <table id="listing">\n   <tr id="heading">\n    <th class="colname">Name</th>\n    <th class="colsize">Size</th>\n    <th class="coldate">Date</th>\n   </tr>\n`;
  if (prefix) body += '   <tr id="parent" class="item">\n    <td class="colname"><a href="../">../</a></td>\n    <td class="colsize">&nbsp;</td>\n    <td class="coldate">&nbsp;</td>\n   </tr>\n';
  for (const item of items) {
    if (item.subdir === undefined) continue;
    const sub = item.subdir.slice(prefix.length);
    body += `   <tr class="item subdir">\n    <td class="colname"><a href="./${quote(sub).replace(/\./g, "%2E")}">${escapeMarkup(sub)}</a></td>\n    <td class="colsize">&nbsp;</td>\n    <td class="coldate">&nbsp;</td>\n   </tr>\n`;
  }
  for (const item of items) {
    if (item.subdir !== undefined) continue;
    const name = item.name.slice(prefix.length);
    const types = item.value.contentType.split("/").map((t) => `type-${escapeMarkup(t.toLowerCase())}`).join(" ");
    const date = listingDate(item.value.modifiedAt).split(".")[0]!.replace("T", " ");
    body += `   <tr class="item ${types}">\n    <td class="colname"><a href="./${quote(name).replace(/\./g, "%2E")}">${escapeMarkup(name)}</a></td>\n    <td class="colsize">${humanReadable(item.value.size)}</td>\n    <td class="coldate">${date}</td>\n   </tr>\n`;
  }
  body += "  </table>\n </body>\n</html>\n";
  return c.body((c.req.method === "HEAD" ? null : body) as string, 200, { ...dateHeader(d.kernel), "content-type": "text/html; charset=UTF-8", "x-backend-content-generator": "staticweb" });
}
