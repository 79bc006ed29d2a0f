// Swift's bulk middleware, upload half: `PUT /v1/AUTH_x[/container[/prefix]]?extract-archive=tar|tar.gz|
// tar.bz2` writes each regular file of the archive as an object (`<container>/<prefix>/<member path>`; at
// the account level a member's first path segment is its container, created when missing, at most 10,000
// per archive), as the caller's own PUTs would: the same access checks, quotas and the request's
// X-Object-Meta-*, X-Delete-At/-After on every object, a pax header's user.mime_type and user.meta.* on its
// own. The archive is read as it arrives (gzip through node:zlib) and never whole. The answer is the bulk
// report (bulk-report.ts): "201 Created", or "400 Bad Request" with the failures (at most 1,000 before it
// stops), or "Invalid Tar File: <why>" for an archive tarfile cannot read, the objects written before the
// damage staying, as in Swift. There is no bzip2 in node: a tar.bz2 is reported as an unreadable archive.

import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { ApiError, reason } from "../../../kernel/errors.js";
import { queryParam, requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { streamedBody } from "../../../kernel/http/stream.js";
import { guessContentType } from "../content-type.js";
import { badRequest } from "../errors.js";
import { writeObject } from "../operations/objects.js";
import { createContainer } from "../operations/records.js";
import { findContainer } from "../read.js";
import { TarError, TarReader } from "../tar.js";
import { checkMetadata, metaHeaders, write, type Deps } from "./common.js";
import { mayUse } from "./access.js";
import { bulkAnswer } from "./bulk-report.js";
import { MAX_OBJECT_NAME } from "./object-input.js";

const MAX_CONTAINERS = 10_000;
const MAX_FAILURES = 1000;
/** constraints.MAX_FILE_SIZE: 5 GiB and 2 bytes */
const MAX_FILE_SIZE = 5 * 1024 ** 3 + 2;
const MAX_PATH = MAX_OBJECT_NAME + 256 + 2;

/** The archive type of ?extract-archive=, or undefined for one bulk does not know (a 400 of its own). */
export function archiveType(c: Ctx): "" | "gz" | "bz2" {
  const raw = (queryParam(c, "extract-archive") ?? "").toLowerCase().replace(/^\.+|\.+$/g, "");
  const type = ({ tar: "", "tar.gz": "gz", "tar.bz2": "bz2" } as const)[raw as "tar"];
  if (type === undefined) throw badRequest("Unsupported archive format");
  return type;
}

export const isExtractArchive = (c: Ctx) => queryParam(c, "extract-archive") !== undefined;

class Stop extends Error {
  constructor(readonly status: string, readonly body: string) {
    super(status);
  }
}

/** Python's quote (wsgi_quote) of a failed path, with `/` kept */
const quote = (value: string) => encodeURIComponent(value).replace(/%2F/g, "/").replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** `base`: the path below the account ("" | container | container/prefix) */
export async function extractArchive(c: Ctx, d: Deps, projectId: string, base: string): Promise<Response> {
  const type = archiveType(c);
  const result = { "Response Status": "201 Created", "Response Body": "", "Number Files Created": 0, Errors: [] as string[][] };
  const body = streamedBody(c);
  let source: AsyncIterator<Uint8Array>;
  let close: () => void;
  if (type === "gz") {
    const gunzip = createGunzip();
    const incoming = Readable.fromWeb(body.stream as never).on("error", (error) => gunzip.destroy(error));
    incoming.pipe(gunzip);
    source = bounded(gunzip[Symbol.asyncIterator](), body.maxBytes);
    close = () => {
      gunzip.destroy();
      incoming.destroy();
    };
  } else {
    const reader = body.stream.getReader();
    source = { next: () => reader.read() as Promise<IteratorResult<Uint8Array>> };
    close = () => void reader.cancel().catch(() => {});
  }
  const outcome = (status: string, text: string) => {
    result["Response Status"] = status;
    result["Response Body"] = text;
  };
  try {
    if (body.length === undefined && !/chunked/i.test(requestHeader(c, "transfer-encoding") ?? "")) throw new Stop("411 Length Required", "Length Required");
    if (type === "bz2") throw new TarError("bzip2 archives are not supported by this emulator");
    await extract(c, d, projectId, base.replace(/\/+$/, ""), new TarReader(source), result);
    if (result.Errors.length) result["Response Status"] = "400 Bad Request";
    else if (!result["Number Files Created"]) outcome("400 Bad Request", "Invalid Tar File: No Valid Files");
  } catch (error) {
    if (error instanceof Stop) outcome(error.status, error.body);
    else if (error instanceof TarError) outcome("400 Bad Request", `Invalid Tar File: ${error.message}`);
    else if (error instanceof Error && "code" in error && String(error.code).startsWith("Z_")) {
      // what tarfile says of the same damage: a bad gzip header, then bad or cut-off compressed data
      const why = /header/.test(error.message) ? "not a gzip file" : error.code === "Z_BUF_ERROR" ? "unexpected end of data" : "invalid compressed data";
      outcome("400 Bad Request", `Invalid Tar File: ${why}`);
    } else if (error instanceof ApiError && error.status < 500) outcome(`${error.status} ${reason(error.status)}`, error.message);
    else throw error;
  } finally {
    close();
  }
  return bulkAnswer(c, d.kernel, result, "extract");
}

/** The decompressed bytes, refused past the route's body limit (a small archive may inflate without end). */
async function* boundedGen(source: AsyncIterator<Buffer>, limit: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for (let next = await source.next(); !next.done; next = await source.next()) {
    total += next.value.length;
    if (total > limit) throw new Stop("413 Request Entity Too Large", "The decompressed archive is larger than the upload limit.");
    yield next.value;
  }
}
const bounded = (source: AsyncIterator<Buffer>, limit: number): AsyncIterator<Uint8Array> => boundedGen(source, limit);

async function extract(c: Ctx, d: Deps, projectId: string, base: string, tar: TarReader, result: { "Number Files Created": number; Errors: string[][] }): Promise<void> {
  const { kernel } = d;
  const accessed = new Set<string>();
  const meta = metaHeaders(c, "x-object-meta-");
  const deleteAtRaw = requestHeader(c, "x-delete-at");
  const deleteAfterRaw = requestHeader(c, "x-delete-after");
  let created = 0;
  for (let member = await tar.next(); member && result.Errors.length < MAX_FAILURES; member = await tar.next()) {
    if (!member.file) continue;
    let path = member.name.startsWith("./") ? member.name.slice(2) : member.name;
    path = path.replace(/^\/+/, "");
    if (base) path = `${base}/${path}`;
    if (!path.includes("/")) continue;
    const fail = (status: string) => result.Errors.push([quote(path.slice(0, MAX_PATH)), status]);
    const container = path.slice(0, path.indexOf("/"));
    const name = path.slice(container.length + 1);
    if (path.includes("\0") || path.includes("\uFFFD")) {
      fail("412 Precondition Failed");
      continue;
    }
    if (member.size > MAX_FILE_SIZE) {
      fail("413 Request Entity Too Large");
      continue;
    }
    let containerFailure: string[] | undefined;
    if (!accessed.has(container)) {
      if (!findContainer(d.state(), projectId, container)) {
        // bulk's HEAD then PUT of the container, as the caller
        const status = !mayUse(c, d, projectId, container, "write-container") ? (c.get("principal") ? "403 Forbidden" : "401 Unauthorized") : container.length > 256 ? "400 Bad Request" : "";
        if (status === "401 Unauthorized") throw new Stop("401 Unauthorized", "This server could not verify that you are authorized to access the document you requested.");
        if (status) containerFailure = [quote(`/v1/AUTH_${projectId}/${container}`.slice(0, MAX_PATH)), status];
        else {
          write(c, d, (s, w) => createContainer(s, w, projectId, container));
          if (++created > MAX_CONTAINERS) throw new Stop("400 Bad Request", `More than ${MAX_CONTAINERS} containers to create from tar.`);
        }
      }
    }
    accessed.add(container);
    const status = await putMember(c, d, projectId, container, name, member, tar, { meta, deleteAtRaw, deleteAfterRaw, now: kernel.clock.now() });
    if (status === "201 Created") result["Number Files Created"]++;
    else {
      if (containerFailure) result.Errors.push(containerFailure);
      fail(status);
      if (status.startsWith("401")) throw new Stop("401 Unauthorized", "This server could not verify that you are authorized to access the document you requested.");
    }
  }
}

interface PutHeaders {
  meta: Record<string, string>;
  deleteAtRaw?: string;
  deleteAfterRaw?: string;
  now: number;
}

/** One member as the caller's PUT: its status line ("201 Created" when written). */
async function putMember(c: Ctx, d: Deps, projectId: string, container: string, name: string, member: { size: number; pax: Record<string, string> }, tar: TarReader, h: PutHeaders): Promise<string> {
  const metadata = { ...h.meta };
  let contentType: string | undefined;
  for (const [key, value] of Object.entries(member.pax)) {
    if (key === "SCHILY.xattr.user.mime_type" || key === "LIBARCHIVE.xattr.user.mime_type") contentType = value;
    for (const prefix of ["SCHILY.xattr.user.meta.", "LIBARCHIVE.xattr.user.meta."]) if (key.startsWith(prefix)) metadata[key.slice(prefix.length).toLowerCase()] = value;
  }
  const refused = (error: ApiError) => `${error.status} ${reason(error.status)}`;
  try {
    checkMetadata(metadata);
    if (!mayUse(c, d, projectId, container, "write")) return c.get("principal") ? "403 Forbidden" : "401 Unauthorized";
    if (!findContainer(d.state(), projectId, container)) return "404 Not Found";
    if (name.length > MAX_OBJECT_NAME) return "400 Bad Request";
    let deleteAt: number | undefined;
    if (h.deleteAtRaw !== undefined) {
      if (!/^\d+$/.test(h.deleteAtRaw) || Number(h.deleteAtRaw) * 1000 <= h.now) return "400 Bad Request";
      deleteAt = Number(h.deleteAtRaw) * 1000;
    } else if (h.deleteAfterRaw !== undefined) {
      if (!/^\d+$/.test(h.deleteAfterRaw)) return "400 Bad Request";
      deleteAt = h.now + Number(h.deleteAfterRaw) * 1000;
    }
    const ref = await d.kernel.blobs.put(tar.data(member.size), { maxBytes: member.size, owner: projectId });
    try {
      write(c, d, (s, w) =>
        writeObject(s, w, projectId, container, { name, parts: [ref], etag: ref.md5, contentType: contentType || guessContentType(name), metadata, deleteAt }),
      );
    } catch (error) {
      d.kernel.blobs.delete(ref.id);
      throw error;
    }
    return "201 Created";
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return refused(error);
    throw error;
  }
}
