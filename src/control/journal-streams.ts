// Control: live tails of the events and requests journals as server-sent events (GET /events/stream,
// /requests/stream), with the lists' filters: first the entries after `after` (or Last-Event-ID, which a
// reconnecting EventSource sends), or the newest `limit` (default 100), then each new one as it is added.
// Every message's id is the entry's `seq`; a comment line every 15 s keeps proxies from closing the stream.
// A tail ends when its client goes or the emulator stops (`closing`), or when its client reads so slowly
// that MAX_QUEUED entries wait for it: it reconnects with Last-Event-ID and reads them from the journal.

import type { Hono } from "hono";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv, Ctx } from "../kernel/http/context.js";
import { ApiError } from "../kernel/errors.js";
import { eventFilter, requestFilter, requestView } from "./journal-filters.js";
import { handle, queryInt } from "./http.js";

const BACKLOG = 100;
/** entries a tail holds for a slow client before it ends the stream (the journals' default size) */
export const MAX_QUEUED = 10_000;
const KEEP_ALIVE_MS = 15_000;

interface Tail<T extends { seq: number }> {
  /** the name of every message (`event: <name>`) */
  name: string;
  backlog(after: number | undefined): T[];
  watch(send: (entry: T) => void): () => void;
  view(entry: T): unknown;
}

export function journalStreamRoutes(app: Hono<AppEnv>, kernel: Kernel, closing?: AbortSignal): void {
  app.get(
    "/events/stream",
    handle((c) => {
      const filter = eventFilter(c);
      return tail(c, closing, {
        name: "event",
        backlog: (after) => kernel.events.log.list({ after, filter }),
        watch: (send) => kernel.events.subscribe("*", (e) => (!filter || filter(e)) && send(e)),
        view: (e) => e,
      });
    }),
  );
  app.get(
    "/requests/stream",
    handle((c) => {
      const filter = requestFilter(c);
      return tail(c, closing, {
        name: "request",
        backlog: (after) => kernel.requests.list({ after, filter }),
        watch: (send) => kernel.requests.watch((r) => (!filter || filter(r)) && send(r)),
        view: requestView,
      });
    }),
  );
}

function tail<T extends { seq: number }>(c: Ctx, closing: AbortSignal | undefined, source: Tail<T>): Response {
  const lastId = c.req.header("last-event-id");
  if (lastId !== undefined && !/^\d+$/.test(lastId)) throw new ApiError(400, undefined, `Last-Event-ID is a journal seq, not ${JSON.stringify(lastId)}.`);
  const after = queryInt(c, "after") ?? (lastId === undefined ? undefined : Number(lastId));
  const limit = queryInt(c, "limit") ?? BACKLOG;
  // read and subscribed in one turn: nothing added in between is missed or sent twice
  const first = source.backlog(after);
  const backlog = after === undefined ? first.slice(Math.max(0, first.length - limit)) : first;
  let queued: T[] = [];
  let next = 0;
  let overflowed = false;
  let wake: (() => void) | undefined;
  const stop = source.watch((entry) => {
    if (queued.length - next >= MAX_QUEUED) overflowed = true;
    else queued.push(entry);
    wake?.();
  });
  return streamSSE(c, async (stream: SSEStreamingApi) => {
    let open = !closing?.aborted;
    const end = () => {
      open = false;
      wake?.();
    };
    stream.onAbort(end);
    closing?.addEventListener("abort", end, { once: true });
    const keepAlive = setInterval(() => void stream.write(": keep-alive\n\n").catch(() => undefined), KEEP_ALIVE_MS);
    keepAlive.unref();
    try {
      const send = (entry: T) => stream.writeSSE({ event: source.name, id: String(entry.seq), data: JSON.stringify(source.view(entry)) });
      for (const entry of backlog) await send(entry);
      while (open && !stream.closed) {
        if (next < queued.length) {
          await send(queued[next++]!);
          continue;
        }
        // everything sent: the array starts again (reading by index keeps each entry's send O(1))
        queued = [];
        next = 0;
        if (overflowed) {
          await stream.write(`: more than ${MAX_QUEUED} entries waited; reconnect with Last-Event-ID to read the rest from the journal\n\n`);
          break;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      closing?.removeEventListener("abort", end);
      clearInterval(keepAlive);
      stop();
    }
  });
}
