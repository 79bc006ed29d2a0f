// Object storage's resource kinds as the control API lists them and the dashboard shows them: an account per
// project that has written, its containers (`<project>/<container>`) and their objects
// (`<project>/<container>/<object name>`), an object's bytes as a download. Temp URL keys stay hidden.

import { DETAIL_LIST_MAX, isoTime, plainDetail, resourceKind, type Rows } from "../../kernel/resources.js";
import { get, scan } from "../../kernel/store/table.js";
import { isExpired } from "./operations/records.js";
import { partsStream, resolveObject } from "./read.js";
import { sortedEntries, sortedGet } from "./sorted-map.js";
import { sliceOf, type Account, type Container, type ObjectRecord, type ObjectStorageState } from "./state.js";

interface ContainerRow extends Container {
  /** `<project>/<container>` */
  id: string;
  projectId: string;
}

interface ObjectRow extends ObjectRecord {
  /** `<project>/<container>/<name>` */
  id: string;
  projectId: string;
  container: string;
}

/** Metadata without the temp URL keys (a key signs URLs that read without a token). */
const visible = (metadata: Record<string, string>) => Object.fromEntries(Object.entries(metadata).filter(([k]) => !k.startsWith("temp-url-key")));

/** `a/b/rest` -> [a, b, rest]: project ids and container names hold no slash, object names may. */
function split(id: string): [string, string, string] {
  const first = id.indexOf("/");
  const second = first < 0 ? -1 : id.indexOf("/", first + 1);
  if (first < 0) return [id, "", ""];
  return second < 0 ? [id.slice(0, first), id.slice(first + 1), ""] : [id.slice(0, first), id.slice(first + 1, second), id.slice(second + 1)];
}

const containerRow = (account: Account, container: Container): ContainerRow => ({ ...container, id: `${account.id}/${container.name}`, projectId: account.id });
const objectRow = (projectId: string, container: string, o: ObjectRecord): ObjectRow => ({ ...o, id: `${projectId}/${container}/${o.name}`, projectId, container });

/** The accounts from the one holding `after` (all when undefined), each with where in it to start. */
function* accountsFrom(s: ObjectStorageState, after: string | undefined): Generator<[Account, string | undefined]> {
  const project = after === undefined ? undefined : split(after)[0];
  const rest = after === undefined || project === undefined ? undefined : after.slice(project.length + 1);
  let started = project === undefined;
  for (const account of scan(s.accounts)) {
    if (!started && account.id !== project) continue;
    yield [account, started ? undefined : rest];
    started = true;
  }
}

const startAfter = (key: string | undefined) => (key === undefined ? {} : { start: { key, inclusive: false } });

function containerRows(s: ObjectStorageState): Rows<ContainerRow> {
  return {
    get size() {
      let n = 0;
      for (const account of scan(s.accounts)) n += account.containers.size;
      return n;
    },
    get(id) {
      const [project, name, rest] = split(id);
      const account = get(s.accounts, project);
      const container = account && rest === "" && !id.endsWith("/") ? sortedGet(account.containers, name) : undefined;
      return account && container && containerRow(account, container);
    },
    *scan(after) {
      for (const [account, from] of accountsFrom(s, after)) {
        for (const [, container] of sortedEntries(account.containers, startAfter(from))) yield containerRow(account, container);
      }
    },
  };
}

function objectRows(s: ObjectStorageState): Rows<ObjectRow> {
  return {
    get size() {
      let n = 0;
      for (const account of scan(s.accounts)) n += account.objectCount;
      return n;
    },
    get(id) {
      const [project, name, object] = split(id);
      const account = get(s.accounts, project);
      const container = account && sortedGet(account.containers, name);
      const record = container && object !== "" ? sortedGet(container.objects, object) : undefined;
      return record && objectRow(project, name, record);
    },
    *scan(after) {
      const [, afterContainer, afterObject] = after === undefined ? [] : split(after);
      for (const [account, from] of accountsFrom(s, after)) {
        // the first account starts in the marker's container, after its object
        const first = from === undefined ? undefined : afterContainer;
        for (const [name, container] of sortedEntries(account.containers, first === undefined ? {} : { start: { key: first, inclusive: true } })) {
          const skip = name === first ? afterObject : undefined;
          for (const [, o] of sortedEntries(container.objects, startAfter(skip))) yield objectRow(account.id, name, o);
        }
      }
    },
  };
}

export const objectStorageResources = [
  resourceKind({
    type: "object-storage.account",
    table: (s: ObjectStorageState) => s.accounts,
    projectOf: (a) => a.id,
    summary: (a) => ({ id: a.id, containers: a.containers.size, objects: a.objectCount, bytes: a.bytesUsed }),
    detail: (a) => ({ ...plainDetail(a, ["containers", "metadata"]), metadata: visible(a.metadata), containers: a.containers.size }),
  }),
  resourceKind({
    type: "object-storage.container",
    rows: containerRows,
    projectOf: (c) => c.projectId,
    summary: (c) => ({ id: c.id, name: c.name, projectId: c.projectId, objects: c.objectCount, bytes: c.bytesUsed }),
    detail: (c) => {
      const objects: Array<Record<string, unknown>> = [];
      for (const [, o] of sortedEntries(c.objects)) {
        if (objects.length === DETAIL_LIST_MAX) break;
        objects.push({ id: `${c.id}/${o.name}`, name: o.name, bytes: o.size, contentType: o.contentType, modifiedAt: isoTime(o.modifiedAt) });
      }
      return { ...plainDetail(c, ["objects", "metadata"]), metadata: visible(c.metadata), objects };
    },
  }),
  resourceKind({
    type: "object-storage.object",
    rows: objectRows,
    projectOf: (o) => o.projectId,
    summary: (o) => ({ id: o.id, name: o.name, container: o.container, projectId: o.projectId, bytes: o.size }),
    detail: (o) => ({
      ...plainDetail(o, ["parts", "slo", "id"]),
      bytes: o.size,
      segments: o.slo?.length ?? 0,
    }),
    content: (o, root, kernel) => {
      const s = sliceOf(root);
      const now = kernel.clock.now();
      const container = get(s.accounts, o.projectId) && sortedGet(get(s.accounts, o.projectId)!.containers, o.container);
      const resolved = container && !isExpired(o, now) ? resolveObject(s, o.projectId, container, o.name, now) : undefined;
      if (!resolved) return undefined;
      const filename = o.name.slice(o.name.lastIndexOf("/") + 1) || o.container;
      return { body: partsStream(kernel, resolved.parts), size: resolved.size, contentType: resolved.contentType || "application/octet-stream", filename };
    },
  }),
];
