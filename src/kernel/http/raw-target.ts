// The request target as the client sent it, for requests from a socket. The node server builds a request's
// URL with `new URL()` when its path has `.` or `..` segments (`%2e` included), which resolves them: an S3
// key `a/../b` would become `b` (or another bucket), and its signature, computed over the path as sent
// (S3 does not normalize), would never match. Real S3 and Swift take such paths as they are; so does this.

/** a segment that is or starts with a dot, plain or percent-encoded */
const DOT_SEGMENT = /\/(?:\.|%2e)/i;

/**
 * The request, its URL replaced by the one the client sent when node's would differ. Only the URL Hono
 * routes on and handlers read changes; the body and headers are the request's own.
 */
export function asSent(request: Request, env: { incoming?: { url?: string } } | undefined): Request {
  const target = env?.incoming?.url;
  if (!target?.startsWith("/")) return request;
  const query = target.indexOf("?");
  if (!DOT_SEGMENT.test(query < 0 ? target : target.slice(0, query))) return request;
  const url = request.url;
  const origin = url.slice(0, url.indexOf("/", url.indexOf("://") + 3));
  Object.defineProperty(request, "url", { value: `${origin}${target}`, enumerable: true });
  return request;
}
