// The operations one route's requests divide into: an `/action` route runs a different action for each key
// of its body, and S3's object routes are several calls told apart by query and headers. Each has its own
// name, so a fault rule can fail one action (`compute.server.action.os-stop`) and leave the others; a rule
// naming the route's own operation still matches all of them.

import type { Ctx } from "./context.js";

export interface OperationVariants {
  /** every name a request of the route may get (the fault rule check, COVERAGE.md) */
  names: readonly string[];
  /** true when `of` reads the JSON body: the fault gate then reads it before matching */
  fromBody: boolean;
  /** the request's name, from the request and, when `fromBody`, its body as parsed (undefined if not JSON) */
  of(c: Ctx, body: unknown): string | undefined;
}

/** One name per key an `/action` body may hold: `<operation>.<key>`, for a body of exactly one known key. */
export function actionVariants(operation: string, keys: readonly string[]): OperationVariants {
  const known = new Set(keys);
  return {
    names: keys.map((key) => `${operation}.${key}`),
    fromBody: true,
    of: (_c, body) => {
      if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
      const only = onlyKey(body);
      return only !== undefined && known.has(only) ? `${operation}.${only}` : undefined;
    },
  };
}

/** The one key of an object, without listing the keys of a large one. */
function onlyKey(body: object): string | undefined {
  let only: string | undefined;
  for (const key in body) {
    if (!Object.hasOwn(body, key)) continue;
    if (only !== undefined) return undefined;
    only = key;
  }
  return only;
}

/** Calls told apart by the request alone (S3's query parameters and headers), each with its name. */
export function requestVariants(calls: ReadonlyArray<readonly [name: string, test: (c: Ctx) => boolean]>): OperationVariants {
  return {
    names: calls.map(([name]) => name),
    fromBody: false,
    of: (c) => calls.find(([, test]) => test(c))?.[0],
  };
}
