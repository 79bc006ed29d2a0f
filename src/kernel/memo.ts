// Memoization keyed on an immutable state slice: every write makes a new slice object, so whatever was
// derived from the old one is dropped with it. Used on hot read paths (token resolution, token bodies).

export class SliceMemo<S extends object, V> {
  #slice: S | undefined;
  #values = new Map<string, V>();

  constructor(private readonly maxEntries = 10_000) {}

  get(slice: S, key: string, compute: () => V): V {
    if (slice !== this.#slice) {
      this.#slice = slice;
      this.#values = new Map();
    }
    let value = this.#values.get(key);
    if (value === undefined && !this.#values.has(key)) {
      value = compute();
      if (this.#values.size >= this.maxEntries) this.#values.clear();
      this.#values.set(key, value);
    }
    return value as V;
  }
}
