// What the image tests share: an emulator with a second ordinary project (`alt`, user `alt`) beside demo,
// and small helpers for Glance's API (create, upload, the plain-text error body).

import { expect } from "vitest";
import { call, login, testEmulator, type Call } from "../../helpers/emulator.js";
import type { Emulator } from "../../../src/app.js";

export interface ImageWorld {
  emu: Emulator;
  demo: string;
  alt: string;
  admin: string;
  demoProject: string;
  altProject: string;
  api(method: string, path: string, token: string, options?: { body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<Call>;
  create(token: string, body?: Record<string, unknown>): Promise<any>;
  upload(token: string, id: string, bytes: Uint8Array | string, headers?: Record<string, string>): Promise<Response>;
  patch(token: string, id: string, ops: unknown[], type?: string): Promise<Call>;
}

export async function imageWorld(image: Record<string, unknown> = {}): Promise<ImageWorld> {
  const emu = testEmulator();
  const seed = {
    identity: {
      projects: [{ name: "alt", domain: "default" }],
      users: [{ name: "alt", password: "alt", domain: "default", default_project: "alt" }],
      assignments: [{ user: "alt", role: "member", project: "alt" }],
    },
    ...(Object.keys(image).length ? { image } : {}),
  };
  const merged = await call(emu, "POST", "/_emulator/seed?mode=merge", { body: seed });
  if (merged.status !== 200) throw new Error(`seed: ${merged.text}`);
  const demo = await login(emu, "demo");
  const alt = await login(emu, "alt");
  const admin = await login(emu, "admin");
  const projectOf = async (token: string) => (await call(emu, "GET", "/identity/v3/auth/tokens", { token, headers: { "X-Subject-Token": token } })).body.token.project.id;
  const api: ImageWorld["api"] = (method, path, token, options = {}) => call(emu, method, `/image${path}`, { token, ...options });
  return {
    emu,
    demo,
    alt,
    admin,
    demoProject: await projectOf(demo),
    altProject: await projectOf(alt),
    api,
    create: async (token, body = {}) => {
      const res = await api("POST", "/v2/images", token, { body: { name: "img", disk_format: "raw", container_format: "bare", ...body } });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
      return res.body;
    },
    upload: async (token, id, bytes, headers = {}) =>
      emu.app.request(`http://localhost/image/v2/images/${id}/file`, {
        method: "PUT",
        headers: { "X-Auth-Token": token, "Content-Type": "application/octet-stream", ...headers },
        body: bytes as BodyInit,
      }),
    patch: (token, id, ops, type = "application/openstack-images-v2.1-json-patch") =>
      api("PATCH", `/v2/images/${id}`, token, { raw: JSON.stringify(ops), headers: { "Content-Type": type } }),
  };
}

/** Glance's error text: "<status> <reason>\n\n<message>\n\n", as a JSON string. */
export function glanceError(res: Call): string {
  expect(typeof res.body).toBe("string");
  expect(res.body.startsWith(`${res.status} `)).toBe(true);
  return res.body.split("\n\n")[1];
}

