// Segments and hosts are kept three ways: the table by uuid, a dict of their unique names (409 on a second
// one), and `seqIds` for the integer ids the SDK pages with. These keep the three in step on add, rename, remove.

import type { ApiError } from "../../../kernel/errors.js";
import { dictDelete, dictSet, type Dict } from "../../../kernel/store/dict.js";
import { put, remove, type Table } from "../../../kernel/store/table.js";
import { failoverSegmentExists, hostExists } from "../errors.js";
import { hostByName, segmentByName, seqKey, type Host, type InstanceHaState, type Segment } from "../state.js";

interface Kinds {
  segment: Segment;
  host: Host;
}
type Kind = keyof Kinds;

interface Index<T extends { id: string }> {
  table: Table<T>;
  names: Dict<string>;
  byName(s: InstanceHaState, name: string): T | undefined;
  exists(name: string): ApiError;
}

const indexes: { [K in Kind]: (s: InstanceHaState) => Index<Kinds[K]> } = {
  segment: (s) => ({ table: s.segments, names: s.segmentNames, byName: segmentByName, exists: failoverSegmentExists }),
  host: (s) => ({ table: s.hosts, names: s.hostNames, byName: hostByName, exists: hostExists }),
};

/** 409 (FailoverSegmentExists, HostExists) when a record of this kind has the name. */
export function assertNameFree(s: InstanceHaState, kind: Kind, name: string): void {
  const index = indexes[kind](s);
  if (index.byName(s, name)) throw index.exists(name);
}

export function addRecord<K extends Kind>(s: InstanceHaState, kind: K, record: Kinds[K]): void {
  const index = indexes[kind](s);
  put(index.table, record);
  dictSet(index.names, record.name, record.id);
  dictSet(s.seqIds, seqKey(kind, record.seq), record.id);
}

/** Renames the record (409 when the name is taken); the caller checks the name differs. */
export function renameRecord<K extends Kind>(s: InstanceHaState, kind: K, record: Kinds[K], name: string): void {
  assertNameFree(s, kind, name);
  const index = indexes[kind](s);
  dictDelete(index.names, record.name);
  dictSet(index.names, name, record.id);
  record.name = name;
}

export function removeRecord<K extends Kind>(s: InstanceHaState, kind: K, record: Kinds[K]): void {
  const index = indexes[kind](s);
  remove(index.table, record.id);
  dictDelete(index.names, record.name);
  dictDelete(s.seqIds, seqKey(kind, record.seq));
}

/** instance-ha.host.deleted's payload: the host as it was (the bus's host.delete notifications show it). */
export function hostDeleted(host: Host) {
  const { id, name, segmentId, seq, type, controlAttributes, reserved, onMaintenance } = host;
  return { id, name, segmentId, seq, type, controlAttributes, reserved, onMaintenance };
}
