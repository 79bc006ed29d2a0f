// A bounded first-in first-out queue: the notifications waiting for the broker. Past its bound a new one is
// refused (counted by the caller), so what is kept stays in order with no gap before the newest kept.

export class BoundedQueue<T> {
  #items: (T | undefined)[] = [];
  #head = 0;

  constructor(readonly bound: number) {}

  get size(): number {
    return this.#items.length - this.#head;
  }

  /** false when full: the item is not kept */
  push(item: T): boolean {
    if (this.size >= this.bound) return false;
    this.#items.push(item);
    return true;
  }

  /** the oldest `n` items, left in place */
  peek(n: number): T[] {
    return this.#items.slice(this.#head, this.#head + n) as T[];
  }

  /** drops the oldest `n` items */
  drop(n: number): void {
    for (let i = 0; i < n && this.#head < this.#items.length; i++) this.#items[this.#head++] = undefined;
    // compacted once the dropped prefix is half the array: each item is moved O(1) times on average
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
  }

  /** puts items back at the front, in their order (a batch the broker did not confirm) */
  unshift(items: readonly T[]): void {
    if (items.length === 0) return;
    this.#items = [...items, ...this.#items.slice(this.#head)];
    this.#head = 0;
  }
}
