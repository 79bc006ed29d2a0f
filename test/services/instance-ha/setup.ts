// The instance HA tests' harness: a fresh default world on a frozen clock, admin and demo tokens, calls
// below /instance-ha/v1 at a chosen microversion with either header style, segments and hosts to work on,
// and the instance HA slice as a fingerprint a refused request must leave unchanged.

import { call, login, testEmulator, type Call } from "../../helpers/emulator.js";
import { expectRefused } from "../../helpers/refused.js";
import type { EmulatorOptions } from "../../../src/config.js";

export interface Options {
  /** a token; admin's when absent */
  token?: string;
  /** send the token as `Authorization: Bearer` instead of X-Auth-Token */
  bearer?: boolean;
  body?: unknown;
  /** microversion, e.g. "1.3": sent as OpenStack-API-Version: instance-ha <v> */
  version?: string;
  headers?: Record<string, string>;
}

export interface HaApi {
  emu: ReturnType<typeof testEmulator>;
  admin: string;
  demo: string;
  /** a call below /instance-ha/v1 (the project-less form) */
  api(method: string, path: string, options?: Options): Promise<Call>;
  advance(ms: number): void;
  fingerprint(): string;
  events(type: string): Promise<Array<{ type: string; payload: any }>>;
  /** a segment created at 1.2; its record */
  segment(body?: Record<string, unknown>): Promise<Record<string, any>>;
  /** a host of the segment (compute-1 unless named); its record */
  host(segmentId: string, body?: Record<string, unknown>): Promise<Record<string, any>>;
  /** a COMPUTE_HOST STOPPED/NORMAL notification (or the body given); the response */
  notify(body?: Record<string, unknown>, options?: Options): Promise<Call>;
  /** a request that must fail with `status` and leave the instance HA state as it was */
  refused(status: number, method: string, path: string, options?: Options): Promise<Call>;
}

export const HOST_DOWN = { event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" };

export async function haApi(options: EmulatorOptions = {}): Promise<HaApi> {
  const emu = testEmulator(options);
  const admin = await login(emu);
  const demo = await login(emu, "demo");
  const api: HaApi["api"] = (method, path, options = {}) => {
    const token = options.token ?? admin;
    const headers: Record<string, string> = { ...options.headers };
    if (options.version) headers["OpenStack-API-Version"] = `instance-ha ${options.version}`;
    if (options.bearer) headers.Authorization = `Bearer ${token}`;
    return call(emu, method, `/instance-ha/v1${path}`, { token: options.bearer ? undefined : token, body: options.body, headers });
  };
  const t: HaApi = {
    emu,
    admin,
    demo,
    api,
    advance: (ms) => emu.clock.advance(ms),
    fingerprint: () => JSON.stringify(emu.kernel.store.state["instance-ha"]),
    events: async (type) => (await call(emu, "GET", `/_emulator/events?type=${encodeURIComponent(type)}`)).body.events,
    async segment(body = {}) {
      const res = await api("POST", "/segments", {
        version: "1.2",
        body: { segment: { name: "seg-1", recovery_method: "auto", service_type: "COMPUTE", ...body } },
      });
      if (res.status !== 201) throw new Error(`segment create failed: ${res.status} ${res.text}`);
      return res.body.segment;
    },
    async host(segmentId, body = {}) {
      const res = await api("POST", `/segments/${segmentId}/hosts`, {
        body: { host: { name: "compute-1", type: "COMPUTE", control_attributes: "SSH", ...body } },
      });
      if (res.status !== 201) throw new Error(`host create failed: ${res.status} ${res.text}`);
      return res.body.host;
    },
    notify(body = {}, options = {}) {
      return api("POST", "/notifications", {
        ...options,
        body: {
          notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: HOST_DOWN, ...body },
        },
      });
    },
    refused: (status, method, path, options = {}) => expectRefused(t.fingerprint, status, () => api(method, path, options)),
  };
  return t;
}
