// Reference point for the throughput figure: the same response bytes served by a Hono app on
// @hono/node-server (one route, its handler returning the response synchronously with a plain header
// record, no emulator logic), i.e. the best this stack allows.
// stdin: {status, headers, bodyBase64}; prints `listening <port>`, serves until killed.

import { Hono } from "hono";
import { serve } from "@hono/node-server";
import { readStdinJson } from "./lib.mjs";

const { status, headers, bodyBase64 } = await readStdinJson();
const body = Buffer.from(bodyBase64, "base64");
const { "content-length": _length, ...rest } = headers;
const app = new Hono({ strict: false });
app.get("/identity/v3/auth/tokens", () => new Response(body, { status, headers: { ...rest } }));
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(`listening ${info.port}`));
process.once("SIGTERM", () => {
  server.closeAllConnections?.();
  server.close(() => process.exit(0));
});
