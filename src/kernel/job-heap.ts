// The clock's queue: a binary min-heap in an array, ordered by due time and then by the order work was
// planned (two steps due at once run in the order they were planned). A sorted array is a valid heap.

export interface Queued {
  at: number;
  seq: number;
}

export function before(a: Queued, b: Queued): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

export function pushJob<T extends Queued>(heap: T[], job: T): void {
  heap.push(job);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(heap[i], heap[parent])) break;
    [heap[i], heap[parent]] = [heap[parent], heap[i]];
    i = parent;
  }
}

/** Takes the soonest job off the heap. */
export function popJob<T extends Queued>(heap: T[]): T | undefined {
  const top = heap[0];
  const last = heap.pop();
  if (heap.length > 0 && last) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && before(heap[l], heap[m])) m = l;
      if (r < heap.length && before(heap[r], heap[m])) m = r;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  }
  return top;
}
