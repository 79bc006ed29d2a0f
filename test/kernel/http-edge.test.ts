// The per-service HTTP edge, through the real HTTP interface: each service's credentials (X-Auth-Token,
// Bearer, AWS SigV4), error shape (JSON, S3 XML, Swift HTML and text) on every error path, body limits
// (413 before and while reading), request ids, and streamed bytes over a real socket.

import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { call, login, type Call } from "../helpers/emulator.js";
import { createWidget, toyEmulator } from "../helpers/toy-service/index.js";
import { presignV4, signV4, toyS3Service } from "../helpers/toy-s3.js";
import { buildServiceApp } from "../../src/kernel/http/service-app.js";
import { htmlErrors, textErrors } from "../../src/kernel/http/render.js";
import { swiftRequestIds } from "../../src/kernel/http/request-ids.js";
import { validate } from "../../src/kernel/http/body.js";
import type { ServiceModule } from "../../src/kernel/service.js";
import type { Emulator } from "../../src/app.js";

const KEYS = { AKTOY: "toy-secret" };
const S3 = "http://localhost/toy-s3";

/** Swift's shapes: webob's HTML pages for most errors, plain text for its own 400s. */
function toySwift(): ServiceModule {
  const mountPath = "/toy-swift";
  return {
    name: "toy-swift",
    mountPath,
    initialState: () => ({}),
    loadSeed: () => {},
    routes: (kernel) =>
      buildServiceApp(
        kernel,
        {
          name: "toy-swift",
          mountPath,
          errors: (error, request) => (error.status === 400 ? textErrors : htmlErrors)(error, request),
          requestIds: swiftRequestIds,
        },
        [
          {
            method: "GET",
            path: "/v1/:account",
            operation: "toy-swift.account.show",
            handler: (c) => c.text(validate(z.object({ limit: z.coerce.number().int() }), { limit: c.req.query("limit") ?? 1 }).limit.toString()),
          },
          { method: "DELETE", path: "/v1/:account", operation: "toy-swift.account.delete", policy: "admin", handler: (c) => c.body(null, 204) },
        ],
      ),
  };
}

function xml(res: Call): Record<string, string> {
  expect(res.headers.get("content-type")).toBe("application/xml");
  const fields: Record<string, string> = {};
  for (const [, name, value] of res.text.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) fields[name!] = value!;
  return fields;
}

const emu = toyEmulator({ extra: [toyS3Service({ keys: KEYS, maxStreamBytes: 1024 }), toySwift()] });
let token: string;

beforeEach(async () => {
  emu.reset();
  await call(emu, "DELETE", "/_emulator/faults");
  await call(emu, "PUT", "/_emulator/rate-limit", { body: { requests: 0, windowSeconds: 60 } });
  token = await login(emu);
});

const s3 = (method: string, path: string, init: { body?: string; headers?: Record<string, string>; secret?: string } = {}) => {
  const url = `${S3}${path}`;
  const payloadHash = init.body === undefined ? undefined : createHash("sha256").update(init.body).digest("hex");
  const headers = signV4({ method, url, accessKey: "AKTOY", secret: init.secret ?? KEYS.AKTOY, payloadHash, headers: init.headers });
  return call(emu, method, `/toy-s3${path}`, { headers, raw: init.body });
};

describe("credentials", () => {
  it("toy takes X-Auth-Token or Bearer, as declared, in its fault envelope when refused", async () => {
    expect((await call(emu, "GET", "/toy/whoami", { token })).body).toEqual({ user: "admin", project: "admin" });
    expect((await call(emu, "GET", "/toy/whoami", { headers: { Authorization: `Bearer ${token}` } })).body).toEqual({ user: "admin", project: "admin" });
    const refused: Array<Record<string, string>> = [
      {},
      { Authorization: "Bearer nope" },
      { Authorization: "Bearer" },
      { Authorization: "Bearer   " },
      { Authorization: `Bearer${token}` },
      { Authorization: `Basic ${token}` },
      { Authorization: "\u00ff" },
    ];
    for (const headers of refused) {
      const res = await call(emu, "GET", "/toy/whoami", { headers });
      expect([res.status, res.body], JSON.stringify(headers)).toEqual([401, { unauthorized: { code: 401, message: "The request you have made requires authentication." } }]);
    }
  });

  it("a Bearer token on a service that does not declare Bearer is a 401, in that service's envelope", async () => {
    const bearer = { Authorization: `Bearer ${token}` };
    expect((await call(emu, "GET", "/compute/v2.1/servers", { headers: bearer })).body).toEqual({
      unauthorized: { code: 401, message: "The request you have made requires authentication." },
    });
    const neutron = await call(emu, "GET", "/networking/v2.0/networks", { headers: bearer });
    expect([neutron.status, neutron.body.NeutronError.type]).toEqual([401, "NotAuthorized"]);
  });

  it("toy-s3 takes AWS SigV4 headers and presigned URLs, and refuses in S3's XML", async () => {
    expect((await s3("PUT", "/bucket/hello.txt", { body: "hello" })).status).toBe(200);
    const got = await s3("GET", "/bucket/hello.txt");
    expect([got.status, got.text, got.headers.get("etag")]).toEqual([200, "hello", `"${createHash("md5").update("hello").digest("hex")}"`]);
    const presigned = presignV4({ method: "GET", url: `${S3}/bucket/hello.txt`, accessKey: "AKTOY", secret: KEYS.AKTOY }, 60);
    expect((await call(emu, "GET", presigned.slice("http://localhost".length))).text).toBe("hello");

    const refused = await s3("GET", "/bucket/hello.txt", { secret: "wrong" });
    expect([refused.status, xml(refused).Code]).toEqual([403, "SignatureDoesNotMatch"]);
    expect(xml(refused).RequestId).toBe(refused.headers.get("x-amz-request-id"));
    const anonymous = await call(emu, "GET", "/toy-s3/bucket/hello.txt", { token });
    expect([anonymous.status, xml(anonymous).Code, xml(anonymous).Message]).toEqual([403, "AccessDenied", "Access Denied"]);
    const malformed = await call(emu, "GET", "/toy-s3/bucket/hello.txt", { headers: { Authorization: "AWS4-HMAC-SHA256 Credential" } });
    expect([malformed.status, xml(malformed).Code]).toEqual([400, "AuthorizationHeaderMalformed"]);
    const tampered = await call(emu, "GET", presigned.slice("http://localhost".length).replace("hello.txt", "other.txt"));
    expect([tampered.status, xml(tampered).Code]).toEqual([403, "SignatureDoesNotMatch"]);
  });
});

describe("error shapes, on every error path", () => {
  it("S3 XML: the service's own 404 (with its fields), unmatched 404 and 405, injected faults, 429, 413", async () => {
    const missing = await s3("GET", "/bucket/nope");
    expect(missing.text).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message>` +
        `<Key>nope</Key><BucketName>bucket</BucketName><RequestId>${missing.headers.get("x-amz-request-id")}</RequestId></Error>`,
    );
    expect([(await s3("GET", "/a/b/c")).status, xml(await s3("GET", "/a/b/c")).Code]).toEqual([404, "NoSuchKey"]);
    const wrongMethod = await s3("DELETE", "/bucket/key");
    expect([wrongMethod.status, xml(wrongMethod).Code, wrongMethod.headers.get("allow")]).toEqual([405, "MethodNotAllowed", "PUT, GET"]);

    await call(emu, "POST", "/_emulator/faults", { body: { service: "toy-s3", effect: { type: "error", status: 503 } } });
    const injected = await s3("GET", "/bucket/key");
    expect([injected.status, xml(injected).Code]).toEqual([503, "ServiceUnavailable"]);
    await call(emu, "DELETE", "/_emulator/faults");

    await call(emu, "PUT", "/_emulator/rate-limit", { body: { requests: 1, windowSeconds: 60 } });
    await s3("GET", "/bucket/key");
    const throttled = await s3("GET", "/bucket/key");
    expect([throttled.status, xml(throttled).Code, throttled.headers.get("retry-after")]).toEqual([429, "SlowDown", "60"]);
    await call(emu, "PUT", "/_emulator/rate-limit", { body: { requests: 0, windowSeconds: 60 } });

    const tooLarge = await s3("PUT", "/bucket/big", { body: "x".repeat(2000), headers: { "Content-Length": "2000" } });
    expect([tooLarge.status, xml(tooLarge).Code]).toEqual([413, "EntityTooLarge"]);
  });

  it("Swift: HTML pages (401, 403, 404) and plain-text 400s, validation's among them", async () => {
    const page = await call(emu, "GET", "/toy-swift/nowhere");
    expect([page.status, page.headers.get("content-type"), page.text]).toEqual([
      404,
      "text/html; charset=UTF-8",
      "<html><h1>Not Found</h1><p>The resource could not be found: /toy-swift/nowhere</p></html>",
    ]);
    expect((await call(emu, "GET", "/toy-swift/v1/AUTH_x")).text).toBe("<html><h1>Unauthorized</h1><p>The request you have made requires authentication.</p></html>");
    const member = await login(emu, "demo");
    expect((await call(emu, "DELETE", "/toy-swift/v1/AUTH_x", { token: member })).text).toBe(
      "<html><h1>Forbidden</h1><p>You are not authorized to perform the requested action.</p></html>",
    );
    const invalid = await call(emu, "GET", "/toy-swift/v1/AUTH_x?limit=ten", { token });
    expect([invalid.status, invalid.headers.get("content-type"), invalid.text]).toEqual([400, "text/plain; charset=utf-8", "Invalid input for field 'limit': Invalid input: expected number, received NaN"]);
  });

  it("JSON stays the default: the toy's 404 and 405 in its fault envelope", async () => {
    expect((await call(emu, "GET", "/toy/nowhere", { token })).body).toEqual({ itemNotFound: { code: 404, message: "The resource could not be found: /toy/nowhere" } });
    expect((await call(emu, "PATCH", "/toy/widgets", { token })).body.badMethod.code).toBe(405);
    // a trailing slash names an item with an empty id: not found, not a method the collection refuses
    expect((await call(emu, "PATCH", "/toy/widgets/", { token })).body.itemNotFound.code).toBe(404);
  });
});

describe("request ids", () => {
  it("each service names its requests its own way, and the journal records the same ids", async () => {
    const toy = await call(emu, "GET", "/toy/widgets", { token });
    const object = await s3("GET", "/bucket/none");
    const swift = await call(emu, "GET", "/toy-swift/v1/AUTH_x", { token });
    expect(toy.headers.get("x-openstack-request-id")).toMatch(/^req-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(object.headers.get("x-amz-request-id")).toMatch(/^[0-9A-F]{16}$/);
    expect(object.headers.get("x-amz-id-2")).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(object.headers.get("x-openstack-request-id")).toBeNull();
    expect(swift.headers.get("x-trans-id")).toMatch(/^tx[0-9a-f]{21}-[0-9a-f]{10}$/);
    expect(swift.headers.get("x-openstack-request-id")).toBe(swift.headers.get("x-trans-id"));
    // the virtual clock's time, in hex seconds
    expect(swift.headers.get("x-trans-id")!.slice(-10)).toBe(Math.floor(emu.clock.now() / 1000).toString(16).padStart(10, "0"));
    const journal = (await call(emu, "GET", "/_emulator/requests")).body.requests.slice(-3);
    expect(journal.map((r: { requestId: string }) => r.requestId)).toEqual([
      toy.headers.get("x-openstack-request-id"),
      object.headers.get("x-amz-request-id"),
      swift.headers.get("x-trans-id"),
    ]);
  });
});

describe("percent-encoding the path or query cannot decode is a 400 in the service's shape, never a 500", () => {
  it("on a real service route (Neutron tags)", async () => {
    const network = (await call(emu, "POST", "/networking/v2.0/networks", { token, body: { network: { name: "n" } } })).body.network;
    // (%25ff is the valid encoding of the tag `%ff`: test/services/networking/tags-encoding.test.ts)
    for (const tag of ["%ff", "%", "%e2%82"]) {
      const res = await call(emu, "PUT", `/networking/v2.0/networks/${network.id}/tags/${tag}`, { token });
      expect([res.status, res.body?.NeutronError?.type], tag).toEqual([400, "BadRequest"]);
    }
    const query = await call(emu, "GET", "/networking/v2.0/networks?name=%e2%82", { token });
    expect([query.status, query.body.NeutronError.type]).toEqual([400, "BadRequest"]);
  });

  it("on the other shapes, and an unknown path stays a 404", async () => {
    // before credentials: a request whose path cannot be read cannot have been signed
    const object = await call(emu, "GET", "/toy-s3/bucket/%c3%28");
    expect([object.status, xml(object).Code]).toEqual([400, "InvalidRequest"]);
    expect((await call(emu, "GET", "/toy-swift/v1/%ff", { token })).text).toBe("The request path or query is not valid percent-encoding (UTF-8).");
    expect((await call(emu, "GET", "/toy/nowhere/%ff", { token })).status).toBe(404);
  });
});

describe("JSON bodies: the service's own limit", () => {
  const small = toyEmulator({ toy: { maxJsonBytes: 64 } });
  it("is a 413 by declared length and by what arrives, in the service's envelope", async () => {
    const t = await login(small);
    const body = JSON.stringify({ widget: { name: "x".repeat(100) } });
    const declared: Array<Record<string, string>> = [{ "Content-Length": String(body.length) }, {}];
    for (const headers of declared) {
      const res = await call(small, "POST", "/toy/widgets", { token: t, raw: body, headers });
      expect([res.status, res.body]).toEqual([413, { overLimit: { code: 413, message: "Request body is larger than 64 bytes." } }]);
    }
    expect((await call(small, "POST", "/toy/widgets", { token: t, body: { widget: { name: "ok" } } })).status).toBe(201);
    // identity declares no limit of its own: the emulator's applies there
    expect((await call(small, "POST", "/identity/v3/auth/tokens", { raw: body })).status).toBe(400);
  });
});

describe("streamed bytes, over a socket", () => {
  const MiB = 1024 * 1024;
  // toy's streamed bodies stop at 64 MiB + 1 KiB here; a second toy stops at 1 MiB
  const big = toyEmulator({ toy: { maxStreamBytes: 64 * MiB + 1024 } });
  const small = toyEmulator({ toy: { maxStreamBytes: MiB } });
  let bigUrl: string;
  let smallUrl: string;
  beforeAll(async () => {
    bigUrl = await big.listen(0, "127.0.0.1");
    smallUrl = await small.listen(0, "127.0.0.1");
  });
  afterAll(async () => {
    await big.close();
    await small.close();
  });

  it("a 64 MiB upload round-trips byte for byte, with ETag = MD5, Content-Length and ranges", async () => {
    const t = await login(big);
    const widget = await createWidget(big, t);
    const block = randomBytes(MiB);
    // 64 distinct blocks: the block with its index in the first four bytes
    const chunk = (i: number) => Buffer.concat([Buffer.from(Uint32Array.of(i).buffer), block.subarray(4)]);
    const md5 = createHash("md5");
    const sha = createHash("sha256");
    const put = await send(bigUrl, `/toy/widgets/${widget.id}/data`, { "x-auth-token": t, "content-length": String(64 * MiB) }, 64, (i) => {
      const c = chunk(i);
      md5.update(c);
      sha.update(c);
      return c;
    });
    expect([put.status, put.headers.etag]).toEqual([201, `"${md5.digest("hex")}"`]);

    const res = await fetch(`${bigUrl}/toy/widgets/${widget.id}/data`, { headers: { "x-auth-token": t } });
    expect([res.status, res.headers.get("content-length"), res.headers.get("x-openstack-request-id")?.slice(0, 4)]).toEqual([200, String(64 * MiB), "req-"]);
    const got = createHash("sha256");
    let size = 0;
    for await (const part of res.body!) {
      got.update(part);
      size += part.byteLength;
    }
    expect([size, got.digest("hex")]).toEqual([64 * MiB, sha.digest("hex")]);

    const range = await fetch(`${bigUrl}/toy/widgets/${widget.id}/data`, { headers: { "x-auth-token": t, range: `bytes=${5 * MiB - 2}-${5 * MiB + 5}` } });
    expect([range.status, range.headers.get("content-range"), range.headers.get("content-length")]).toEqual([206, `bytes ${5 * MiB - 2}-${5 * MiB + 5}/${64 * MiB}`, "8"]);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(Buffer.concat([chunk(4), chunk(5)]).subarray(MiB - 2, MiB + 6));
    const head = await fetch(`${bigUrl}/toy/widgets/${widget.id}/data`, { method: "HEAD", headers: { "x-auth-token": t } });
    expect([head.status, head.headers.get("content-length"), (await head.arrayBuffer()).byteLength]).toEqual([200, String(64 * MiB), 0]);
    const past = await fetch(`${bigUrl}/toy/widgets/${widget.id}/data`, { headers: { "x-auth-token": t, range: `bytes=${64 * MiB}-` } });
    expect([past.status, past.headers.get("content-range"), (await past.json()).itemNotFound]).toEqual([416, `bytes */${64 * MiB}`, undefined]);
  }, 60_000);

  it("a declared Content-Length past the limit is a 413 before a byte of the body is read", async () => {
    const t = await login(small);
    const widget = await createWidget(small, t);
    // the body is never finished: only an answer given before reading it can arrive
    const res = await send(smallUrl, `/toy/widgets/${widget.id}/data`, { "x-auth-token": t, "content-length": String(10 * MiB) }, 1, () => Buffer.alloc(1024), false);
    expect([res.status, JSON.parse(res.body)]).toEqual([413, { overLimit: { code: 413, message: `Request body is larger than ${MiB} bytes.` } }]);
    expect(small.kernel.blobs.stats().count).toBe(0);
  });

  it("a chunked body is refused once it grows past the limit, and nothing is kept", async () => {
    const t = await login(small);
    const widget = await createWidget(small, t);
    const res = await send(smallUrl, `/toy/widgets/${widget.id}/data`, { "x-auth-token": t }, 8, () => Buffer.alloc(256 * 1024, 1));
    expect([res.status, JSON.parse(res.body).overLimit.code]).toEqual([413, 413]);
    expect(small.kernel.blobs.stats().count).toBe(0);
    // the connection and the service are fine afterwards
    const ok = await send(smallUrl, `/toy/widgets/${widget.id}/data`, { "x-auth-token": t }, 2, () => Buffer.alloc(1000, 2));
    expect(ok.status).toBe(201);
  });
});

/**
 * PUTs `count` chunks from `next` over node:http (chunked unless a content-length is given), stopping early
 * once an answer arrives; `finish: false` never ends the body.
 */
function send(
  base: string,
  path: string,
  headers: Record<string, string>,
  count: number,
  next: (i: number) => Buffer,
  finish = true,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(`${base}${path}`, { method: "PUT", headers }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => {
        resolve({ status: res.statusCode!, headers: res.headers, body });
        req.destroy();
      });
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    void (async () => {
      for (let i = 0; i < count && !answered; i++) {
        if (!req.write(next(i))) await new Promise((r) => req.once("drain", r));
      }
      if (finish && !answered) req.end();
    })();
  });
}
