// Writing an object as Swift's proxy does, whichever edge asks: the container must exist, the container's
// and the account's quotas hold (413), its parts are counted as used, and a previous object of the name
// lets go of its own (or is kept, in a versioned container).

import type { Draft } from "immer";
import type { BlobRef } from "../../../kernel/blobs/types.js";
import { get } from "../../../kernel/store/table.js";
import { preconditionFailed, quotaExceeded } from "../errors.js";
import { sortedGet } from "../sorted-map.js";
import type { ManifestSegment, ObjectRecord, ObjectStorageState } from "../state.js";
import { containerOf, liveObject, storeObject, useParts, type WriteContext } from "./records.js";
import { keepCurrent } from "./versions.js";

export interface ObjectInput {
  name: string;
  parts: BlobRef[];
  /** the parts' sizes summed when absent */
  size?: number;
  etag: string;
  contentType: string;
  metadata: Record<string, string>;
  headers?: Record<string, string>;
  deleteAt?: number;
  slo?: ManifestSegment[];
  dlo?: string;
  /** If-None-Match: * — checked here, in the update that writes, so of racing uploads only one creates it */
  mustBeNew?: boolean;
}

/** Swift's container_quotas and account_quotas middlewares, before an object of `size` bytes is added. */
export function checkQuotas(s: Draft<ObjectStorageState>, projectId: string, containerName: string, size: number): void {
  const container = containerOf(s, projectId, containerName);
  const account = get(s.accounts, projectId)!;
  const quotaBytes = container.metadata["quota-bytes"];
  const quotaCount = container.metadata["quota-count"];
  if (quotaBytes !== undefined && container.bytesUsed + size > Number(quotaBytes)) throw quotaExceeded();
  if (quotaCount !== undefined && container.objectCount + 1 > Number(quotaCount)) throw quotaExceeded();
  const accountBytes = account.metadata["quota-bytes"];
  if (accountBytes !== undefined && account.bytesUsed + size > Number(accountBytes)) throw quotaExceeded();
}

/** Writes the object (its parts gain a use each); returns the record as stored. */
export function writeObject(s: Draft<ObjectStorageState>, w: WriteContext, projectId: string, containerName: string, input: ObjectInput): ObjectRecord {
  const size = input.size ?? input.parts.reduce((sum, p) => sum + p.size, 0);
  if (input.mustBeNew && liveObject(containerOf(s, projectId, containerName), input.name, w.now)) throw preconditionFailed();
  checkQuotas(s, projectId, containerName, size);
  keepCurrent(s, w, projectId, containerName, input.name);
  const record: ObjectRecord = {
    name: input.name,
    parts: input.parts.map((p) => (p.sha256 === undefined ? { id: p.id, size: p.size, md5: p.md5 } : { id: p.id, size: p.size, md5: p.md5, sha256: p.sha256 })),
    size,
    etag: input.etag,
    contentType: input.contentType,
    metadata: { ...input.metadata },
    headers: { ...input.headers },
    modifiedAt: w.now,
  };
  if (input.deleteAt !== undefined) record.deleteAt = input.deleteAt;
  if (input.slo) record.slo = input.slo;
  if (input.dlo !== undefined) record.dlo = input.dlo;
  useParts(s, record.parts);
  storeObject(s, w, projectId, containerName, record);
  return sortedGet(containerOf(s, projectId, containerName).objects, input.name)!;
}
