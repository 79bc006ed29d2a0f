// A bounded log: keeps the newest `capacity` entries, each with a monotonically increasing sequence number
// so readers can ask for "everything after N" without missing or repeating entries.

export class Ring<T> {
  #items: Array<T & { seq: number }> = [];
  #start = 0;
  #next = 1;

  constructor(readonly capacity: number) {}

  /** Adds `item`, stamping it with its sequence number (the item is taken over, not copied: callers pass
   * a fresh object). */
  push(item: T): T & { seq: number } {
    const entry = item as T & { seq: number };
    entry.seq = this.#next++;
    if (this.#items.length < this.capacity) this.#items.push(entry);
    else {
      this.#items[this.#start] = entry;
      this.#start = (this.#start + 1) % this.capacity;
    }
    return entry;
  }

  /** entries in order, optionally only those after sequence number `after`, at most `limit` of them */
  list(options: { after?: number; limit?: number; filter?: (item: T) => boolean } = {}): Array<T & { seq: number }> {
    const out: Array<T & { seq: number }> = [];
    const n = this.#items.length;
    for (let i = 0; i < n; i++) {
      const item = this.#items[(this.#start + i) % n];
      if (options.after !== undefined && item.seq <= options.after) continue;
      if (options.filter && !options.filter(item)) continue;
      out.push(item);
      if (options.limit !== undefined && out.length >= options.limit) break;
    }
    return out;
  }

  get size(): number {
    return this.#items.length;
  }

  clear(): void {
    this.#items = [];
    this.#start = 0;
  }
}
