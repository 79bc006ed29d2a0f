// `skymock start --data-dir DIR --persist` as a user runs it: the state survives a stop and a restart, and a
// SIGKILL in the middle of traffic loses nothing acknowledged before the last save; without --persist the data
// directory is wiped as before, and a state file that cannot be loaded stops the start with its name.

import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { adminToken, exited, issueToken, removeTempDirs, runCli, start, stopStarted, tempDir } from "../helpers/cli-process.js";

vi.setConfig({ testTimeout: 60_000 });
afterEach(stopStarted);
afterAll(removeTempDirs);

interface Session {
  token: string;
  account: string;
}

async function session(server: ServerProcess): Promise<Session> {
  const { token, body } = await issueToken(server.url);
  return { token: token!, account: `${server.url}/object-store/v1/AUTH_${body.token.project.id}` };
}

async function createProject(server: ServerProcess, token: string, name: string): Promise<string> {
  const res = await fetch(`${server.url}/identity/v3/projects`, {
    method: "POST",
    headers: { "X-Auth-Token": token, "Content-Type": "application/json" },
    body: JSON.stringify({ project: { name } }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { project: { id: string } }).project.id;
}

async function putObject(s: Session, name: string, bytes: string): Promise<void> {
  const res = await fetch(`${s.account}/c/${name}`, { method: "PUT", headers: { "X-Auth-Token": s.token }, body: bytes });
  expect(res.status).toBe(201);
}

const statePath = (dir: string) => join(dir, "state.json");

/** Polls `check` until it holds; only the deadline is in wall-clock time, never what the test decides. */
async function until(what: string, check: () => boolean | Promise<boolean>, deadlineMs = 30_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("skymock start --data-dir DIR --persist", () => {
  it("keeps projects and objects with their ids and bytes across SIGTERM and a restart", async () => {
    const dir = tempDir();
    const args = ["--data-dir", dir, "--persist"];
    const first = await start(args);
    expect(first.output()).toContain(`state new, kept in ${statePath(dir)}`);
    const s = await session(first);
    const projectId = await createProject(first, s.token, "kept-project");
    expect((await fetch(`${s.account}/c`, { method: "PUT", headers: { "X-Auth-Token": s.token } })).status).toBe(201);
    await putObject(s, "greeting.txt", "hello, persisted world");
    await first.stop();

    const second = await start(args);
    expect(second.output()).toContain(`state loaded from ${statePath(dir)}`);
    const token = await adminToken(second);
    const project = await fetch(`${second.url}/identity/v3/projects/${projectId}`, { headers: { "X-Auth-Token": token } });
    expect(project.status).toBe(200);
    expect(((await project.json()) as { project: { name: string } }).project.name).toBe("kept-project");
    const account = s.account.replace(first.url, second.url);
    const object = await fetch(`${account}/c/greeting.txt`, { headers: { "X-Auth-Token": token } });
    expect(object.status).toBe(200);
    expect(await object.text()).toBe("hello, persisted world");
  });

  it("after a SIGKILL mid-traffic, restarts with every write acknowledged before the last save", async () => {
    const dir = tempDir();
    const args = ["--data-dir", dir, "--persist", "--persist-interval", "0.5"];
    // not start(): the helper's stop waits for an exit code, which a killed process never has
    const server = await startServerProcess(args);
    onTestFinished(() => void (server.child.exitCode === null && server.child.signalCode === null && server.child.kill("SIGKILL")));
    const s = await session(server);
    expect((await fetch(`${s.account}/c`, { method: "PUT", headers: { "X-Auth-Token": s.token } })).status).toBe(201);

    // one write after another, each noted once acknowledged: a project, an object, and every third time a delete of an
    // object ten writes older
    const acked: Array<{ project: string; object: string; deleted?: string }> = [];
    let killed = false;
    const traffic = (async () => {
      for (let i = 0; !killed; i++) {
        try {
          const project = await createProject(server, s.token, `p-${i}`);
          await putObject(s, `o-${i}`, `bytes of ${i}`);
          let deleted: string | undefined;
          // an older object: its delete after the last save must leave the bytes that save names
          if (i % 3 === 2 && i >= 10) {
            const res = await fetch(`${s.account}/c/o-${i - 10}`, { method: "DELETE", headers: { "X-Auth-Token": s.token } });
            expect(res.status).toBe(204);
            deleted = `o-${i - 10}`;
          }
          acked.push({ project, object: `o-${i}`, deleted });
        } catch (error) {
          if (!killed) throw error;
        }
      }
    })();

    // a write acknowledged after several saves had a chance to run, then until a save holds it
    await until("30 writes are acknowledged", () => acked.length >= 30);
    const upTo = acked.length;
    // a save may fall between the requests of one write (its project made, its object not yet): the file
    // holds the whole of the last noted write once it holds the project of the write after it
    await until("the write after the last noted one is acknowledged", () => acked.length > upTo);
    const next = acked[upTo].project;
    await until("the state file holds the last noted write", () => existsSync(statePath(dir)) && readFileSync(statePath(dir), "utf8").includes(next));
    killed = true;
    server.child.kill("SIGKILL");
    await exited(server);
    // the writes went on after the noted ones (the wait for acked[upTo] above holds it): the process was killed
    // mid-traffic, and the loop runs until then
    await traffic;

    const again = await start(args);
    expect(again.output()).toContain("state loaded from");
    const token = await adminToken(again);
    const account = s.account.replace(server.url, again.url);
    const gone = new Set(acked.slice(0, upTo).flatMap((w) => w.deleted ?? []));
    for (const [j, write] of acked.slice(0, upTo).entries()) {
      const project = await fetch(`${again.url}/identity/v3/projects/${write.project}`, { headers: { "X-Auth-Token": token } });
      expect(project.status, write.project).toBe(200);
      const object = await fetch(`${account}/c/${write.object}`, { headers: { "X-Auth-Token": token } });
      // o-j is deleted by write j+10 when (j+10) % 3 == 2: one after the noted ones may or may not have been saved
      const laterDelete = (j + 10) % 3 === 2 && j + 10 >= upTo;
      if (gone.has(write.object)) expect(object.status, write.object).toBe(404);
      else if (laterDelete && object.status === 404) continue;
      else {
        expect(object.status, write.object).toBe(200);
        expect(await object.text()).toBe(`bytes of ${write.object.slice(2)}`);
      }
    }
  });

  it("without --persist wipes the data directory's blob files at start, as before", async () => {
    const dir = tempDir();
    const first = await start(["--data-dir", dir, "--persist"]);
    const s = await session(first);
    expect((await fetch(`${s.account}/c`, { method: "PUT", headers: { "X-Auth-Token": s.token } })).status).toBe(201);
    await putObject(s, "o", "bytes");
    await first.stop();
    expect(readdirSync(dir).filter((f) => f.endsWith(".blob"))).toHaveLength(1);

    const second = await start(["--data-dir", dir]);
    expect(second.output()).not.toContain("state loaded");
    expect(readdirSync(dir).filter((f) => f.endsWith(".blob"))).toEqual([]);
    const res = await fetch(`${s.account.replace(first.url, second.url)}/c/o`, { headers: { "X-Auth-Token": await adminToken(second) } });
    expect(res.status).toBe(404);
  });

  it("refuses to start from a state file it cannot load, naming it and changing nothing", async () => {
    const dir = tempDir();
    writeFileSync(statePath(dir), '{"format": "skymock-state-file/1", "snapsh');
    writeFileSync(join(dir, "1.blob"), "kept");
    const res = await runCli(["start", "--port", "0", "--data-dir", dir, "--persist"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`skymock: cannot start: the saved state ${statePath(dir)} cannot be loaded: it is not valid JSON`);
    expect(res.stderr).toContain(`move ${statePath(dir)} away or delete it`);
    expect(readdirSync(dir).sort()).toEqual(["1.blob", "state.json"]);
  });

  it("needs --data-dir", async () => {
    const res = await runCli(["start", "--port", "0", "--persist"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("skymock: --persist (SKYMOCK_PERSIST, config key persist): needs --data-dir");
  });
});
