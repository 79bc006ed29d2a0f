// Swift's bulk middleware, delete half: `POST /v1/AUTH_x?bulk-delete` with a text body of URL-encoded
// `/container/object` or `/container` lines (up to 10,000); each is deleted as a DELETE would, the answer
// counts what was deleted and not found and lists the errors (a container not empty: 409).

import { ApiError } from "../../../kernel/errors.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { badRequest } from "../errors.js";
import { deleteContainer, deleteObject } from "../operations/records.js";
import { write, type Deps } from "./common.js";
import { bulkAnswer } from "./large-objects.js";

const MAX_DELETES = 10_000;

export async function bulkDelete(c: Ctx, d: Deps, projectId: string): Promise<Response> {
  const { kernel } = d;
  const lines = (await c.req.text())
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  if (lines.length > MAX_DELETES) throw badRequest(`Max delete failures exceeded: more than ${MAX_DELETES} paths.`);
  let deleted = 0;
  let missing = 0;
  const errors: string[][] = [];
  for (const line of lines) {
    let path: string;
    try {
      path = decodeURIComponent(line).replace(/^\//, "");
    } catch {
      errors.push([line, "400 Bad Request"]);
      continue;
    }
    const slash = path.indexOf("/");
    try {
      write(c, d, (s, w) => {
        if (slash < 0) deleteContainer(s, projectId, path);
        else deleteObject(s, w, projectId, path.slice(0, slash), path.slice(slash + 1));
      });
      deleted++;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 404) missing++;
      else errors.push([`/${path}`, error.status === 409 ? "409 Conflict" : `${error.status} ${error.message}`]);
    }
  }
  const status = errors.length ? (errors.some((e) => e[1]!.startsWith("409")) ? "409 Conflict" : "400 Bad Request") : "200 OK";
  return bulkAnswer(c, kernel, { "Number Deleted": deleted, "Number Not Found": missing, "Response Status": status, "Response Body": "", Errors: errors });
}
