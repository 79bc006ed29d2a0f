// Blobs in a state snapshot. Export with bytes streams the snapshot's JSON with a `blobs` section (base64 by
// id) and `blobOwners`, one blob after another, never one string of them all. Import checks a section
// whole (base64, owners, every ref the state holds against the bytes) before anything changes.

import type { Readable } from "node:stream";
import { ApiError } from "../errors.js";
import { own } from "../own.js";
import type { BlobEntry, BlobRef, BlobStore, StagedBlobs } from "./types.js";

/** What a snapshot carries of blobs, beside the refs its state holds. */
export interface BlobSections {
  /** each blob's bytes, base64, by id */
  blobs?: Record<string, string>;
  /** the owner of each blob that has one */
  blobOwners?: Record<string, string>;
}

/** `snapshot` as JSON bytes, with every stored blob's bytes and owner added as sections. */
export function snapshotWithBlobs(snapshot: object, store: BlobStore): ReadableStream<Uint8Array> {
  const parts = jsonParts(snapshot, store);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(Buffer.from(next.value, "utf8"));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

async function* jsonParts(snapshot: object, store: BlobStore): AsyncGenerator<string> {
  const ids = store.ids();
  const owners = Object.fromEntries(ids.flatMap((id) => (store.owner(id) === undefined ? [] : [[id, store.owner(id)]])));
  yield `${JSON.stringify(snapshot).slice(0, -1)},"blobs":{`;
  let first = true;
  for (const id of ids) {
    // a blob deleted while the export runs is left out
    const bytes = store.get(id);
    if (!bytes) continue;
    yield `${first ? "" : ","}${JSON.stringify(id)}:"`;
    first = false;
    yield* base64Of(bytes);
    yield '"';
  }
  yield `},"blobOwners":${JSON.stringify(owners)}}`;
}

/** A stream's bytes as base64 pieces that concatenate to the whole's base64 (each piece a multiple of 3 bytes). */
async function* base64Of(stream: Readable): AsyncGenerator<string> {
  let carry = Buffer.alloc(0);
  for await (const read of stream) {
    let chunk = read as Buffer;
    let lead = "";
    if (carry.length) {
      const take = Math.min(3 - carry.length, chunk.length);
      carry = Buffer.concat([carry, chunk.subarray(0, take)]);
      chunk = chunk.subarray(take);
      if (carry.length < 3) continue;
      lead = carry.toString("base64");
    }
    const whole = chunk.length - (chunk.length % 3);
    yield lead + chunk.toString("base64", 0, whole);
    carry = Buffer.from(chunk.subarray(whole));
  }
  if (carry.length) yield carry.toString("base64");
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Checks a snapshot's blob sections against its state and stages them in `store`: every ref the state
 * holds must name a blob of the section (or, without one, a blob the store holds) with the same size and
 * checksums. Throws a 400 and leaves the store as it was; otherwise the caller commits the staged blobs
 * (undefined without a section: the store's blobs stay).
 */
export function stageSnapshotBlobs(store: BlobStore, sections: BlobSections, state: unknown): StagedBlobs | undefined {
  const { blobs, blobOwners } = sections;
  if (blobs === undefined) {
    if (blobOwners !== undefined) throw bad("blobOwners comes with a blobs section.");
    eachBlobRef(state, (ref) => {
      if (!store.has(ref.id)) throw bad(`The state refers to blob ${ref.id}, which this emulator does not hold: export with ?blobs=include to carry the bytes.`);
    });
    return undefined;
  }
  const staged = store.stageReplace(entriesOf(blobs, blobOwners ?? {}));
  try {
    eachBlobRef(state, (ref) => {
      const held = staged.refs.get(ref.id);
      if (!held) throw bad(`The state refers to blob ${ref.id}, which the blobs section lacks.`);
      // a ref carries a SHA-256 only when its put asked for one: what it carries must match
      if (held.size !== ref.size || held.md5 !== ref.md5 || (ref.sha256 !== undefined && held.sha256 !== ref.sha256)) {
        throw bad(`The bytes of blob ${ref.id} do not match the state's size and checksums of it.`);
      }
    });
  } catch (error) {
    staged.discard();
    throw error;
  }
  return staged;
}

function entriesOf(blobs: unknown, owners: unknown): BlobEntry[] {
  if (!isRecord(blobs)) throw bad("blobs is an object of each blob's bytes, base64, by id.");
  if (!isRecord(owners)) throw bad("blobOwners is an object of each blob's owner by id.");
  for (const [id, owner] of Object.entries(owners)) {
    if (typeof owner !== "string") throw bad(`blobOwners.${id} is not a string.`);
    if (!Object.hasOwn(blobs, id)) throw bad(`blobOwners names blob ${id}, which the blobs section lacks.`);
  }
  return Object.entries(blobs).map(([id, data]) => {
    if (typeof data !== "string" || data.length % 4 !== 0 || !BASE64.test(data)) throw bad(`blobs.${id} is not base64.`);
    return { id, bytes: Buffer.from(data, "base64"), owner: own(owners, id) as string | undefined };
  });
}

/** The ids of the blobs a state refers to. */
export function blobIdsIn(state: unknown): Set<string> {
  const ids = new Set<string>();
  eachBlobRef(state, (ref) => ids.add(ref.id));
  return ids;
}

/** Calls `fn` with every BlobRef-shaped object in a state: {id, size, md5}, and sha256 when it has one. */
function eachBlobRef(root: unknown, fn: (ref: BlobRef) => void): void {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null) continue;
    const o = value as Record<string, unknown>;
    if (
      typeof o.md5 === "string" &&
      typeof o.id === "string" &&
      typeof o.size === "number" &&
      (o.sha256 === undefined || typeof o.sha256 === "string")
    ) {
      fn(o as unknown as BlobRef);
      continue;
    }
    for (const key in o) {
      const child = o[key];
      if (typeof child === "object" && child !== null) stack.push(child);
    }
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

function bad(message: string): ApiError {
  return new ApiError(400, undefined, message);
}
