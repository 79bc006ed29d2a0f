// Server-side copy (Swift's copy middleware): `COPY` with Destination, or `PUT` with X-Copy-From. No byte
// is copied: the new object shares the source's parts (their use count grows), so deleting either object
// leaves the other's bytes. The source's metadata carries over, the request's X-Object-Meta-* on top
// (X-Fresh-Metadata: true drops the source's); the answer shows the copy's metadata, as Swift's does.

import { ApiError } from "../../../kernel/errors.js";
import { queryParam, requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { containerNotFound } from "../errors.js";
import { writeObject } from "../operations/objects.js";
import { findContainer } from "../read.js";
import { requireAccess } from "./access.js";
import { readableObject } from "./readable.js";
import { checkMetadata, httpDate, metaHeaders, metaOut, write, type Deps } from "./common.js";
import { checkName, checkPutConditions, deleteAt, storedHeaders } from "./object-input.js";
import { empty } from "./respond.js";

interface Place {
  container: string;
  name: string;
}

function placeOf(value: string, header: string): Place {
  let path = value;
  try {
    path = decodeURIComponent(value);
  } catch {
    // taken as given
  }
  path = path.replace(/^\//, "");
  const slash = path.indexOf("/");
  if (slash <= 0 || slash === path.length - 1) {
    throw new ApiError(412, "PreconditionFailed", `${header} header must be of the form <container name>/<object name>`);
  }
  return { container: checkName(path.slice(0, slash)), name: checkName(path.slice(slash + 1)) };
}

/**
 * `put`: `here` is the destination, X-Copy-From the source; `copy`: `here` is the source, Destination the
 * copy. The route checked the caller on `here`; the other end is checked as the same caller (Swift's copy
 * middleware GETs the source and PUTs the copy as the requester), in whichever account it is.
 */
export function copyObject(c: Ctx, d: Deps, projectId: string, here: Place, mode: "put" | "copy"): Response {
  const { kernel } = d;
  const other = mode === "put" ? requestHeader(c, "x-copy-from-account") : requestHeader(c, "destination-account");
  const otherProject = other ? other.replace(/^AUTH_/, "") : projectId;
  if (otherProject === "" || otherProject.includes("/")) throw new ApiError(412, "PreconditionFailed", "Account name cannot be empty or contain slashes");
  const elsewhere = mode === "put" ? placeOf(requestHeader(c, "x-copy-from")!, "X-Copy-From") : placeOf(requestHeader(c, "destination") ?? "", "Destination");
  const [source, target] = mode === "put" ? [{ project: otherProject, ...elsewhere }, { project: projectId, ...here }] : [{ project: projectId, ...here }, { project: otherProject, ...elsewhere }];
  if (mode === "put") requireAccess(c, d, source.project, source.container, "read");
  else requireAccess(c, d, target.project, target.container, "write");
  const now = kernel.clock.now();
  // ?multipart-manifest=get copies a manifest as it is; otherwise its segments are read, as the caller
  const object = readableObject(c, d, source.project, source.container, source.name, queryParam(c, "multipart-manifest") !== "get");
  if (!findContainer(d.state(), target.project, target.container)) throw containerNotFound();
  const mustBeNew = checkPutConditions(c, false);
  const fresh = /^(true|1|yes|on)$/i.test(requestHeader(c, "x-fresh-metadata") ?? "");
  const metadata = { ...(fresh ? {} : object.metadata), ...metaHeaders(c, "x-object-meta-") };
  checkMetadata(metadata);
  const expiry = deleteAt(c, now);
  const record = write(c, d, (s, w) =>
    writeObject(s, w, target.project, target.container, {
      name: target.name,
      parts: object.parts,
      size: object.size,
      etag: object.etag,
      contentType: requestHeader(c, "content-type") || object.contentType,
      metadata,
      headers: { ...object.headers, ...storedHeaders(c) },
      deleteAt: expiry,
      slo: object.slo,
      mustBeNew,
    }),
  );
  return empty(c, kernel, 201, {
    etag: record.slo ? `"${record.etag}"` : record.etag,
    "last-modified": httpDate(record.modifiedAt),
    "x-copied-from": `${source.container}/${encodeURIComponent(source.name).replace(/%2F/g, "/")}`,
    "x-copied-from-last-modified": httpDate(object.modifiedAt),
    "x-copied-from-account": `AUTH_${source.project}`,
    // Swift's copy middleware answers with the copy's user metadata (the source's and the request's)
    ...metaOut("x-object-meta-", record.metadata),
    ...(record.deleteAt !== undefined ? { "x-delete-at": String(Math.floor(record.deleteAt / 1000)) } : {}),
  });
}
