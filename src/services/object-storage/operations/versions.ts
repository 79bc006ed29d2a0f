// Swift's legacy versioned writes (versioned_writes/legacy.py): a container with X-Versions-Location
// ("stack") or X-History-Location ("history") keeps each overwritten object in the named container as
// `<3 hex digits of the name's length><name>/<timestamp>`. Stack mode's DELETE restores the newest kept
// version; history mode's DELETE keeps the current one and a delete marker. No byte is copied: versions
// share their parts with the object they were (their use count grows).

import type { Draft } from "immer";
import { get } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import { notFound } from "../errors.js";
import { sortedEntries, sortedGet } from "../sorted-map.js";
import type { Container, ObjectRecord, ObjectStorageState } from "../state.js";
import { containerOf, deleteObject, isExpired, liveObject, storeObject, useParts, type WriteContext } from "./records.js";

type S = Draft<ObjectStorageState>;

export const DELETE_MARKER_TYPE = "application/x-deleted;swift_versions_deleted=1";

export const versionPrefix = (name: string) => `${name.length.toString(16).padStart(3, "0")}${name}/`;
/** Swift's Timestamp.internal: seconds with five decimals, ten digits before the point */
const internal = (ms: number) => (ms / 1000).toFixed(5).padStart(16, "0");

/** The container the versions of `container` go to; 412 when it is gone (Swift's failed subrequest). */
function archiveOf(s: S, projectId: string, container: Container): Draft<Container> | undefined {
  if (container.versions === undefined) return undefined;
  const archive = sortedGet(get(s.accounts, projectId)!.containers, container.versions.location);
  if (!archive) throw new ApiError(412, "PreconditionFailed", "The versions container does not exist");
  return archive;
}

function keep(s: S, w: WriteContext, projectId: string, archive: Container, record: Omit<ObjectRecord, "modifiedAt">): void {
  const copy: ObjectRecord = { ...record, metadata: { ...record.metadata }, headers: { ...record.headers }, parts: record.parts.map((p) => ({ ...p })), modifiedAt: w.now };
  delete copy.deleteAt;
  useParts(s, copy.parts);
  storeObject(s, w, projectId, archive.name, copy);
}

/** Before an object of `name` is written over: its current version goes to the versions container. */
export function keepCurrent(s: S, w: WriteContext, projectId: string, containerName: string, name: string): void {
  const container = containerOf(s, projectId, containerName);
  const current = liveObject(container, name, w.now);
  if (container.versions === undefined || !current) return;
  const archive = archiveOf(s, projectId, container)!;
  keep(s, w, projectId, archive, { ...current, name: versionPrefix(name) + internal(current.modifiedAt) });
}

/** A DELETE of `name` in a versioned container (else a plain delete); 404 when there is nothing to delete. */
export function deleteVersioned(s: S, w: WriteContext, projectId: string, containerName: string, name: string): void {
  const container = containerOf(s, projectId, containerName);
  const archive = archiveOf(s, projectId, container);
  if (!archive) {
    deleteObject(s, w, projectId, containerName, name);
    return;
  }
  if (container.versions!.mode === "history") {
    const current = liveObject(container, name, w.now);
    keepCurrent(s, w, projectId, containerName, name);
    keep(s, w, projectId, archive, { name: versionPrefix(name) + internal(w.now), parts: [], size: 0, etag: "d41d8cd98f00b204e9800998ecf8427e", contentType: DELETE_MARKER_TYPE, metadata: {}, headers: {} });
    if (!current) throw notFound();
    deleteObject(s, w, projectId, containerName, name);
    return;
  }
  const prefix = versionPrefix(name);
  let newest: ObjectRecord | undefined;
  for (const [key, record] of sortedEntries(archive.objects, { start: { key: prefix + "\u{10FFFF}", inclusive: false }, reverse: true })) {
    if (!key.startsWith(prefix)) break;
    if (!isExpired(record, w.now)) {
      newest = record;
      break;
    }
  }
  if (!newest) {
    deleteObject(s, w, projectId, containerName, name);
    return;
  }
  // the newest kept version takes the object's place, and leaves the versions container
  const restored: ObjectRecord = { ...newest, name, metadata: { ...newest.metadata }, headers: { ...newest.headers }, parts: newest.parts.map((p) => ({ ...p })), modifiedAt: w.now };
  useParts(s, restored.parts);
  storeObject(s, w, projectId, containerName, restored);
  deleteObject(s, w, projectId, archive.name, newest.name);
}
