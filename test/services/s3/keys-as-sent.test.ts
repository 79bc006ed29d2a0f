// S3 keys as the client sends them: `.` and `..` segments are part of the key (S3 does not normalize the
// path, and signs it as sent), over a real socket where node would otherwise resolve them; a key or query
// value with NUL, which no XML listing could carry, is refused; a path that is no valid percent-encoding
// is InvalidRequest. None of it is a 500 or changes anything.

import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { signV4 } from "../../helpers/toy-s3.js";
import { ec2Keys, errorCode, s3, s3Emulator, sha256, tags, type Keys } from "./s3-helpers.js";

let emu: Emulator;
let keys: Keys;
let port: number;

beforeAll(async () => {
  emu = s3Emulator();
  keys = await ec2Keys(emu);
  port = Number(new URL(await emu.listen(0)).port);
  await s3(emu, keys, "PUT", "/dots");
});
afterAll(() => emu.close());

/** A signed request over the socket with `path` exactly as given (node's http client sends it untouched). */
function raw(method: string, path: string, body = ""): Promise<{ status: number; text: string }> {
  const headers = signV4({
    method,
    url: `http://127.0.0.1:${port}${path}`,
    path: path.split("?")[0],
    accessKey: keys.accessKey,
    secret: keys.secret,
    payloadHash: sha256(body),
    headers: { "content-length": String(Buffer.byteLength(body)) },
  });
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    req.once("error", reject);
    req.end(body);
  });
}

describe("S3 keys as sent", () => {
  it("keeps . and .. segments in keys, signed over the path as sent", async () => {
    for (const key of ["a/../b", "../up", "./here", "x/./y/..", "%2E%2E/enc"]) {
      const put = await raw("PUT", `/s3/dots/${key}`, `body of ${key}`);
      expect([key, put.status]).toEqual([key, 200]);
      const got = await raw("GET", `/s3/dots/${key}`);
      expect([key, got.status, got.text]).toEqual([key, 200, `body of ${key}`]);
    }
    const listed = tags((await s3(emu, keys, "GET", "/dots")).text, "Key");
    expect(listed).toEqual(["../enc", "../up", "./here", "a/../b", "x/./y/.."]);
    // what a normalizing server would have made of them is not there
    expect((await raw("GET", "/s3/dots/b")).status).toBe(404);
    // a path that climbs out of the mount is no other service's: still S3, still refused
    expect((await raw("GET", "/s3/../_emulator/state")).status).toBeGreaterThanOrEqual(400);
  });

  it("refuses NUL in a key, a copy source or a listing parameter, and a broken percent-encoding", async () => {
    const cases: Array<[string, string, Record<string, string>, string]> = [
      ["PUT", "/dots/a%00b", {}, "InvalidArgument"],
      ["GET", "/dots/a%00b", {}, "InvalidArgument"],
      ["POST", "/dots/a%00b?uploads", {}, "InvalidArgument"],
      ["PUT", "/dots/copy", { "x-amz-copy-source": "/dots/a%00b" }, "InvalidArgument"],
      ["GET", "/dots?prefix=%00", {}, "InvalidArgument"],
      ["GET", "/dots?list-type=2&start-after=a%00", {}, "InvalidArgument"],
      ["PUT", "/dots/%E0%A4%A", {}, "InvalidRequest"],
    ];
    const before = (await s3(emu, keys, "GET", "/dots")).text;
    for (const [method, path, headers, code] of cases) {
      const res = await s3(emu, keys, method, path, { headers, body: method === "PUT" ? "v" : undefined });
      expect([path, res.status, errorCode(res)]).toEqual([path, 400, code]);
      expect(res.text).not.toContain("\u0000");
    }
    expect((await s3(emu, keys, "GET", "/dots")).text).toBe(before);
  });
});
