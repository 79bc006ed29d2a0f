// The toy service's slice: widgets, in a Table (kernel/store/table.ts) so a write costs O(log n).

import type { BlobRef } from "../../../src/kernel/blobs/types.js";
import { emptyTable, type Table } from "../../../src/kernel/store/table.js";

/** This service's key in the store's root, its journal and fault-rule label. */
export const SLICE = "toy";

export interface Widget {
  id: string;
  name: string;
  projectId: string;
  status: string;
  updatedAt: number;
  /** the bytes uploaded with PUT /widgets/:id/data */
  data?: BlobRef;
}

export interface ToyState {
  widgets: Table<Widget>;
}

export const initialToyState = (): ToyState => ({ widgets: emptyTable() });

export function sliceOf(root: Readonly<Record<string, unknown>>): ToyState {
  return root[SLICE] as ToyState;
}
