// The control API's bodies are bounded before they are read: a snapshot import past maxSnapshotBytes (the
// longest string the runtime holds by default) and a seed past maxBodyBytes are a 413 in the control API's
// shape, over a socket too, and the state is as it was.

import { constants } from "node:buffer";
import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";

const state = async (emu: ReturnType<typeof testEmulator>) => (await call(emu, "GET", "/_emulator/state")).text;

/** PUT or POST `body` over a real socket, chunked unless `declare`. */
function send(url: string, method: string, body: string, declare: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (declare) headers["content-length"] = String(Buffer.byteLength(body));
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("control API body limits", () => {
  it("a snapshot past maxSnapshotBytes is a 413 and imports nothing; one within it imports", async () => {
    const emu = testEmulator({ maxSnapshotBytes: 4096 });
    const before = await state(emu);
    expect(before.length).toBeGreaterThan(4096);
    const changed = before.replace('"nextInstanceNumber":', '"nextInstanceNumber":1');
    const res = await call(emu, "PUT", "/_emulator/state", { raw: changed });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { status: 413, code: "Request Entity Too Large", message: "Request body is larger than 4096 bytes." } });
    expect(await state(emu)).toBe(before);

    const roomy = testEmulator({ maxSnapshotBytes: before.length });
    expect((await call(roomy, "PUT", "/_emulator/state", { raw: before })).status).toBe(200);
  });

  it("is at most the longest string Node holds: a larger maxSnapshotBytes stops the start, naming the key", () => {
    expect(() => testEmulator({ maxSnapshotBytes: constants.MAX_STRING_LENGTH + 1 })).toThrow(/maxSnapshotBytes.*at most/);
  });

  it.each([
    ["chunked", false],
    ["with Content-Length", true],
  ])("over a socket (%s), a snapshot or a seed past its limit is a 413 that changes nothing", async (_name, declare) => {
    const emu = testEmulator({ maxSnapshotBytes: 4096, maxBodyBytes: 2048 });
    const base = await emu.listen(0, "127.0.0.1");
    try {
      const before = await state(emu);
      const snapshot = await send(`${base}/_emulator/state`, "PUT", before, declare);
      expect(snapshot.status).toBe(413);
      expect(JSON.parse(snapshot.body).error.status).toBe(413);
      const seed = JSON.stringify({ compute: { flavors: [{ name: "big", vcpus: 1, ram: 64, disk: 1, description: "x".repeat(4000) }] } });
      const seeded = await send(`${base}/_emulator/seed?mode=merge`, "POST", seed, declare);
      expect(seeded.status).toBe(413);
      expect(JSON.parse(seeded.body).error.message).toBe("Request body is larger than 2048 bytes.");
      expect(await state(emu)).toBe(before);
    } finally {
      await emu.close();
    }
  });
});

describe("a control call's optional JSON body", () => {
  it("past maxBodyBytes is a 413 over a socket (declared or chunked), and nothing changes", async () => {
    const emu = testEmulator({ maxBodyBytes: 2048 });
    const base = await emu.listen(0, "127.0.0.1");
    try {
      const before = (await call(emu, "GET", "/_emulator/faults")).text;
      const rule = JSON.stringify({ operation: "compute.server.create", action: "error", status: 500, message: "x".repeat(4000) });
      for (const declare of [false, true]) {
        const res = await send(`${base}/_emulator/faults`, "POST", rule, declare);
        expect(res.status).toBe(413);
        expect(JSON.parse(res.body).error.message).toBe("Request body is larger than 2048 bytes.");
      }
      expect((await call(emu, "GET", "/_emulator/faults")).text).toBe(before);
    } finally {
      await emu.close();
    }
  });
});
