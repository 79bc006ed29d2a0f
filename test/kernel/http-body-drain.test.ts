// A JSON body past its route's limit over a real socket: the client, which writes its whole body before it
// reads an answer, reads the 413 in the service's shape (not a reset connection), whether the body is
// chunked or declares its length, and nothing is created. Repeated: a reset comes only some of the time.

import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../helpers/emulator.js";

const MiB = 1024 * 1024;

type Outcome = { status: number; body: string; connection: string | undefined } | { error: string };

/**
 * POSTs `total` bytes of filler (chunked unless `declare`), writing all of it whatever comes back; or, with
 * `sent`, declares `total` and sends only that many.
 */
function post(url: string, token: string, total: number, declare: boolean, sent = total): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { "x-auth-token": token, "content-type": "application/json" };
    if (declare) headers["content-length"] = String(total);
    const req = httpRequest(url, { method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
      res.on("error", (e) => resolve({ error: e.message }));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    const pump = () => {
      while (written < sent) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (sent === total) req.end();
    };
    pump();
  });
}

describe("a JSON body past the limit, over a socket", () => {
  const emu = testEmulator();
  let base: string;
  let token: string;
  beforeAll(async () => {
    base = await emu.listen(0, "127.0.0.1");
    token = await login(emu, "demo");
  });
  afterAll(() => emu.close());

  const volumes = async () => (await call(emu, "GET", "/volume/v3/volumes", { token })).body.volumes.length;
  const tooLarge = { overLimit: { code: 413, message: "Request body is larger than 1048576 bytes." } };

  it.each([
    ["chunked, 8 MiB", 8 * MiB, false],
    ["chunked, 2 MiB", 2 * MiB, false],
    ["with Content-Length, 8 MiB", 8 * MiB, true],
  ])("%s: every client reads the 413 in Cinder's shape, and no volume is made", async (_name, total, declare) => {
    const before = await volumes();
    for (let i = 0; i < 8; i++) {
      const outcome = await post(`${base}/volume/v3/volumes`, token, total, declare);
      expect(outcome).toMatchObject({ status: 413 });
      expect(JSON.parse((outcome as { body: string }).body)).toEqual(tooLarge);
    }
    expect(await volumes()).toBe(before);
  }, 60_000);

  it("a body drained to its end keeps the connection; one declared past the drain bound is answered at once, closing it", async () => {
    const drained = await post(`${base}/volume/v3/volumes`, token, 2 * MiB, false);
    expect(drained).toMatchObject({ status: 413, connection: "keep-alive" });
    // never finished: only an answer given without waiting for the body arrives
    const cut = await post(`${base}/volume/v3/volumes`, token, 1024 * MiB, true, 64 * 1024);
    expect(cut).toMatchObject({ status: 413, connection: "close" });
    // and the server goes on answering
    expect(await post(`${base}/volume/v3/volumes`, token, 10, false)).toMatchObject({ status: 400 });
  }, 60_000);
});
