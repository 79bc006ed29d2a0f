// aws-chunked payloads with large chunks: a chunk arriving over many reads is passed on as it comes (not
// gathered and re-copied on every read), a chunk header declaring more than S3 takes, or more than
// x-amz-decoded-content-length, is refused before its bytes are read, and nothing is stored.

import { describe, expect, it } from "vitest";
import { signV4 } from "../../helpers/toy-s3.js";
import { ec2Keys, errorCode, s3, s3Emulator, tags, type Keys } from "./s3-helpers.js";
import type { Emulator } from "../../../src/app.js";

const MiB = 1024 * 1024;

/** A PUT of an unsigned aws-chunked body, sent as a stream of `readSize` pieces (the reads a socket makes). */
async function putStreamed(emu: Emulator, keys: Keys, path: string, body: Buffer, decoded: number, readSize = 64 * 1024) {
  const url = `http://localhost/s3${path}`;
  const headers = signV4({
    method: "PUT",
    url,
    accessKey: keys.accessKey,
    secret: keys.secret,
    payloadHash: "STREAMING-UNSIGNED-PAYLOAD-TRAILER",
    headers: { "content-encoding": "aws-chunked", "x-amz-decoded-content-length": String(decoded), "content-length": String(body.length) },
  });
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      controller.enqueue(body.subarray(at, at + readSize));
      at += readSize;
    },
  });
  const res = await emu.app.request(url, { method: "PUT", headers, body: stream, duplex: "half" } as RequestInit);
  return { status: res.status, text: await res.text(), read: at };
}

const framed = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n0\r\n\r\n")]);

describe("aws-chunked payloads with large chunks", () => {
  it("stores one 16 MiB chunk that arrives in 64 KiB reads", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/chunky");
    const data = Buffer.alloc(16 * MiB);
    for (let i = 0; i < data.length; i += 4096) data.writeUInt32BE(i, i);
    const res = await putStreamed(emu, keys, "/chunky/big", framed(data), data.length);
    expect(res.status).toBe(200);
    expect((await s3(emu, keys, "GET", "/chunky/big")).bytes.equals(data)).toBe(true);
  });

  it("refuses a chunk header past 64 MiB or past the decoded length before reading the chunk, storing nothing", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/chunky");
    // a header claiming 256 MiB, followed by 4 MiB of a body that would go on
    const huge = Buffer.concat([Buffer.from(`${(256 * MiB).toString(16)}\r\n`), Buffer.alloc(4 * MiB)]);
    const tooBig = await putStreamed(emu, keys, "/chunky/k", huge, 256 * MiB);
    expect([tooBig.status, errorCode(tooBig as never)]).toEqual([400, "InvalidChunkSizeError"]);
    expect(tooBig.read).toBeLessThan(huge.length);
    const overrun = await putStreamed(emu, keys, "/chunky/k", framed(Buffer.alloc(2 * MiB)), 1000);
    expect([overrun.status, errorCode(overrun as never)]).toEqual([400, "IncompleteBody"]);
    const notANumber = await putStreamed(emu, keys, "/chunky/k", framed(Buffer.alloc(10)), "ten" as never);
    expect([notANumber.status, errorCode(notANumber as never)]).toEqual([400, "InvalidArgument"]);
    expect(tags((await s3(emu, keys, "GET", "/chunky")).text, "Key")).toEqual([]);
    expect(emu.kernel.blobs.stats().count).toBe(0);
  });
});
