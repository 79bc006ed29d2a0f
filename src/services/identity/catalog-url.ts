// Keystone's endpoint URL templates: `$(project_id)s` or `%(tenant_id)s` filled per token, as its
// format_url does (only whitelisted keys; a URL naming the project is left out of a catalog without one).

const WHITELIST = new Set(["tenant_id", "project_id", "user_id", "compute_host", "public_endpoint"]);

type Piece = string | { key: string };

/** The URL split into text and keys, or undefined when Python's %-formatting would fail on it. */
function parse(url: string): Piece[] | undefined {
  const template = url.replaceAll("$(", "%(");
  const pieces: Piece[] = [];
  let text = "";
  for (let i = 0; i < template.length; i++) {
    const ch = template[i]!;
    if (ch !== "%") {
      text += ch;
      continue;
    }
    if (template[i + 1] === "%") {
      text += "%";
      i++;
      continue;
    }
    const close = template.indexOf(")", i);
    if (template[i + 1] !== "(" || close < 0 || template[close + 1] !== "s") return undefined;
    if (text) pieces.push(text);
    text = "";
    pieces.push({ key: template.slice(i + 2, close) });
    i = close + 1;
  }
  if (text) pieces.push(text);
  return pieces;
}

/** Keystone's check_endpoint_url: substitutions only of whitelisted keys. */
export function validEndpointUrl(url: string): boolean {
  const pieces = parse(url);
  return pieces !== undefined && pieces.every((p) => typeof p === "string" || WHITELIST.has(p.key));
}

export interface UrlSubstitutions {
  projectId?: string;
  userId: string;
}

/** The URL with its keys filled; undefined leaves the endpoint out (no project to fill, or malformed). */
export function formatEndpointUrl(url: string, subs: UrlSubstitutions): string | undefined {
  if (!url.includes("%") && !url.includes("$(")) return url;
  const pieces = parse(url);
  if (!pieces) return undefined;
  let out = "";
  for (const piece of pieces) {
    if (typeof piece === "string") out += piece;
    else if (piece.key === "project_id" || piece.key === "tenant_id") {
      if (subs.projectId === undefined) return undefined;
      out += subs.projectId;
    } else if (piece.key === "user_id") out += subs.userId;
    else return undefined;
  }
  return out;
}

/** A service module's catalog path (`{project_id}` placeholder) as a Keystone URL template. */
export function templateOfPath(path: string): string {
  return path.replaceAll("{project_id}", "$(project_id)s");
}
