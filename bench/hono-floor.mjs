// Reference point for the throughput figure: the same response bytes served by a Hono app on
// @hono/node-server (one middleware, one route, no emulator logic), i.e. the floor this stack allows.
// stdin: {status, headers, bodyBase64}; prints `listening <port>`, serves until killed.

import { Hono } from "hono";
import { serve } from "@hono/node-server";
import { readStdinJson } from "./lib.mjs";

const { status, headers, bodyBase64 } = await readStdinJson();
const body = Buffer.from(bodyBase64, "base64").toString("utf8");
const { "content-length": _length, "content-type": type, ...rest } = headers;
const app = new Hono({ strict: false });
app.use("*", async (c, next) => {
  c.header("x-openstack-request-id", rest["x-openstack-request-id"]);
  await next();
});
app.get("/identity/v3/auth/tokens", (c) => {
  for (const [k, v] of Object.entries(rest)) c.header(k, v);
  c.header("content-type", type);
  return c.body(body, status);
});
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(`listening ${info.port}`));
process.once("SIGTERM", () => {
  server.closeAllConnections?.();
  server.close(() => process.exit(0));
});
