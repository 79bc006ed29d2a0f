// An object as this request's caller may read it, large objects included: Swift's dlo and slo middlewares
// fetch a large object's segments with subrequests made as the caller, so a GET (or a copy's source) of a
// manifest reaches no byte the caller could not GET itself. A DLO's segment container must be listable
// by the caller (else its 401/403, or 404 when it is gone); a SLO's segments must each still be there, as
// the manifest recorded them (ETag and size), and readable by the caller, else the GET is a 409 (Swift
// answers 409 when the first segment fails and cuts the body short at a later one; here all are known
// before the first byte, so any failure is the 409).

import type { Ctx } from "../../../kernel/http/context.js";
import { notFound, segmentConflict } from "../errors.js";
import { liveObject } from "../operations/records.js";
import { findContainer, resolveObject, type ResolvedObject } from "../read.js";
import type { Deps } from "./common.js";
import { mayUse, requireAccess } from "./access.js";

/** `segments`: false for what reads the manifest itself (HEAD of a SLO, ?multipart-manifest=get) */
export function readableObject(c: Ctx, d: Deps, projectId: string, containerName: string, name: string, segments: boolean): ResolvedObject {
  const now = d.kernel.clock.now();
  const container = findContainer(d.state(), projectId, containerName);
  const record = container && liveObject(container, name, now);
  if (!container || !record) throw notFound();
  if (record.dlo !== undefined) {
    const slash = record.dlo.indexOf("/");
    const segmentContainer = slash < 0 ? record.dlo : record.dlo.slice(0, slash);
    requireAccess(c, d, projectId, segmentContainer, "list");
    if (!findContainer(d.state(), projectId, segmentContainer)) throw notFound();
  }
  if (record.slo && segments) {
    for (const segment of record.slo) {
      const path = segment.name.slice(1);
      const slash = path.indexOf("/");
      const [segContainer, segName] = [path.slice(0, slash), path.slice(slash + 1)];
      const found = findContainer(d.state(), projectId, segContainer);
      const current = found && liveObject(found, segName, now);
      if (!current || current.etag !== segment.hash || current.size !== segment.bytes || !mayUse(c, d, projectId, segContainer, "read")) throw segmentConflict();
    }
  }
  return resolveObject(d.state(), projectId, container, name, now)!;
}
