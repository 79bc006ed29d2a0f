// The app's router: Hono's trie router, which takes a static segment beside a parameter (/servers/detail
// and /servers/:id: OpenStack APIs have them everywhere, and Hono's regexp router refuses them), with the
// latest matches remembered, since clients repeat the same paths (token validation on every call of every
// service, a resource polled until it is ACTIVE). A service's routes are added on its first request
// (mounts.ts), which starts the memo over.

import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

export class MemoRouter<T> implements Router<T> {
  readonly name = "MemoRouter";
  readonly #inner = new TrieRouter<T>();
  readonly #memo = new Map<string, Result<T>>();

  /** @param limit matches kept; past it the memo starts over (paths with ids vary without end) */
  constructor(private readonly limit = 4096) {}

  add(method: string, path: string, handler: T): void {
    this.#memo.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#memo.get(key);
    if (result === undefined) {
      result = this.#inner.match(method, path);
      if (this.#memo.size >= this.limit) this.#memo.clear();
      this.#memo.set(key, result);
    }
    return result;
  }
}
