// A container ACL's grantee, a reader of the project and a temp URL reach only what they were given: a
// copy's source and destination, a static manifest's segments, a dynamic manifest's segment listing and a
// temp URL's copy are each checked as the caller (Swift makes them subrequests with the caller's
// credentials), and the Temp-URL keys are shown to owners only.

import { createHmac } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { call, login } from "../../helpers/emulator.js";
import { swiftTest, type SwiftTest } from "./setup.js";

const SECRET = "top secret bytes";

interface World {
  t: SwiftTest;
  /** a member of another project, granted read and write on demo's `shared` */
  grantee: string;
  /** a user with the reader role on the demo project */
  reader: string;
}

async function world(): Promise<World> {
  const t = await swiftTest();
  const tenant = (await call(t.emu, "POST", "/_emulator/tenants", { body: { name: "project-b", password: "project-b" } })).body;
  const grantee = await login(t.emu, "project-b", "project-b", "project-b");
  const admin = t.admin.token;
  const reader = (await call(t.emu, "POST", "/identity/v3/users", { token: admin, body: { user: { name: "reader-a", password: "reader-a", domain_id: "default" } } })).body.user.id;
  const roles = (await call(t.emu, "GET", "/identity/v3/roles?name=reader", { token: admin })).body.roles;
  await call(t.emu, "PUT", `/identity/v3/projects/${t.demo.project}/users/${reader}/roles/${roles[0].id}`, { token: admin });
  const grant = `${tenant.project.id}:*`;
  await t.req("PUT", "shared", { headers: { "X-Container-Read": grant, "X-Container-Write": grant } });
  await t.req("PUT", "shared/o", { body: "shared bytes" });
  await t.req("PUT", "private");
  await t.req("PUT", "private/secret.txt", { body: SECRET });
  return { t, grantee, reader: await login(t.emu, "reader-a", "demo", "reader-a") };
}

const sign = (key: string, method: string, path: string, expires = Math.floor(Date.now() / 1000) + 600) =>
  `temp_url_sig=${createHmac("sha256", key).update(`${method}\n${expires}\n${path}`).digest("hex")}&temp_url_expires=${expires}`;

describe("a container ACL's grantee", () => {
  let w: World;
  beforeEach(async () => {
    w = await world();
  });

  it("reads and writes the container it was granted", async () => {
    const { t, grantee } = w;
    expect((await t.req("GET", "shared/o", { token: grantee })).text).toBe("shared bytes");
    expect((await t.req("PUT", "shared/mine", { token: grantee, body: "x" })).status).toBe(201);
    expect((await t.req("PUT", "shared/copy", { token: grantee, headers: { "X-Copy-From": "shared/o" }, body: "" })).status).toBe(201);
    expect((await t.req("GET", "shared/copy", { token: grantee })).text).toBe("shared bytes");
    expect((await t.req("GET", "private/secret.txt", { token: grantee })).status).toBe(403);
    // a referrer ACL is anyone's, a token's holder's too; listing it still takes .rlistings
    await t.req("POST", "private", { headers: { "X-Container-Read": ".r:*" } });
    expect((await t.req("GET", "private/secret.txt", { token: grantee })).text).toBe(SECRET);
    expect((await t.req("GET", "private", { token: grantee })).status).toBe(403);
  });

  it("is refused on every path that would read a private container's bytes, and nothing changes", async () => {
    const { t, grantee } = w;
    const before = t.snapshot();
    const copy = await t.req("PUT", "shared/stolen", { token: grantee, headers: { "X-Copy-From": "private/secret.txt" }, body: "" });
    expect(copy.status).toBe(403);
    expect(copy.text).toMatch(/^<html><h1>Forbidden<\/h1>/);
    const slo = await t.req("PUT", "shared/m?multipart-manifest=put", { token: grantee, body: JSON.stringify([{ path: "/private/secret.txt" }]) });
    expect(slo.status).toBe(400);
    expect(slo.text).toContain("/private/secret.txt, 403 Forbidden");
    expect(t.snapshot()).toBe(before);
    // a DLO is a pointer until read: writing one is allowed, reading it lists the segments as the caller
    expect((await t.req("PUT", "shared/dlo", { token: grantee, headers: { "X-Object-Manifest": "private/secret" }, body: "" })).status).toBe(201);
    expect((await t.req("GET", "shared/dlo", { token: grantee })).status).toBe(403);
    expect((await t.req("HEAD", "shared/dlo", { token: grantee })).status).toBe(403);
    expect((await t.req("PUT", "shared/dlo-copy", { token: grantee, headers: { "X-Copy-From": "shared/dlo" }, body: "" })).status).toBe(403);
    expect((await t.req("GET", "shared/dlo")).text).toBe(SECRET);
  });

  it("cannot read a manifest its owner made of private segments: the GET is a 409, the copy too", async () => {
    const { t, grantee } = w;
    await t.req("PUT", "shared/big?multipart-manifest=put", { body: JSON.stringify([{ path: "/private/secret.txt" }]) });
    expect((await t.req("GET", "shared/big")).text).toBe(SECRET);
    const get = await t.req("GET", "shared/big", { token: grantee });
    expect(get.status).toBe(409);
    expect(get.text).not.toContain(SECRET);
    const before = t.snapshot();
    expect((await t.req("PUT", "shared/big2", { token: grantee, headers: { "X-Copy-From": "shared/big" }, body: "" })).status).toBe(409);
    expect(t.snapshot()).toBe(before);
    // nor through a manifest of manifests: a DLO listing the SLO, a SLO of a DLO over the private container
    await t.req("PUT", "shared/dlo", { token: grantee, headers: { "X-Object-Manifest": "shared/bi" }, body: "" });
    await t.req("PUT", "shared/pdlo", { headers: { "X-Object-Manifest": "private/secret" }, body: "" });
    await t.req("PUT", "shared/nested?multipart-manifest=put", { body: JSON.stringify([{ path: "/shared/pdlo" }]) });
    expect((await t.req("GET", "shared/nested")).text).toBe(SECRET);
    for (const path of ["shared/dlo", "shared/nested"]) {
      const res = await t.req("GET", path, { token: grantee });
      expect(res.status, path).toBe(409);
      expect(res.text).not.toContain(SECRET);
    }
    // deleting the manifest with its segments deletes only the segments the caller may delete
    const del = await t.req("DELETE", "shared/big?multipart-manifest=delete", { token: grantee, headers: { Accept: "application/json" } });
    expect(del.json).toMatchObject({ "Number Deleted": 1, "Response Status": "400 Bad Request", Errors: [["/private/secret.txt", "403 Forbidden"]] });
    expect((await t.req("GET", "private/secret.txt")).text).toBe(SECRET);
  });

  it("cannot COPY into a container it may not write (Destination is written as the caller)", async () => {
    const { t, grantee } = w;
    await t.req("POST", "shared", { headers: { "X-Remove-Container-Write": "x" } });
    const before = t.snapshot();
    const res = await t.req("COPY", "shared/o", { token: grantee, headers: { Destination: "private/secret.txt" } });
    expect(res.status).toBe(403);
    expect((await t.req("COPY", "shared/o", { token: null, headers: { Destination: "private/secret.txt" } })).status).toBe(401);
    expect(t.snapshot()).toBe(before);
    expect((await t.req("GET", "private/secret.txt")).text).toBe(SECRET);
  });

  it("sees no Temp-URL key, of the container or of the account", async () => {
    const { t, grantee } = w;
    await t.req("POST", "shared", { headers: { "X-Container-Meta-Temp-URL-Key": "ckey", "X-Container-Meta-Color": "blue" } });
    const head = await t.req("HEAD", "shared", { token: grantee });
    expect(head.headers.get("x-container-meta-color")).toBe("blue");
    expect(head.headers.get("x-container-meta-temp-url-key")).toBeNull();
    expect((await t.req("HEAD", "shared")).headers.get("x-container-meta-temp-url-key")).toBe("ckey");
  });
});

describe("a reader of the project", () => {
  it("sees the account and its metadata but not the Temp-URL keys, and cannot set them", async () => {
    const { t, reader } = await world();
    await t.req("POST", "", { headers: { "X-Account-Meta-Temp-URL-Key": "k1", "X-Account-Meta-Temp-URL-Key-2": "k2", "X-Account-Meta-Color": "red" } });
    await t.req("POST", "private", { headers: { "X-Container-Meta-Temp-URL-Key": "ck" } });
    for (const method of ["HEAD", "GET"]) {
      const res = await t.req(method, "", { token: reader });
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get("x-account-meta-color")).toBe("red");
      expect(res.headers.get("x-account-meta-temp-url-key")).toBeNull();
      expect(res.headers.get("x-account-meta-temp-url-key-2")).toBeNull();
    }
    expect((await t.req("HEAD", "private", { token: reader })).headers.get("x-container-meta-temp-url-key")).toBeNull();
    expect((await t.req("HEAD", "")).headers.get("x-account-meta-temp-url-key")).toBe("k1");
    expect((await t.req("HEAD", "", { token: t.admin.token })).headers.get("x-account-meta-temp-url-key-2")).toBe("k2");
    expect((await t.req("GET", "private/secret.txt", { token: reader })).text).toBe(SECRET);
    const before = t.snapshot();
    expect((await t.req("POST", "", { token: reader, headers: { "X-Account-Meta-Temp-URL-Key": "mine" } })).status).toBe(403);
    expect((await t.req("PUT", "private/x", { token: reader, body: "x" })).status).toBe(403);
    expect(t.snapshot()).toBe(before);
  });
});

describe("a temporary URL", () => {
  it("copies only from its key's reach: a container key's URL its container, an account key's URL the account", async () => {
    const { t } = await world();
    await t.req("POST", "shared", { headers: { "X-Container-Meta-Temp-URL-Key": "ckey" } });
    const path = `${t.demo.account}/shared/x`;
    const put = `shared/x?${sign("ckey", "PUT", path)}`;
    const before = t.snapshot();
    const stolen = await t.req("PUT", put, { token: null, headers: { "X-Copy-From": "private/secret.txt" }, body: "" });
    expect(stolen.status).toBe(401);
    expect(t.snapshot()).toBe(before);
    const manifest = await t.req("PUT", `${put.split("?")[0]}?multipart-manifest=put&${put.split("?")[1]}`, { token: null, body: JSON.stringify([{ path: "/private/secret.txt" }]) });
    expect(manifest.status).toBe(400);
    expect(manifest.text).toContain("/private/secret.txt, 401 Unauthorized");
    // a pointer to bytes the URL does not reach is refused whatever it names (tempurl's disallowed headers)
    expect((await t.req("PUT", put, { token: null, headers: { "X-Object-Manifest": "shared/o" }, body: "" })).status).toBe(400);
    expect(t.snapshot()).toBe(before);
    expect((await t.req("PUT", put, { token: null, headers: { "X-Copy-From": "shared/o" }, body: "" })).status).toBe(201);
    expect((await t.req("GET", "shared/x")).text).toBe("shared bytes");
    // the account's key is the owner's: its URLs reach the whole account
    await t.req("POST", "", { headers: { "X-Account-Meta-Temp-URL-Key": "akey" } });
    const owner = await t.req("PUT", `shared/y?${sign("akey", "PUT", `${t.demo.account}/shared/y`)}`, { token: null, headers: { "X-Copy-From": "private/secret.txt" }, body: "" });
    expect(owner.status).toBe(201);
  });

  it("serves DELETE and POST when signed for them, and nothing else", async () => {
    const { t } = await world();
    await t.req("POST", "", { headers: { "X-Account-Meta-Temp-URL-Key": "akey" } });
    const path = `${t.demo.account}/shared/o`;
    expect((await t.req("DELETE", `shared/o?${sign("akey", "GET", path)}`, { token: null })).status).toBe(401);
    expect((await t.req("POST", `shared/o?${sign("akey", "POST", path)}`, { token: null, headers: { "X-Object-Meta-Tag": "t" } })).status).toBe(202);
    expect((await t.req("HEAD", "shared/o")).headers.get("x-object-meta-tag")).toBe("t");
    expect((await t.req("DELETE", `shared/o?${sign("akey", "DELETE", path)}`, { token: null })).status).toBe(204);
    expect((await t.req("GET", "shared/o")).status).toBe(404);
  });
});
