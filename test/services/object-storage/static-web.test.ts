// staticweb: a public container read as a web site by anonymous GETs (or X-Web-Mode: true): index pages
// with a 301 adding the trailing slash, HTML listings, <code><Web-Error> pages, directory markers.

import { describe, expect, it } from "vitest";
import { swiftTest } from "./setup.js";

async function site() {
  const t = await swiftTest();
  await t.req("PUT", "site", { headers: { "X-Container-Read": ".r:*,.rlistings", "X-Container-Meta-Web-Index": "index.html", "X-Container-Meta-Web-Error": "error.html" } });
  await t.req("PUT", "site/index.html", { body: "<h1>home</h1>", headers: { "Content-Type": "text/html" } });
  await t.req("PUT", "site/docs/index.html", { body: "docs", headers: { "Content-Type": "text/html" } });
  await t.req("PUT", "site/404error.html", { body: "missing!", headers: { "Content-Type": "text/html" } });
  await t.req("PUT", "site/files/a.txt", { body: "a" });
  await t.req("PUT", "site/files/sub/b.txt", { body: "bb" });
  return t;
}

describe("staticweb", () => {
  it("serves the index of the root and of pseudo-directories, redirecting to add the slash", async () => {
    const t = await site();
    const root = await t.req("GET", "site", { token: null });
    expect(root.status).toBe(301);
    expect(root.headers.get("location")).toMatch(/\/object-store\/v1\/AUTH_\w+\/site\/$/);
    const home = await t.req("GET", "site/", { token: null });
    expect(home.status).toBe(200);
    expect(home.text).toBe("<h1>home</h1>");
    const docs = await t.req("GET", "site/docs", { token: null });
    expect(docs.status).toBe(301);
    expect(docs.headers.get("location")).toMatch(/\/site\/docs\/$/);
    expect((await t.req("GET", "site/docs/", { token: null })).text).toBe("docs");
    // an object is itself, and a token holder without X-Web-Mode sees the plain API
    expect((await t.req("GET", "site/files/a.txt", { token: null })).text).toBe("a");
    expect((await t.req("GET", "site")).status).toBe(200);
    expect((await t.req("GET", "site/", { headers: { "X-Web-Mode": "true" } })).text).toBe("<h1>home</h1>");
  });

  it("serves an index or error page that is a manifest only as the caller may read its segments (409, no bytes)", async () => {
    const t = await site();
    await t.req("PUT", "private");
    await t.req("PUT", "private/secret.txt", { body: "SECRET-BYTES" });
    expect((await t.req("PUT", "site/index.html?multipart-manifest=put", { body: JSON.stringify([{ path: "/private/secret.txt" }]) })).status).toBe(201);
    await t.req("PUT", "site/lazy", { headers: { "X-Object-Manifest": "private/secret" }, body: "" });
    await t.req("POST", "site", { headers: { "X-Container-Meta-Web-Error": "lazy" } });
    await t.req("PUT", "site/404lazy", { headers: { "X-Object-Manifest": "private/secret" }, body: "" });
    // the owner reads them; an anonymous visitor gets no byte of the private container
    expect((await t.req("GET", "site/index.html")).text).toBe("SECRET-BYTES");
    const home = await t.req("GET", "site/", { token: null });
    expect(home.status).toBe(409);
    expect(home.text).not.toContain("SECRET-BYTES");
    const missing = await t.req("GET", "site/nothing", { token: null });
    expect(missing.text).not.toContain("SECRET-BYTES");
  });

  it("serves <status><Web-Error> with the error's status", async () => {
    const t = await site();
    const missing = await t.req("GET", "site/nothing", { token: null });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe("missing!");
    await t.req("DELETE", "site/404error.html");
    const plain = await t.req("GET", "site/nothing", { token: null });
    expect(plain.status).toBe(404);
    expect(plain.text).not.toBe("missing!");
  });

  it("lists pseudo-directories without an index when Web-Listings is on, else a 404 page", async () => {
    const t = await site();
    const off = await t.req("GET", "site/files/", { token: null });
    expect(off.status).toBe(404);
    await t.req("POST", "site", { headers: { "X-Container-Meta-Web-Listings": "true", "X-Container-Meta-Web-Listings-CSS": "style.css" } });
    const on = await t.req("GET", "site/files/", { token: null });
    expect(on.status).toBe(200);
    expect(on.headers.get("content-type")).toMatch(/text\/html/);
    expect(on.text).toContain("<title>Listing of /v1/AUTH_");
    expect(on.text).toContain('<a href="./sub/">sub/</a>');
    expect(on.text).toContain('<a href="./a%2Etxt">a.txt</a>');
    expect(on.text).toContain('<a href="../">../</a>');
    expect(on.text).toContain('href="../style.css"');
    // a directory marker reads as its directory
    await t.req("PUT", "site/marker", { body: "", headers: { "Content-Type": "application/directory" } });
    await t.req("PUT", "site/marker/x", { body: "x" });
    expect((await t.req("GET", "site/marker", { token: null })).status).toBe(301);
  });

  it("leaves private containers and the unlisted root alone", async () => {
    const t = await site();
    await t.req("PUT", "private", { headers: { "X-Container-Meta-Web-Index": "index.html" } });
    await t.req("PUT", "private/index.html", { body: "secret" });
    const anon = await t.req("GET", "private/", { token: null });
    expect(anon.status).toBe(401);
    expect(anon.text).not.toContain("secret");
    expect((await t.req("GET", "private/index.html", { token: null })).status).toBe(401);
    // .r:* without .rlistings: the root is refused (keystoneauth wants .rlistings for a container path)
    await t.req("POST", "site", { headers: { "X-Container-Read": ".r:*" } });
    expect((await t.req("GET", "site/", { token: null })).status).toBe(401);
    expect((await t.req("GET", "site/docs/", { token: null })).text).toBe("docs");
  });
});
