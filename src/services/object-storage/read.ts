// Reads of the committed slice shared by the routes and the contracts: an account, a container, an
// object as a GET sees it (a dynamic large object's parts gathered from its segments), and the bytes of a
// list of parts streamed with a range that may cross them.

import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { BlobRef } from "../../kernel/blobs/types.js";
import type { Kernel } from "../../kernel/kernel.js";
import type { ByteRange } from "../../kernel/http/stream.js";
import { get } from "../../kernel/store/table.js";
import { listPage } from "./listing.js";
import { isExpired, liveObject } from "./operations/records.js";
import { sortedGet } from "./sorted-map.js";
import type { Account, Container, ObjectRecord, ObjectStorageState } from "./state.js";

export const findAccount = (s: ObjectStorageState, projectId: string): Account | undefined => get(s.accounts, projectId);

export function findContainer(s: ObjectStorageState, projectId: string, name: string): Container | undefined {
  const account = get(s.accounts, projectId);
  return account && sortedGet(account.containers, name);
}

/** A live object with its parts as a read serves them: a DLO's are its segments' at this instant. */
export interface ResolvedObject extends ObjectRecord {
  /** the ETag header's value (a manifest's is quoted, as Swift sends it) */
  etagHeader: string;
}

/** A dynamic large object's segments are read at most this many (Swift's container listing limit). */
export const DLO_SEGMENTS = 10_000;

export function resolveObject(s: ObjectStorageState, projectId: string, container: Container, name: string, now: number): ResolvedObject | undefined {
  const record = liveObject(container, name, now);
  if (!record) return undefined;
  if (record.dlo === undefined) return { ...record, etagHeader: record.slo ? `"${record.etag}"` : record.etag };
  const slash = record.dlo.indexOf("/");
  const segments = findContainer(s, projectId, slash < 0 ? record.dlo : record.dlo.slice(0, slash));
  const prefix = slash < 0 ? "" : record.dlo.slice(slash + 1);
  const parts: BlobRef[] = [];
  const md5 = createHash("md5");
  let size = 0;
  if (segments) {
    const page = listPage(segments.objects, { prefix, limit: DLO_SEGMENTS }, (o) => !isExpired(o, now));
    for (const item of page.items) {
      if (!item.value) continue;
      parts.push(...item.value.parts);
      size += item.value.size;
      md5.update(item.value.etag);
    }
  }
  const etag = md5.digest("hex");
  return { ...record, parts, size, etag, etagHeader: `"${etag}"` };
}

/** The bytes of `parts` in order; `range` (inclusive) may start and end in any of them. */
/** Objects up to this size held in memory are answered with one buffer. */
const SMALL_BODY = 64 * 1024;

/** An object's bytes for a download: a small single-part one at once (memory store), else streamed. */
export function partsBody(kernel: Kernel, parts: readonly BlobRef[], range?: ByteRange): Readable | Uint8Array {
  const whole = parts.length === 1 ? kernel.blobs.small?.(parts[0]!.id, range, SMALL_BODY) : undefined;
  return whole ?? partsStream(kernel, parts, range);
}

export function partsStream(kernel: Kernel, parts: readonly BlobRef[], range?: ByteRange): Readable {
  if (parts.length === 1 && kernel.blobs.has(parts[0]!.id)) return kernel.blobs.get(parts[0]!.id, range)!;
  async function* chain(): AsyncGenerator<Uint8Array> {
    let offset = 0;
    for (const part of parts) {
      const first = offset;
      const last = offset + part.size - 1;
      offset += part.size;
      if (part.size === 0) continue;
      if (range && (last < range.start || first > range.end)) continue;
      const sub = range ? { start: Math.max(range.start, first) - first, end: Math.min(range.end, last) - first } : undefined;
      const stream = kernel.blobs.get(part.id, sub);
      // a blob freed under a reader (a reset) ends the body short, as a broken backend would
      if (!stream) return;
      for await (const chunk of stream) yield chunk as Uint8Array;
    }
  }
  return Readable.from(chain(), { objectMode: false });
}
