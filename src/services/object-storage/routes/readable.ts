// An object as this request's caller may read it, large objects included: Swift's dlo and slo middlewares
// fetch a large object's segments with subrequests made as the caller, so a GET (or a copy's source) of a
// manifest reaches no byte the caller could not GET itself. A DLO's segment container must be listable
// by the caller (else its 401/403, or 404 when it is gone); a SLO's segments must each still be there, as
// the manifest recorded them (ETag and size), and readable by the caller, else the GET is a 409 (Swift
// answers 409 when the first segment fails and cuts the body short at a later one; here all are known
// before the first byte, so any failure is the 409). Segments that are large objects themselves are
// checked the same way, each once per request, at most ten deep (slo's recursion limit).

import type { Ctx } from "../../../kernel/http/context.js";
import { notFound, segmentConflict } from "../errors.js";
import { isExpired, liveObject } from "../operations/records.js";
import { listPage } from "../listing.js";
import { findContainer, resolveObject, DLO_SEGMENTS, type ResolvedObject } from "../read.js";
import type { ObjectRecord } from "../state.js";
import type { Deps } from "./common.js";
import { mayUse, refusal } from "./access.js";

const MAX_DEPTH = 10;

/** `segments`: false for what reads the manifest itself (HEAD, ?multipart-manifest=get); a DLO is listed even then */
export function readableObject(c: Ctx, d: Deps, projectId: string, containerName: string, name: string, segments: boolean): ResolvedObject {
  const now = d.kernel.clock.now();
  const container = findContainer(d.state(), projectId, containerName);
  const record = container && liveObject(container, name, now);
  if (!container || !record) throw notFound();
  // the manifest's own DLO listing answers as a listing would; any problem further down is the 409
  const listed = dloContainer(record);
  if (listed !== undefined && !mayUse(c, d, projectId, listed, "list")) throw refusal(c);
  if (listed !== undefined && !findContainer(d.state(), projectId, listed)) throw notFound();
  if (segments && segmentsBroken(c, d, projectId, record, now, new Set(), 0)) throw segmentConflict();
  return resolveObject(d.state(), projectId, container, name, now)!;
}

const dloContainer = (record: ObjectRecord) => (record.dlo === undefined ? undefined : record.dlo.split("/", 1)[0]!);

/** Whether any of `record`'s segments is gone, changed or out of the caller's reach; `seen`: manifests checked already. */
function segmentsBroken(c: Ctx, d: Deps, projectId: string, record: ObjectRecord, now: number, seen: Set<ObjectRecord>, depth: number): boolean {
  if (seen.has(record)) return false;
  seen.add(record);
  if (depth > MAX_DEPTH) return true;
  const broken = (segment: ObjectRecord) => (segment.dlo !== undefined || segment.slo !== undefined) && segmentsBroken(c, d, projectId, segment, now, seen, depth + 1);
  const listed = dloContainer(record);
  if (listed !== undefined) {
    const found = findContainer(d.state(), projectId, listed);
    if (!found || !mayUse(c, d, projectId, listed, "list")) return true;
    const prefix = record.dlo!.slice(listed.length + 1);
    const page = listPage(found.objects, { prefix, limit: DLO_SEGMENTS }, (o) => !isExpired(o, now));
    if (page.items.some((item) => item.value && broken(item.value))) return true;
  }
  for (const segment of record.slo ?? []) {
    const path = segment.name.slice(1);
    const slash = path.indexOf("/");
    const segContainer = path.slice(0, slash);
    const found = findContainer(d.state(), projectId, segContainer);
    const current = found && liveObject(found, path.slice(slash + 1), now);
    if (!current || !mayUse(c, d, projectId, segContainer, "read")) return true;
    // a DLO's ETag is its segments' (checked through broken()), not its record's
    if (current.dlo === undefined && (current.etag !== segment.hash || current.size !== segment.bytes)) return true;
    if (broken(current)) return true;
  }
  return false;
}
