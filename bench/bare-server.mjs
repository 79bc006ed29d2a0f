// The baseline for the throughput figure: a bare node:http server that answers every request with the
// exact status, headers and body bytes the emulator returned for a token validation.
// stdin: {status, headers, bodyBase64}; prints `listening <port>`, serves until killed.

import { createServer } from "node:http";
import { readStdinJson } from "./lib.mjs";

const { status, headers, bodyBase64 } = await readStdinJson();
const body = Buffer.from(bodyBase64, "base64");
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(status, headers);
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
