// The bytes a streaming reader (multipart.ts, tar.ts) has received and not yet used: appended in
// amortised constant time per byte (the storage doubles or is compacted), so reading a body delivered in
// tiny chunks stays linear. A view is valid until the next push: copy what is kept past it.

export class ByteQueue {
  #data = Buffer.alloc(0);
  #start = 0;
  #end = 0;

  get length(): number {
    return this.#end - this.#start;
  }

  view(): Buffer {
    return this.#data.subarray(this.#start, this.#end);
  }

  push(chunk: Uint8Array): void {
    if (this.#end + chunk.length > this.#data.length) {
      const need = this.length + chunk.length;
      const target = need <= this.#data.length / 2 ? this.#data : Buffer.allocUnsafe(Math.max(need * 2, 4096));
      this.#data.copy(target, 0, this.#start, this.#end);
      this.#data = target;
      this.#end = this.length;
      this.#start = 0;
    }
    this.#data.set(chunk, this.#end);
    this.#end += chunk.length;
  }

  /** the first `n` bytes, copied, and dropped from the queue */
  shift(n: number): Buffer {
    const out = Buffer.from(this.#data.subarray(this.#start, this.#start + n));
    this.#start += out.length;
    return out;
  }

  drop(n: number): void {
    this.#start += Math.min(n, this.length);
  }

  #ended = false;

  /** Takes the source's next chunk into the queue; false once the source has ended. */
  async pull(source: AsyncIterator<Uint8Array>): Promise<boolean> {
    if (this.#ended) return false;
    const next = await source.next();
    if (next.done) {
      this.#ended = true;
      return false;
    }
    this.push(next.value);
    return true;
  }
}
