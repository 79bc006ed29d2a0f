// The snapshot and backup tests' harness: a fresh default world on a frozen clock, admin and demo tokens,
// calls below /volume/v3 at a chosen microversion, available volumes and snapshots to work on, and the
// block storage slice as a fingerprint a refused request must leave unchanged.

import { call, login, testEmulator, type Call } from "../../helpers/emulator.js";
import { expectRefused } from "../../helpers/refused.js";

/** DEFAULT_BLOCK_STORAGE_OPTIONS.volumeMs: every volume, snapshot and backup step */
export const STEP_MS = 2000;

export interface Options {
  /** a token; demo's when absent */
  token?: string;
  body?: unknown;
  /** microversion, e.g. "3.41": sent as OpenStack-API-Version: volume <v> */
  version?: string;
}

export interface StorageApi {
  emu: ReturnType<typeof testEmulator>;
  admin: string;
  demo: string;
  demoProject: string;
  /** a call below /volume/v3 (the project-less form; tests of the other form spell it out) */
  api(method: string, path: string, options?: Options): Promise<Call>;
  advance(ms: number): void;
  /** the block storage slice as JSON */
  fingerprint(): string;
  events(type: string): Promise<Array<{ type: string; payload: any }>>;
  /** a demo volume, created and advanced to available */
  volume(body?: Record<string, unknown>, options?: Options): Promise<Record<string, any>>;
  /** a snapshot of the volume, created and advanced to available */
  snapshot(volumeId: string, body?: Record<string, unknown>, options?: Options): Promise<Record<string, any>>;
  /** a backup of the volume, created and advanced to available; its detail */
  backup(volumeId: string, body?: Record<string, unknown>, options?: Options): Promise<Record<string, any>>;
  /** GET one resource (`snapshots/<id>`) as admin at `version`, the record inside the body */
  show(path: string, version?: string): Promise<Record<string, any>>;
  /** a request that must fail with `status` and leave the block storage state as it was */
  refused(status: number, method: string, path: string, options?: Options): Promise<Call>;
}

export async function storageApi(): Promise<StorageApi> {
  const emu = testEmulator();
  const admin = await login(emu);
  const demo = await login(emu, "demo");
  const whoami = await call(emu, "GET", "/identity/v3/auth/tokens", { token: admin, headers: { "X-Subject-Token": demo } });
  const api: StorageApi["api"] = (method, path, options = {}) =>
    call(emu, method, `/volume/v3${path}`, {
      token: options.token ?? demo,
      body: options.body,
      headers: options.version ? { "OpenStack-API-Version": `volume ${options.version}` } : {},
    });
  const created = async (res: Call, what: string) => {
    if (res.status !== 202) throw new Error(`${what} create failed: ${res.status} ${res.text}`);
    t.advance(STEP_MS);
    return res.body[what];
  };
  const t: StorageApi = {
    emu,
    admin,
    demo,
    demoProject: whoami.body.token.project.id,
    api,
    advance: (ms) => emu.clock.advance(ms),
    fingerprint: () => JSON.stringify(emu.kernel.store.state["block-storage"]),
    events: async (type) => (await call(emu, "GET", `/_emulator/events?type=${encodeURIComponent(type)}`)).body.events,
    async volume(body = {}, options = {}) {
      const volume = await created(await api("POST", "/volumes", { ...options, body: { volume: { size: 1, name: "vol", ...body } } }), "volume");
      return t.show(`volumes/${volume.id}`);
    },
    async snapshot(volumeId, body = {}, options = {}) {
      const snap = await created(await api("POST", "/snapshots", { ...options, body: { snapshot: { volume_id: volumeId, name: "snap", ...body } } }), "snapshot");
      return t.show(`snapshots/${snap.id}`);
    },
    async backup(volumeId, body = {}, options = {}) {
      const backup = await created(await api("POST", "/backups", { ...options, body: { backup: { volume_id: volumeId, name: "bk", ...body } } }), "backup");
      return t.show(`backups/${backup.id}`);
    },
    async show(path, version) {
      const res = await api("GET", `/${path}`, { token: admin, version });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`);
      return Object.values(res.body as Record<string, Record<string, any>>)[0]!;
    },
    refused: (status, method, path, options = {}) => expectRefused(t.fingerprint, status, () => api(method, path, options)),
  };
  return t;
}

/** The fault name, code and message: Cinder's envelope is Nova's. */
export { fault } from "../../helpers/compute.js";
