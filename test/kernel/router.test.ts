import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { MemoRouter } from "../../src/kernel/http/router.js";

// The app's router remembers matches; what a client sees must not depend on what was asked before.
describe("MemoRouter", () => {
  const app = () => {
    const a = new Hono({ strict: false, router: new MemoRouter(2) });
    a.get("/servers/detail", (c) => c.text("detail"));
    a.get("/servers/:id", (c) => c.text(`server ${c.req.param("id")}`));
    a.delete("/servers/:id", (c) => c.text(`deleted ${c.req.param("id")}`));
    return a;
  };

  it("answers a static segment beside a parameter, and each id with its own parameter", async () => {
    const a = app();
    const text = async (path: string, method = "GET") => (await a.request(path, { method })).text();
    expect(await text("/servers/detail")).toBe("detail");
    expect(await text("/servers/a")).toBe("server a");
    expect(await text("/servers/b")).toBe("server b");
    expect(await text("/servers/a", "DELETE")).toBe("deleted a");
    // past the memo's limit it starts over; earlier paths still answer the same
    for (const id of ["c", "d", "e", "f"]) expect(await text(`/servers/${id}`)).toBe(`server ${id}`);
    expect(await text("/servers/detail")).toBe("detail");
    expect(await text("/servers/a")).toBe("server a");
    expect((await a.request("/servers/a", { method: "PUT" })).status).toBe(404);
  });
});
