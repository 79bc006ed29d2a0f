// ListObjects V1 and V2 over object storage's ordered listing: prefix, delimiter (keys folded into
// CommonPrefixes, each counted once against max-keys), marker / start-after / continuation token, and
// IsTruncated. Each fetch asks for one page and a group of keys under a common prefix is skipped in one
// jump, so a page costs O(page), not O(bucket).

import { invalidArgument } from "../errors.js";
import type { ListedObject, S3Storage } from "../storage.js";

type Root = Readonly<Record<string, unknown>>;

/** past every key that starts with the prefix it is appended to (the highest code point) */
const PAST = "\u{10FFFF}";
export const MAX_KEYS = 1000;

export interface ListRequest {
  prefix: string;
  delimiter: string;
  /** list keys after this one (exclusive) */
  after: string;
  maxKeys: number;
}

export interface ListPage {
  contents: ListedObject[];
  commonPrefixes: string[];
  truncated: boolean;
  /** the last key or common prefix returned (V1's NextMarker) */
  last: string | undefined;
  /** where the next page starts (V2's continuation token) */
  next: string | undefined;
}

export function parseMaxKeys(value: string | undefined): number {
  if (value === undefined || value === "") return MAX_KEYS;
  if (!/^\d+$/.test(value)) throw invalidArgument("Provided max-keys not an integer or within integer range", "max-keys", value);
  return Math.min(Number(value), MAX_KEYS);
}

/** ListBuckets' max-buckets: 1 to 10,000 (S3's range); absent, all of them. */
export function parseMaxBuckets(value: string | undefined): number {
  if (value === undefined) return 10_000;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 10_000) {
    throw invalidArgument("Argument max-buckets must be an integer between 1 and 10000", "max-buckets", value);
  }
  return Number(value);
}

export function listPage(storage: S3Storage, root: Root, projectId: string, bucket: string, req: ListRequest): ListPage {
  const { prefix, delimiter, maxKeys } = req;
  const page: ListPage = { contents: [], commonPrefixes: [], truncated: false, last: undefined, next: undefined };
  // max-keys=0 asks for nothing, and S3 says nothing was cut short
  if (maxKeys === 0) return page;
  let cursor = req.after;
  // a marker that is itself a common prefix (NextMarker of a page that ended on one) skips its group
  if (delimiter && cursor.startsWith(prefix) && cursor.endsWith(delimiter) && cursor.slice(prefix.length).indexOf(delimiter) === cursor.length - prefix.length - delimiter.length) {
    cursor += PAST;
  }
  let count = 0;
  for (;;) {
    const want = maxKeys - count + 1;
    const batch = storage.listObjects(root, projectId, bucket, { prefix, marker: cursor, limit: want });
    let jumped = false;
    for (const object of batch) {
      const rest = object.key.slice(prefix.length);
      const at = delimiter ? rest.indexOf(delimiter) : -1;
      if (count === maxKeys) {
        page.truncated = true;
        return page;
      }
      count++;
      if (at >= 0) {
        const common = prefix + rest.slice(0, at + delimiter.length);
        page.commonPrefixes.push(common);
        page.last = common;
        page.next = common + PAST;
        cursor = common + PAST;
        jumped = true;
        break;
      }
      page.contents.push(object);
      page.last = object.key;
      page.next = object.key;
      cursor = object.key;
    }
    if (!jumped && batch.length < want) return page;
  }
}
