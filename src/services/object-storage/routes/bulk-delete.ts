// Swift's bulk middleware, delete half: `POST /v1/AUTH_x?bulk-delete` with a text body of URL-encoded
// `/container/object` or `/container` lines; objects are deleted first, then containers, each as a DELETE
// would. The answer is always a 200 whose report carries the outcome (Swift streams it, so its status line
// is sent before the work is done): counts deleted and not found, the errors (a container not empty: 409),
// and a "Response Status" of its own. The body is read line by line as it arrives and never whole: past
// 10,000 lines (max_deletes_per_request) it stops reading and reports a 413, and a line longer than twice
// the longest path is a 400 (Swift's "Invalid File Name"), so a body of any size costs a bounded read.

import { ApiError } from "../../../kernel/errors.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { streamedBody } from "../../../kernel/http/stream.js";
import { deleteContainer, deleteObject } from "../operations/records.js";
import { write, type Deps } from "./common.js";
import { bulkAnswer } from "./bulk-report.js";
import { MAX_OBJECT_NAME } from "./object-input.js";

const MAX_DELETES = 10_000;
const MAX_FAILURES = 1000;
/** Swift's max_path_length: an object name, a container name and their two slashes */
const MAX_PATH = MAX_OBJECT_NAME + 256 + 2;

type Report = Record<string, unknown> & { Errors: string[][] };
const report = (status: string, body = "", errors: string[][] = [], deleted = 0, missing = 0): Report => ({
  "Number Deleted": deleted,
  "Number Not Found": missing,
  "Response Status": status,
  "Response Body": body,
  Errors: errors,
});

export async function bulkDelete(c: Ctx, d: Deps, projectId: string): Promise<Response> {
  const read = await readLines(c);
  if (typeof read === "string") {
    const status = read === "too many" ? "413 Request Entity Too Large" : "400 Bad Request";
    return bulkAnswer(c, d.kernel, report(status, read === "too many" ? `Maximum Bulk Deletes: ${MAX_DELETES} per request` : "Invalid File Name"));
  }
  let deleted = 0;
  let missing = 0;
  const errors: string[][] = [];
  const paths: string[] = [];
  for (const line of read) {
    try {
      paths.push(decodeURIComponent(line).replace(/^\/+/, ""));
    } catch {
      errors.push([line, "400 Bad Request"]);
    }
  }
  const objects = paths.filter((p) => p.replace(/\/+$/, "").includes("/"));
  const containers = paths.filter((p) => p !== "" && !p.replace(/\/+$/, "").includes("/"));
  for (const path of [...objects, ...containers]) {
    if (errors.length >= MAX_FAILURES) return bulkAnswer(c, d.kernel, report("400 Bad Request", "Max delete failures exceeded", errors, deleted, missing));
    if (path.includes("\0")) {
      errors.push([`/${path}`, "412 Precondition Failed"]);
      continue;
    }
    const slash = path.indexOf("/");
    try {
      write(c, d, (s, w) => {
        if (slash < 0) deleteContainer(s, projectId, path.replace(/\/+$/, ""));
        else deleteObject(s, w, projectId, path.slice(0, slash), path.slice(slash + 1));
      });
      deleted++;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 404) missing++;
      else errors.push([`/${path}`, error.status === 409 ? "409 Conflict" : `${error.status} ${error.message}`]);
    }
  }
  if (errors.length) return bulkAnswer(c, d.kernel, report(errors.some((e) => e[1]!.startsWith("409")) ? "409 Conflict" : "400 Bad Request", "", errors, deleted, missing));
  if (!deleted && !missing) return bulkAnswer(c, d.kernel, report("400 Bad Request", "Invalid bulk delete."));
  return bulkAnswer(c, d.kernel, report("200 OK", "", errors, deleted, missing));
}

/**
 * The body's lines, trimmed (blank ones count towards the limit, as Swift counts them), read as they
 * arrive; "too many" or "too long" as soon as the body passes a limit, the rest left unread.
 */
async function readLines(c: Ctx): Promise<string[] | "too many" | "too long"> {
  const reader = streamedBody(c).stream.getReader();
  const decoder = new TextDecoder();
  const lines: string[] = [];
  let pending = "";
  const stop = (why: "too many" | "too long") => {
    void reader.cancel().catch(() => {});
    return why;
  };
  for (;;) {
    const { done, value } = await reader.read();
    pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
    let start = 0;
    for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n", start)) {
      if (end - start > 2 * MAX_PATH) return stop("too long");
      lines.push(pending.slice(start, end).trim());
      if (lines.length > MAX_DELETES) return stop("too many");
      start = end + 1;
    }
    pending = pending.slice(start);
    if (pending.length > 2 * MAX_PATH) return stop("too long");
    if (done) break;
  }
  if (pending.trim() !== "") lines.push(pending.trim());
  return lines.length > MAX_DELETES ? "too many" : lines;
}
