// Swift's object routes are public to the matrix (a temp URL or an ACL may stand in for the token), so
// this file covers them: refused tokens get a 401, a reader of A a 403 on writes, and a member of B who
// was granted one of A's containers (X-Container-Read and -Write) is refused on every path into another,
// private container of A: the object itself, a copy from it or onto it, a manifest of its objects (static
// or dynamic), a bulk delete. Nothing it is refused changes anything.

import { beforeAll, describe, expect, it } from "vitest";
import { call, type Call } from "../helpers/emulator.js";
import { authzWorld, type AuthzWorld } from "./credentials.js";

let w: AuthzWorld;
let account: string;
const SECRET = "A's secret";

const swift = (method: string, path: string, token: string | undefined, headers: Record<string, string> = {}, body?: string): Promise<Call> =>
  call(w.emu, method, `/object-store${account}/${path}`, {
    token,
    headers: { "Content-Type": "text/plain", ...(body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) }), ...headers },
    ...(body === undefined ? {} : { raw: body }),
  });

beforeAll(async () => {
  w = await authzWorld();
  account = `/v1/AUTH_${w.projectA}`;
  const grant = `${w.projectB}:*`;
  const owner = w.tokens.memberA;
  for (const [path, headers, body] of [
    ["shared", { "X-Container-Read": grant, "X-Container-Write": grant }],
    ["shared/o", {}, "shared"],
    ["private", {}],
    ["private/secret", {}, SECRET],
    ["shared/owners-slo?multipart-manifest=put", {}, JSON.stringify([{ path: "/private/secret" }])],
    ["shared/owners-dlo", { "X-Object-Manifest": "private/sec" }, ""],
  ] as Array<[string, Record<string, string>, string?]>) {
    const res = await swift("PUT", path, owner, headers, body);
    if (res.status >= 300) throw new Error(`setup ${path}: ${res.status} ${res.text}`);
  }
});

/** every Swift request that names A's private container or object, with no ACL or temp URL in play */
const PRIVATE: Array<[string, string]> = [
  ["GET", "private/secret"],
  ["HEAD", "private/secret"],
  ["PUT", "private/secret"],
  ["POST", "private/secret"],
  ["DELETE", "private/secret"],
  ["COPY", "private/secret"],
  ["GET", "private"],
  ["PUT", "private"],
  ["POST", "private"],
  ["DELETE", "private"],
];

describe("Swift's routes", () => {
  it("refuse every refused token with a 401, and a reader of A's writes with a 403", async () => {
    const failures: string[] = [];
    for (const [kind, token] of Object.entries(w.refused)) {
      for (const [method, path] of PRIVATE) {
        const res = await swift(method, path, token, { Destination: "shared/x" }, method === "PUT" ? "x" : undefined);
        if (res.status !== 401) failures.push(`${kind}: ${method} ${path} -> ${res.status}`);
      }
    }
    for (const [method, path] of PRIVATE.filter(([m]) => m !== "GET" && m !== "HEAD" && m !== "COPY")) {
      const res = await swift(method, path, w.tokens.readerA, {}, method === "PUT" ? "x" : undefined);
      if (res.status !== 403) failures.push(`reader of A: ${method} ${path} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("refuse a grantee of one container every path into another private container, and change nothing", async () => {
    const grantee = w.tokens.memberB;
    const before = JSON.stringify(w.emu.kernel.store.state);
    const failures: string[] = [];
    const expect403 = async (what: string, res: Promise<Call>, status = 403) => {
      const got = await res;
      if (got.status !== status || got.text.includes(SECRET)) failures.push(`${what} -> ${got.status} ${got.text.slice(0, 120)}`);
    };
    for (const [method, path] of PRIVATE) {
      await expect403(`${method} ${path}`, swift(method, path, grantee, { Destination: "shared/x" }, method === "PUT" ? "x" : undefined));
    }
    await expect403("X-Copy-From", swift("PUT", "shared/x", grantee, { "X-Copy-From": "private/secret" }, ""));
    await expect403("X-Copy-From-Account", swift("PUT", `shared/x`, grantee, { "X-Copy-From": "private/secret", "X-Copy-From-Account": `AUTH_${w.projectA}` }, ""));
    await expect403("COPY onto", swift("COPY", "shared/o", grantee, { Destination: "private/secret" }));
    await expect403("SLO PUT", swift("PUT", "shared/x?multipart-manifest=put", grantee, {}, JSON.stringify([{ path: "/private/secret" }])), 400);
    await expect403("the owner's SLO", swift("GET", "shared/owners-slo", grantee), 409);
    await expect403("the owner's DLO", swift("GET", "shared/owners-dlo", grantee));
    await expect403("a copy of the owner's SLO", swift("PUT", "shared/x", grantee, { "X-Copy-From": "shared/owners-slo" }, ""), 409);
    await expect403("a copy of the owner's DLO", swift("PUT", "shared/x", grantee, { "X-Copy-From": "shared/owners-dlo" }, ""));
    const keys = await swift("HEAD", "shared", grantee);
    if (keys.headers.get("x-container-read") !== null) failures.push("the grantee sees the ACL");
    expect(failures).toEqual([]);
    expect(JSON.stringify(w.emu.kernel.store.state)).toBe(before);
  });
});
