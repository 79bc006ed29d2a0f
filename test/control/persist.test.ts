// --persist in process (createEmulator({ persist, dataDir })): close() saves the state beside the blob files and the
// next emulator on that directory starts from it, the seed world stays the reset target, a save is skipped when
// nothing changed, and a deleted blob's file stays until a save no longer names it. The process itself (SIGTERM,
// SIGKILL mid-traffic, a corrupt file) is test/e2e/persist.test.ts.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { call, login, START, testEmulator } from "../helpers/emulator.js";
import type { Emulator } from "../../src/app.js";
import { writeJsonSliced } from "../../src/persist-json.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "skymock-persist-"));
  dirs.push(dir);
  return dir;
}

// a long interval: these tests save by close() and save(), never by the timer
const persisted = (dataDir: string) => testEmulator({ dataDir, persist: true, persistInterval: 3600 });

async function accountOf(emu: Emulator): Promise<{ token: string; account: string }> {
  const token = await login(emu);
  const me = await call(emu, "GET", "/identity/v3/auth/tokens", { token, headers: { "X-Subject-Token": token } });
  return { token, account: `/object-store/v1/AUTH_${me.body.token.project.id}` };
}

async function putObject(emu: Emulator, name: string, bytes: string): Promise<void> {
  const { token, account } = await accountOf(emu);
  expect((await call(emu, "PUT", `${account}/c`, { token })).status).toBeLessThan(300);
  expect((await call(emu, "PUT", `${account}/c/${name}`, { token, raw: bytes, headers: { "Content-Type": "application/octet-stream", "Content-Length": String(Buffer.byteLength(bytes)) } })).status).toBe(201);
}

async function getObject(emu: Emulator, name: string): Promise<{ status: number; text: string }> {
  const { token, account } = await accountOf(emu);
  return call(emu, "GET", `${account}/c/${name}`, { token });
}

describe("createEmulator({ persist, dataDir })", () => {
  it("needs a data directory", () => {
    expect(() => testEmulator({ persist: true })).toThrow(/--persist .*needs --data-dir/);
  });

  it("close() saves; the next emulator on the directory has the resources, the bytes and the clock", async () => {
    const dir = newDir();
    const first = persisted(dir);
    const token = await login(first);
    const made = await call(first, "POST", "/identity/v3/projects", { token, body: { project: { name: "kept" } } });
    expect(made.status).toBe(201);
    await putObject(first, "o", "some bytes");
    await call(first, "POST", "/_emulator/clock/advance", { body: { by: "10m" } });
    await first.close();

    const second = persisted(dir);
    expect(second.persistence?.loadedSavedAt).toBeTruthy();
    // with a fixed random seed the id stream goes on from where it was saved: the same steps as the first run's
    // (a login, a project) do not hand out its ids again
    const next = await call(second, "POST", "/identity/v3/projects", { token: await login(second), body: { project: { name: "next" } } });
    expect(next.status).toBe(201);
    expect(next.body.project.id).not.toBe(made.body.project.id);
    const again = await call(second, "GET", `/identity/v3/projects/${made.body.project.id}`, { token: await login(second) });
    expect(again.body.project.name).toBe("kept");
    expect(await getObject(second, "o")).toMatchObject({ status: 200, text: "some bytes" });
    expect((await call(second, "GET", "/_emulator/clock")).body.epochMs).toBe(START + 600_000);
    // the token of the first run still works: the identity state came back whole
    expect((await call(second, "GET", "/identity/v3/projects", { token })).status).toBe(200);
    await second.close();
  });

  it("keeps the seed world as the reset target, and a reset is what the next start loads", async () => {
    const dir = newDir();
    const first = persisted(dir);
    await putObject(first, "o", "x");
    await first.close();
    const second = persisted(dir);
    expect((await call(second, "POST", "/_emulator/reset")).status).toBeLessThan(300);
    expect((await getObject(second, "o")).status).toBe(404);
    await second.close();
    const third = persisted(dir);
    expect((await getObject(third, "o")).status).toBe(404);
    expect(readdirSync(dir).filter((f) => f.endsWith(".blob"))).toEqual([]);
    await third.close();
  });

  it("drops at start a blob the saved state does not refer to (put while the save ran, its resource not yet written)", async () => {
    const dir = newDir();
    const first = persisted(dir);
    await putObject(first, "o", "kept");
    const stray = await first.kernel.blobs.put("nobody refers to me");
    await first.close();
    const second = persisted(dir);
    expect(second.kernel.blobs.has(stray.id)).toBe(false);
    expect(await getObject(second, "o")).toMatchObject({ status: 200, text: "kept" });
    expect(readdirSync(dir).filter((f) => f.endsWith(".blob"))).toHaveLength(1);
    await second.close();
  });

  it("skips a save when nothing changed since the last one", async () => {
    const emu = persisted(newDir());
    expect(await emu.persistence!.save()).toBe(false);
    await putObject(emu, "o", "x");
    expect(await emu.persistence!.save()).toBe(true);
    expect(await emu.persistence!.save()).toBe(false);
    await emu.close();
  });

  it("keeps a deleted blob's file until a save no longer names it, and numbers files past the kept ones", async () => {
    const dir = newDir();
    const first = persisted(dir);
    await putObject(first, "o", "first");
    await first.persistence!.save();
    const blobFiles = () => readdirSync(dir).filter((f) => f.endsWith(".blob")).sort();
    const [file] = blobFiles();
    const { token, account } = await accountOf(first);
    expect((await call(first, "DELETE", `${account}/c/o`, { token })).status).toBe(204);
    // the saved state still names it: a crash now must find its bytes
    expect(existsSync(join(dir, file))).toBe(true);
    await first.persistence!.save();
    expect(existsSync(join(dir, file))).toBe(false);
    await putObject(first, "p", "second");
    await first.close();

    const second = persisted(dir);
    await putObject(second, "q", "third");
    expect(await getObject(second, "p")).toMatchObject({ status: 200, text: "second" });
    expect(await getObject(second, "q")).toMatchObject({ status: 200, text: "third" });
    expect(blobFiles()).toHaveLength(2);
    const saved = JSON.parse(readFileSync(join(dir, "state.json"), "utf8"));
    const ids = saved.blobs.blobs.map((b: { ref: { id: string } }) => b.ref.id);
    expect(new Set(ids).size).toBe(ids.length);
    await second.close();
  });
});

describe("writeJsonSliced (the save's serializer)", () => {
  async function sliced(value: unknown): Promise<string> {
    const pieces: string[] = [];
    const chars = await writeJsonSliced(value, (text) => void pieces.push(text));
    expect(chars).toBe(pieces.join("").length);
    return pieces.join("");
  }

  it("writes what JSON.stringify writes", async () => {
    const value = {
      s: 'quote " and \\ and \u2028 and é',
      n: [0, -1.5, 1e21, Number.NaN, Infinity],
      nested: { empty: {}, list: [], deep: [[[{ a: null, b: true, skip: undefined, f: () => 1 }]]] },
      holes: [undefined, () => 1, { x: 1 }],
      date: new Date(0),
      rows: Array.from({ length: 3000 }, (_, i) => ({ id: `r-${i}`, tags: [i, { k: "v" }] })),
    };
    expect(await sliced(value)).toBe(JSON.stringify(value));
    for (const scalar of [null, 1, "x", true, [], {}]) expect(await sliced(scalar)).toBe(JSON.stringify(scalar));
  });

  it("writes a whole state export as JSON.stringify does", async () => {
    const emu = testEmulator();
    await putObject(emu, "o", "x");
    const snapshot = emu.world.export();
    expect(await sliced(snapshot)).toBe(JSON.stringify(snapshot));
  });
});
