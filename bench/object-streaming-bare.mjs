// The baseline for the object streaming figures: a bare node:http server that keeps a PUT body as the
// chunks that arrived (as the emulator's memory blob store does) and streams them back on GET, honouring
// backpressure. `/md5/<name>` hashes MD5 on the way in and answers it as the ETag (as Swift does);
// `/plain/<name>` does not hash; `/file/<name>` streams to and from a file in the directory given as the
// first argument (as --data-dir does), hashing MD5. Prints `listening <port>`, serves until killed.

import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";

const dir = process.argv[2];
const fileOf = (url) => join(dir, encodeURIComponent(url));

const objects = new Map();

const server = createServer((req, res) => {
  if (req.url.startsWith("/file/")) return fileMode(req, res);
  if (req.method === "PUT") {
    const md5 = req.url.startsWith("/md5/") ? createHash("md5") : undefined;
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      md5?.update(chunk);
      chunks.push(chunk);
      size += chunk.length;
    });
    req.on("end", () => {
      objects.set(req.url, { chunks, size });
      res.writeHead(201, { etag: md5 ? md5.digest("hex") : "", "content-length": "0" });
      res.end();
    });
    return;
  }
  const object = objects.get(req.url);
  req.resume();
  if (!object) {
    res.writeHead(404, { "content-length": "0" });
    return res.end();
  }
  res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(object.size) });
  let i = 0;
  const pump = () => {
    while (i < object.chunks.length) if (!res.write(object.chunks[i++])) return res.once("drain", pump);
    res.end();
  };
  pump();
});
async function fileMode(req, res) {
  try {
    if (req.method === "PUT") {
      const md5 = createHash("md5");
      req.on("data", (chunk) => md5.update(chunk));
      await pipeline(req, createWriteStream(fileOf(req.url)));
      res.writeHead(201, { etag: md5.digest("hex"), "content-length": "0" });
      return res.end();
    }
    req.resume();
    res.writeHead(200, { "content-type": "application/octet-stream" });
    await pipeline(createReadStream(fileOf(req.url), { highWaterMark: 64 * 1024 }), res);
  } catch (error) {
    res.destroy(error);
  }
}

server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
