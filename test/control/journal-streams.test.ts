// The journals' live tails (GET /_emulator/events/stream, /requests/stream): server-sent events, first the
// entries already journaled (after `after` or Last-Event-ID, else the newest `limit`), then each new one as
// it is added, with the lists' filters; the lists take the same new filters.

import { afterEach, describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";
import type { Emulator } from "../../src/app.js";
import { SkymockClient } from "../../src/client/index.js";

interface Message {
  event: string;
  id: string;
  data: any;
}

/** Opens a tail; `next(n)` resolves with the next n messages; `close()` ends it. */
async function openTail(emu: Emulator, path: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await emu.app.request(`http://localhost${path}`, { headers, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const pending: Message[] = [];
  return {
    async next(n: number): Promise<Message[]> {
      while (pending.length < n) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) => block.split("\n").find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          if (field("data") !== undefined) pending.push({ event: field("event")!, id: field("id")!, data: JSON.parse(field("data")!) });
        }
      }
      return pending.splice(0, n);
    },
    close: () => {
      abort.abort();
      void reader.cancel().catch(() => undefined);
    },
  };
}

describe("the journals' live tails", () => {
  const tails: Array<{ close(): void }> = [];
  afterEach(() => tails.splice(0).forEach((t) => t.close()));

  it("sends the events already journaled, then each new one, filtered by service", async () => {
    const emu = testEmulator();
    await call(emu, "POST", "/_emulator/compute/hosts/compute-1/fail");
    const tail = await openTail(emu, "/_emulator/events/stream?service=compute");
    tails.push(tail);
    const [first] = await tail.next(1);
    expect(first).toMatchObject({ event: "event", data: { type: "compute.host.error", payload: { host: "compute-1" } } });
    expect(first!.id).toBe(String(first!.data.seq));
    await call(emu, "POST", "/_emulator/compute/hosts/compute-1/recover");
    const [live] = await tail.next(1);
    expect(live!.data).toMatchObject({ type: "compute.host.recovered", payload: { host: "compute-1" } });
    expect(Number(live!.id)).toBeGreaterThan(Number(first!.id));
  });

  it("resumes after Last-Event-ID or ?after, and sends only the newest `limit` without them", async () => {
    const emu = testEmulator();
    for (const n of [1, 2, 3]) await call(emu, "POST", `/_emulator/compute/hosts/compute-${n}/fail`);
    const events = (await call(emu, "GET", "/_emulator/events?type=compute.host.error")).body.events;
    const resumed = await openTail(emu, "/_emulator/events/stream?type=compute.host.error", { "Last-Event-ID": String(events[0].seq) });
    const newest = await openTail(emu, "/_emulator/events/stream?type=compute.host.error&limit=1");
    tails.push(resumed, newest);
    expect((await resumed.next(2)).map((m) => m.data.payload.host)).toEqual(["compute-2", "compute-3"]);
    expect((await newest.next(1)).map((m) => m.data.payload.host)).toEqual(["compute-3"]);
  });

  it("tails requests filtered by status class, with `at` as ISO time", async () => {
    const emu = testEmulator();
    const tail = await openTail(emu, "/_emulator/requests/stream?status=4xx");
    tails.push(tail);
    await call(emu, "GET", "/compute/v2.1/servers");
    await call(emu, "GET", "/no-such-service");
    const [request] = await tail.next(1);
    // the unauthenticated servers list is a 401 too: both are 4xx, in order
    expect(request).toMatchObject({ event: "request", data: { method: "GET", path: "/compute/v2.1/servers", status: 401, at: "2030-01-01T00:00:00.000Z" } });
    const [missing] = await tail.next(1);
    expect(missing!.data).toMatchObject({ path: "/no-such-service", status: 404 });
    const listed = await call(emu, "GET", "/_emulator/requests?status=404");
    expect(listed.body.requests.map((r: any) => r.path)).toEqual(["/no-such-service"]);
  });

  it("answers a bad filter with a 400 in the control API's shape", async () => {
    const emu = testEmulator();
    for (const path of ["/_emulator/requests/stream?status=abc", "/_emulator/requests?status=6xx", "/_emulator/events/stream?after=-1"]) {
      const res = await call(emu, "GET", path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.status).toBe(400);
    }
    const res = await call(emu, "GET", "/_emulator/events/stream", { headers: { "Last-Event-ID": "x" } });
    expect(res.status).toBe(400);
  });

  it("ends its tails when the emulator stops, so a graceful stop does not wait out its grace for them", async () => {
    const emu = testEmulator();
    const url = await emu.listen(0, "127.0.0.1");
    const res = await fetch(`${url}/_emulator/events/stream`);
    const reader = res.body!.getReader();
    // a grace longer than the test's timeout: only the tail's end lets close() resolve in time
    const closed = emu.close({ graceMs: 120_000 });
    while (!(await reader.read()).done);
    await closed;
  });

  it("is followed by the typed client (followEvents, followRequests) until its signal aborts", async () => {
    const emu = testEmulator();
    const url = await emu.listen(0, "127.0.0.1");
    try {
      const client = new SkymockClient(url);
      await client.failHost("compute-1");
      const abort = new AbortController();
      const seen: string[] = [];
      for await (const event of client.followEvents({ type: "compute.host.*" }, { signal: abort.signal })) {
        seen.push(`${event.type} ${(event.payload as { host: string }).host}`);
        if (seen.length === 1) await client.recoverHost("compute-1");
        else break;
      }
      expect(seen).toEqual(["compute.host.error compute-1", "compute.host.recovered compute-1"]);
      const requests = client.followRequests({ status: "404" });
      await fetch(`${url}/nowhere`);
      expect((await requests.next()).value).toMatchObject({ path: "/nowhere", status: 404 });
      await requests.return(undefined);
    } finally {
      await emu.close();
    }
  });
});

describe("a tail whose client does not keep up", () => {
  it("holds at most MAX_QUEUED entries, then ends with a comment saying to reconnect; the journal has the rest", async () => {
    const { MAX_QUEUED } = await import("../../src/control/journal-streams.js");
    const emu = testEmulator({ eventLogSize: MAX_QUEUED * 2 });
    const res = await emu.app.request("http://localhost/_emulator/events/stream?type=test.*");
    // nothing is read while far more entries than the bound are added
    for (let i = 0; i < MAX_QUEUED + 500; i++) emu.kernel.events.publish("test.flood", { i });
    const text = await res.text();
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(MAX_QUEUED + 1);
    // in order, without a gap, up to where it stopped
    expect(ids).toEqual(ids.map((_, k) => ids[0]! + k));
    expect(text.trimEnd().endsWith("reconnect with Last-Event-ID to read the rest from the journal")).toBe(true);
    // what it did not send is in the journal, after the last id it did
    const rest = await call(emu, "GET", `/_emulator/events?type=test.*&after=${ids.at(-1)}&limit=1000`);
    expect(rest.body.events.length).toBeGreaterThan(0);
    await emu.close();
  });
});
