// The addresses the emulator itself may fetch an image from (web-download, the legacy import task) or take
// as an image location: http(s) on the loopback interface only, so a test never reaches beyond its machine.

/** The URI web-download may fetch: http(s) to localhost, 127.0.0.0/8 or ::1; undefined otherwise. */
export function filteredUri(uri: string | undefined): URL | undefined {
  if (!uri) return undefined;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password) return undefined;
  const host = url.hostname.toLowerCase();
  const loopback = host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  return loopback ? url : undefined;
}
