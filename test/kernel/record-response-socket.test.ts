// Response headers over a real socket, where every service answer is built with one plain header record
// (kernel/http/record-response.ts) and node's parsed request headers are read instead of Hono's: what a
// client sees must be what the in-process tests see: one value per header, the request id, the
// microversion headers a `prepare` step set, a handler's own headers, and conditional reads.

import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, testEmulator } from "../helpers/emulator.js";
import type { Emulator } from "../../src/app.js";

let emu: Emulator;
let port: number;
let token: string;
let projectId: string;

beforeAll(async () => {
  emu = testEmulator();
  port = Number(new URL(await emu.listen(0)).port);
  token = await login(emu);
  const validated = await call("GET", "/identity/v3/auth/tokens", { "x-subject-token": token });
  projectId = JSON.parse(validated.text).token.project.id;
});
afterAll(() => emu.close());

interface Answer {
  status: number;
  /** header name (lower case) -> every value it was sent with, in order */
  headers: Record<string, string[]>;
  text: string;
}

function call(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers: { "x-auth-token": token, ...headers } }, (res) => {
      const seen: Record<string, string[]> = {};
      for (let i = 0; i < res.rawHeaders.length; i += 2) (seen[res.rawHeaders[i]!.toLowerCase()] ??= []).push(res.rawHeaders[i + 1]!);
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: seen, text }));
    });
    req.once("error", reject);
    req.end(body);
  });
}

describe("service answers over a socket", () => {
  it("a Nova GET carries one content type, both request id headers and the negotiated microversion", async () => {
    const res = await call("GET", "/compute/v2.1/flavors", { "openstack-api-version": "compute 2.60" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toEqual(["application/json"]);
    expect(res.headers["openstack-api-version"]).toEqual(["compute 2.60"]);
    expect(res.headers["x-openstack-nova-api-version"]).toEqual(["2.60"]);
    expect(res.headers["vary"]).toHaveLength(1);
    expect(res.headers["vary"]![0]).toContain("OpenStack-API-Version");
    const [id] = res.headers["x-openstack-request-id"]!;
    expect(id).toMatch(/^req-[0-9a-f-]{36}$/);
    expect(res.headers["x-compute-request-id"]).toEqual([id]);
    expect(res.headers["content-length"]).toEqual([String(Buffer.byteLength(res.text))]);
  });

  it("reads the microversion from the legacy header too, and refuses a bad one in Nova's shape with the headers kept", async () => {
    const legacy = await call("GET", "/compute/v2.1/flavors", { "x-openstack-nova-api-version": "2.25" });
    expect(legacy.headers["openstack-api-version"]).toEqual(["compute 2.25"]);
    const bad = await call("GET", "/compute/v2.1/flavors", { "openstack-api-version": "compute 2.5000" });
    expect(bad.status).toBe(406);
    expect(JSON.parse(bad.text).notAcceptable.code).toBe(406);
    expect(bad.headers["x-openstack-request-id"]).toHaveLength(1);
  });

  it("a created server's 202 carries the Location its handler set beside the pipeline's headers", async () => {
    const res = await call(
      "POST",
      "/compute/v2.1/servers",
      { "content-type": "application/json", "openstack-api-version": "compute 2.37" },
      JSON.stringify({ server: { name: "rec", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: "none" } }),
    );
    expect(res.status, res.text).toBe(202);
    const id = JSON.parse(res.text).server.id;
    expect(res.headers["location"]).toEqual([`http://127.0.0.1:${port}/compute/v2.1/servers/${id}`]);
    expect(res.headers["openstack-api-version"]).toEqual(["compute 2.37"]);
  });

  it("a Swift object GET honours If-Modified-Since and If-None-Match, read from node's own headers", async () => {
    const base = `/object-store/v1/AUTH_${projectId}/rec`;
    expect((await call("PUT", base)).status).toBe(201);
    expect((await call("PUT", `${base}/a/b.txt`, { "content-type": "text/plain" }, "hello")).status).toBe(201);
    const got = await call("GET", `${base}/a/b.txt`);
    expect(got.status).toBe(200);
    expect(got.text).toBe("hello");
    expect(got.headers["content-type"]).toEqual(["text/plain"]);
    expect(got.headers["x-trans-id"]).toEqual(got.headers["x-openstack-request-id"]);
    const lastModified = got.headers["last-modified"]![0]!;
    const etag = got.headers["etag"]![0]!;
    expect((await call("GET", `${base}/a/b.txt`, { "if-modified-since": lastModified })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await call("GET", `${base}/a/b.txt`, { "if-modified-since": earlier })).status).toBe(200);
    expect((await call("GET", `${base}/a/b.txt`, { "if-unmodified-since": earlier })).status).toBe(412);
    expect((await call("GET", `${base}/a/b.txt`, { "if-none-match": etag })).status).toBe(304);
    const head = await call("HEAD", `${base}/a/b.txt`);
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toEqual(["5"]);
    expect(head.headers["etag"]).toEqual([etag]);
  });
});
