// The built command serves HTTP without ever loading Node's fetch stack (undici: about 45 ms of a start and
// 13 MiB of RSS): the bundle's node server reads the web globals only where a request needs them
// (scripts/build-patches.mjs) and builds its answers with the server's lightweight class
// (kernel/http/light-response.ts). Checked on `node bin/skymock.js start` with a probe preloaded that reports,
// at the exit, whether undici was loaded: after the requests a client sends first and most (a discovery
// document, a token, JSON lists and creates, a refused body, a 404, HEAD, the control API's health, Swift
// objects with metadata), it was not; every answer is still the one those requests get. A request that does
// need a web Request (a chunked body) loads it then, and is answered as before.

import { fileURLToPath } from "node:url";
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startRaw, type RawProcess } from "../helpers/raw-process.js";

const PROBE = fileURLToPath(new URL("../helpers/fetch-stack-probe.cjs", import.meta.url));
const AUTH = {
  auth: {
    identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } },
    scope: { project: { name: "admin", domain: { name: "Default" } } },
  },
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function call(url: string, method: string, path: string, headers: Record<string, string | string[]> = {}, body?: string | string[]): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("error", reject);
    // a list of pieces goes out chunked, one write each
    if (Array.isArray(body)) {
      for (const piece of body) req.write(piece);
      req.end();
    } else req.end(body);
  });
}

async function stopped(emulator: RawProcess): Promise<string> {
  emulator.child.kill("SIGTERM");
  await emulator.exited(10_000);
  return emulator.output();
}

let emulator: RawProcess | undefined;
afterEach(() => emulator?.kill());

describe("the built command serves without Node's fetch stack", () => {
  it("answers the usual first requests as before, and never loads it", async () => {
    emulator = await startRaw([], {}, ["--require", PROBE, "bin/skymock.js"]);
    const { url } = emulator;

    const discovery = await call(url, "GET", "/identity/v3");
    expect(discovery.status).toBe(200);
    expect(JSON.parse(discovery.text).version.id).toBe("v3.14");
    expect(discovery.headers["content-type"]).toBe("application/json");
    expect(discovery.headers["x-openstack-request-id"]).toMatch(/^req-[0-9a-f-]{36}$/);

    // HEAD: the GET answer's status and headers (its own request id), no body
    const head = await call(url, "HEAD", "/identity/v3");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    const comparable = (h: Answer["headers"]) => Object.keys(h).filter((n) => !["date", "x-openstack-request-id", "content-length"].includes(n)).sort();
    expect(comparable(head.headers)).toEqual(comparable(discovery.headers));
    expect(head.headers["content-type"]).toBe("application/json");
    expect(head.headers["x-openstack-request-id"]).toMatch(/^req-/);

    const issued = await call(url, "POST", "/identity/v3/auth/tokens", { "content-type": "application/json" }, JSON.stringify(AUTH));
    expect(issued.status).toBe(201);
    const token = issued.headers["x-subject-token"] as string;
    expect(token).toBeTruthy();
    const project = JSON.parse(issued.text).token.project.id as string;
    const auth = { "x-auth-token": token };

    const validated = await call(url, "GET", "/identity/v3/auth/tokens", { ...auth, "x-subject-token": token });
    expect(validated.status).toBe(200);
    expect(JSON.parse(validated.text).token.project.id).toBe(project);

    const created = await call(url, "POST", "/compute/v2.1/servers", { ...auth, "content-type": "application/json" }, JSON.stringify({ server: { name: "lean", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: "none" } }));
    expect(created.status).toBe(202);
    expect(created.headers.location).toMatch(/\/compute\/v2\.1\/servers\/[0-9a-f-]{36}$/);
    const listed = await call(url, "GET", "/compute/v2.1/servers", auth);
    expect(JSON.parse(listed.text).servers.map((s: { name: string }) => s.name)).toContain("lean");
    expect(listed.headers["openstack-api-version"]).toBe("compute 2.1");

    const refused = await call(url, "POST", "/compute/v2.1/servers", { ...auth, "content-type": "application/json" }, "{not json");
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).badRequest.code).toBe(400);

    const nowhere = await call(url, "GET", "/nowhere");
    expect(nowhere.status).toBe(404);
    expect(JSON.parse(nowhere.text).error.status).toBe(404);
    expect(nowhere.headers["x-openstack-request-id"]).toMatch(/^req-/);

    const health = await call(url, "GET", "/_emulator/health");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text).status).toBe("ok");

    // Swift: metadata comes from the request's headers, read from node's header lines as web Headers list
    // them: a header sent twice is one value joined with ", ", and an underscore reads as a hyphen
    const swift = `/object-store/v1/AUTH_${project}`;
    expect((await call(url, "PUT", `${swift}/lean`, auth)).status).toBe(201);
    const metadata = { "x-object-meta-colour": "blue", "X-Object-Meta-Shape": "round", "x-object-meta-tags": ["a", "b"], X_Object_Meta_Size: "big" };
    const put = await call(url, "PUT", `${swift}/lean/note.txt`, { ...auth, "content-type": "text/plain", ...metadata }, "hello");
    expect(put.status).toBe(201);
    const shown = await call(url, "HEAD", `${swift}/lean/note.txt`, auth);
    expect(shown.status).toBe(200);
    expect(shown.text).toBe("");
    expect(shown.headers).toMatchObject({
      "x-object-meta-colour": "blue",
      "x-object-meta-shape": "round",
      "x-object-meta-tags": "a, b",
      "x-object-meta-size": "big",
      "content-length": "5",
      etag: "5d41402abc4b2a76b9719d911017c592",
    });
    const read = await call(url, "GET", `${swift}/lean/note.txt`, auth);
    expect(read.text).toBe("hello");

    expect(await stopped(emulator)).toContain("fetch stack loaded: false");
  });

  it("loads it when a request needs a web Request (a chunked body), and answers as before", async () => {
    emulator = await startRaw([], {}, ["--require", PROBE, "bin/skymock.js"]);
    const body = JSON.stringify(AUTH);
    const issued = await call(emulator.url, "POST", "/identity/v3/auth/tokens", { "content-type": "application/json", "transfer-encoding": "chunked" }, [body.slice(0, 25), body.slice(25)]);
    expect(issued.status).toBe(201);
    expect(issued.headers["x-subject-token"]).toBeTruthy();
    expect(await stopped(emulator)).toContain("fetch stack loaded: true");
  });
});
