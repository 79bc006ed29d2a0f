// Swift guesses a missing Content-Type from the object name's extension (Python's mimetypes), else
// application/octet-stream.

const TYPES: Record<string, string> = {
  txt: "text/plain", html: "text/html", htm: "text/html", css: "text/css", csv: "text/csv", xml: "application/xml",
  json: "application/json", js: "application/javascript", pdf: "application/pdf", zip: "application/zip",
  gz: "application/gzip", tar: "application/x-tar", tgz: "application/x-tar", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg",
  gif: "image/gif", svg: "image/svg+xml", ico: "image/vnd.microsoft.icon", mp4: "video/mp4", mp3: "audio/mpeg", iso: "application/x-iso9660-image",
  qcow2: "application/octet-stream", img: "application/octet-stream", yaml: "application/x-yaml", yml: "application/x-yaml", sh: "application/x-sh",
  py: "text/x-python", md: "text/markdown",
};

export function guessContentType(name: string): string {
  const dot = name.lastIndexOf(".");
  const ext = dot < 0 || name.lastIndexOf("/") > dot ? "" : name.slice(dot + 1).toLowerCase();
  return TYPES[ext] ?? "application/octet-stream";
}
