// S3 on any virtual clock: a client signs with its wall clock, so a freshly signed request works whether the
// clock runs at factor 60, is frozen years ahead or was advanced by a day; a presigned URL still expires when
// the test moves the virtual clock past its X-Amz-Expires, counted from the URL's first use.

import { afterEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { CLOCK_SETUPS } from "../../helpers/clock-setups.js";
import { ec2Keys, errorCode, presigned, s3, s3Emulator, send, tags } from "./s3-helpers.js";

// an hour: at factor 60 that is a real minute, far more than the test takes between signing and asserting
const EXPIRES_S = 3600;

describe.each(CLOCK_SETUPS)("S3 with the clock at $name", ({ options, after }) => {
  let emu: Emulator;
  afterEach(() => emu.close());

  async function setup() {
    emu = s3Emulator(options);
    const keys = await ec2Keys(emu);
    await after?.(emu);
    return keys;
  }

  it("takes a freshly signed request, and refuses one signed 16 minutes ago by the wall clock", async () => {
    const keys = await setup();
    expect((await s3(emu, keys, "PUT", "/bucket")).status).toBe(200);
    expect(tags((await s3(emu, keys, "GET", "/")).text, "Name")).toEqual(["bucket"]);
    const stale = await s3(emu, keys, "GET", "/", { date: new Date(Date.now() - 16 * 60_000) });
    expect([stale.status, errorCode(stale)]).toEqual([403, "RequestTimeTooSkewed"]);
  });

  it("serves a presigned URL until the virtual clock passes its expiry", async () => {
    const keys = await setup();
    await s3(emu, keys, "PUT", "/docs");
    await s3(emu, keys, "PUT", "/docs/a.txt", { body: "hello" });
    const url = presigned(emu, keys, "GET", "/docs/a.txt", EXPIRES_S);
    expect((await send(emu, "GET", url, {})).text).toBe("hello");
    emu.clock.advance((EXPIRES_S - 600) * 1000);
    expect((await send(emu, "GET", url, {})).status).toBe(200);
    emu.clock.advance(601_000);
    const expired = await send(emu, "GET", url, {});
    expect([expired.status, errorCode(expired), tags(expired.text, "Message")[0]]).toEqual([403, "AccessDenied", "Request has expired"]);
  });
});
