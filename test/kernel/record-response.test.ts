// The context calls a service handler makes (record-response.ts): every form of c.json, c.body, c.text,
// c.html and c.redirect builds its answer with the headers c.header collected and the request id, as
// Hono's own would, and with c.status's status unless the call names one.

import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { carriesRequestId, useRecordResponses } from "../../src/kernel/http/record-response.js";
import type { AppEnv, Ctx } from "../../src/kernel/http/context.js";

async function answer(handler: (c: Ctx) => Response | Promise<Response>): Promise<Response> {
  const app = new Hono<AppEnv>();
  app.get("/", (c) => {
    useRecordResponses(c, { "x-openstack-request-id": "req-1" });
    c.header("OpenStack-API-Version", "compute 2.1");
    return handler(c);
  });
  return await app.request("/");
}

describe("record responses", () => {
  it("c.json keeps the collected headers, takes a status or an init with headers, and is stamped", async () => {
    const res = await answer((c) => c.json({ a: 1 }, { status: 202, headers: new Headers({ Location: "http://x/1" }) }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ a: 1 });
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("location")).toBe("http://x/1");
    expect(res.headers.get("openstack-api-version")).toBe("compute 2.1");
    expect(res.headers.get("x-openstack-request-id")).toBe("req-1");
  });

  it("c.status sets the status of the next answer; a header removed or appended is so", async () => {
    const res = await answer((c) => {
      c.status(201);
      c.header("Vary", "A");
      c.header("vary", "B", { append: true });
      c.header("OpenStack-API-Version", undefined);
      return c.text("made", undefined, { "Content-Type": "text/csv" });
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe("made");
    expect(res.headers.get("content-type")).toBe("text/csv");
    expect(res.headers.get("vary")).toBe("A, B");
    expect(res.headers.get("openstack-api-version")).toBeNull();
  });

  it("c.html (text or promised) and c.redirect carry them too", async () => {
    const html = await answer((c) => c.html(Promise.resolve("<p>hi</p>"), 200) as Promise<Response>);
    expect(await html.text()).toBe("<p>hi</p>");
    expect(html.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    expect(html.headers.get("x-openstack-request-id")).toBe("req-1");
    const moved = await answer((c) => c.redirect("/elsewhere", 301));
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/elsewhere");
    expect(moved.headers.get("openstack-api-version")).toBe("compute 2.1");
  });

  it("stamps what it builds, not a Response a handler made itself", async () => {
    let built: Response | undefined;
    await answer((c) => (built = c.body(null, 204)));
    expect(carriesRequestId(built!)).toBe(true);
    expect(carriesRequestId(new Response(null))).toBe(false);
  });
});
