// Shared by the block storage tests: an emulator on a frozen clock with the default seed world, logins of
// its admin and demo users, and short calls against /volume/v3 (with or without the project in the path).

import type { Emulator } from "../../../src/app.js";
import { call, login, testEmulator, type Call } from "../../helpers/emulator.js";

export interface World {
  emu: Emulator;
  admin: string;
  demo: string;
  demoProject: string;
}

export async function world(options: Parameters<typeof testEmulator>[0] = {}): Promise<World> {
  const emu = testEmulator(options);
  const admin = await login(emu, "admin");
  const demo = await login(emu, "demo");
  const me = await call(emu, "GET", "/identity/v3/auth/tokens", { token: demo, headers: { "X-Subject-Token": demo } });
  return { emu, admin, demo, demoProject: me.body.token.project.id };
}

/** A call below /volume/v3 (`path` starts with `/`). */
export function bs(w: World, method: string, path: string, options: { token?: string; body?: unknown; version?: string; headers?: Record<string, string> } = {}): Promise<Call> {
  const headers = { ...options.headers, ...(options.version ? { "OpenStack-API-Version": `volume ${options.version}` } : {}) };
  return call(w.emu, method, `/volume/v3${path}`, { token: options.token ?? w.demo, body: options.body, headers });
}

export const advance = (w: World, seconds: number) => w.emu.kernel.clock.advance(seconds * 1000);

/** Creates a volume as `token` (demo by default) and returns its record as answered (status creating). */
export async function createVolume(w: World, volume: Record<string, unknown> = {}, token?: string): Promise<any> {
  const res = await bs(w, "POST", "/volumes", { token, body: { volume: { size: 1, ...volume } } });
  if (res.status !== 202) throw new Error(`create volume failed: ${res.status} ${res.text}`);
  return res.body.volume;
}

/** Creates a volume and lets its creation finish. */
export async function availableVolume(w: World, volume: Record<string, unknown> = {}, token?: string): Promise<any> {
  const created = await createVolume(w, volume, token);
  await advance(w, 2);
  return (await bs(w, "GET", `/volumes/${created.id}`, { token })).body.volume;
}

export const exported = (w: World) => JSON.stringify(w.emu.kernel.store.state);
