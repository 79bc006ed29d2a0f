// The edge owns a route's JSON body: it reads it once, within the route's own limit (not the emulator's
// option), validates it with the route's schema (or the per-request one) and hands the handler the typed
// result; the order of the steps before it (auth first) decides the status of a request that fails twice.

import { beforeEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { call, login } from "../helpers/emulator.js";
import { toyEmulator } from "../helpers/toy-service/index.js";
import { buildServiceApp, route } from "../../src/kernel/http/service-app.js";
import { faultEnvelope, notFound } from "../../src/kernel/errors.js";
import type { ServiceModule } from "../../src/kernel/service.js";

let parses = 0;
const gadgetSchema = z.strictObject({
  gadget: z.strictObject({ name: z.string().min(1).refine(() => ++parses > 0), size: z.number().int().default(1) }),
});
const v2Schema = z.strictObject({ gadget: z.strictObject({ name: z.string().min(1), size: z.number().int().max(2).default(1) }) });

/** A service whose JSON bodies may be 128 bytes, far below the emulator's option (1 MiB by default). */
function gadgets(): ServiceModule {
  const mountPath = "/gadgets";
  return {
    name: "gadgets",
    mountPath,
    initialState: () => ({}),
    loadSeed: () => {},
    routes: (kernel) =>
      buildServiceApp(kernel, { name: "gadgets", mountPath, envelope: faultEnvelope, maxJsonBytes: 128 }, [
        route({
          method: "POST",
          path: "/gadgets",
          operation: "gadgets.gadget.create",
          schema: gadgetSchema,
          // the handler's body is typed by the schema, defaults applied
          handler: (c, { gadget }) => c.json({ name: gadget.name, size: gadget.size }, 201),
        }),
        route({
          method: "PUT",
          path: "/gadgets/:id",
          operation: "gadgets.gadget.update",
          schema: gadgetSchema,
          schemaFor: (c) => {
            if (c.req.header("x-version") === "0") throw notFound("The resource could not be found.");
            return c.req.header("x-version") === "2" ? v2Schema : gadgetSchema;
          },
          handler: (c, { gadget }) => c.json({ size: gadget.size }),
        }),
        route({
          method: "POST",
          path: "/gadgets/:id/action",
          operation: "gadgets.gadget.action",
          schema: z.strictObject({ "os-stop": z.null() }).optional(),
          bodyCheck: "optional",
          handler: (c, body) => c.json({ empty: body === undefined }),
        }),
        route({
          method: "POST",
          path: "/gadgets/:id/raw",
          operation: "gadgets.gadget.raw",
          schema: gadgetSchema,
          bodyCheck: "parsed",
          handler: (c, body) => c.json({ got: body }),
        }),
      ]),
  };
}

const emu = toyEmulator({ extra: [gadgets()] });
let token: string;

beforeEach(async () => {
  emu.reset();
  token = await login(emu);
  parses = 0;
});

describe("the edge reads and validates a route's JSON body", () => {
  it("once, and hands the handler the typed result", async () => {
    const res = await call(emu, "POST", "/gadgets/gadgets", { token, body: { gadget: { name: "g" } } });
    expect([res.status, res.body]).toEqual([201, { name: "g", size: 1 }]);
    expect(parses).toBe(1);
  });

  it("within the route's own limit: 413 by declared length and by what arrives, in the service's envelope", async () => {
    const raw = JSON.stringify({ gadget: { name: "x".repeat(200) } });
    const declared: Array<Record<string, string>> = [{ "Content-Length": String(raw.length) }, {}];
    for (const headers of declared) {
      const res = await call(emu, "POST", "/gadgets/gadgets", { token, raw, headers });
      expect([res.status, res.body]).toEqual([413, { overLimit: { code: 413, message: "Request body is larger than 128 bytes." } }]);
    }
    expect(parses).toBe(0);
  });

  it("a body the schema refuses is a 400 naming the field; an empty or broken one a 400 too", async () => {
    const bad = await call(emu, "POST", "/gadgets/gadgets", { token, body: { gadget: { name: "" } } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Invalid input for field 'gadget.name'");
    expect((await call(emu, "POST", "/gadgets/gadgets", { token, raw: "" })).text).toContain("The request body is empty");
    expect((await call(emu, "POST", "/gadgets/gadgets", { token, raw: "{" })).text).toContain("it is not valid JSON");
  });

  it("after credentials: a caller without a token and with a bad body is a 401", async () => {
    expect((await call(emu, "POST", "/gadgets/gadgets", { raw: "{" })).status).toBe(401);
  });

  it("with the per-request schema when the route declares one, which may refuse the route first", async () => {
    const body = { gadget: { name: "g", size: 3 } };
    expect((await call(emu, "PUT", "/gadgets/gadgets/1", { token, body })).body).toEqual({ size: 3 });
    expect((await call(emu, "PUT", "/gadgets/gadgets/1", { token, body, headers: { "x-version": "2" } })).status).toBe(400);
    expect((await call(emu, "PUT", "/gadgets/gadgets/1", { token, raw: "{", headers: { "x-version": "0" } })).status).toBe(404);
  });

  it("an empty body where the route allows one, and a parsed-only body the handler validates itself", async () => {
    expect((await call(emu, "POST", "/gadgets/gadgets/1/action", { token })).body).toEqual({ empty: true });
    expect((await call(emu, "POST", "/gadgets/gadgets/1/action", { token, body: { "os-stop": null } })).body).toEqual({ empty: false });
    expect((await call(emu, "POST", "/gadgets/gadgets/1/action", { token, body: { "os-start": null } })).status).toBe(400);
    expect((await call(emu, "POST", "/gadgets/gadgets/1/raw", { token, body: { any: 1 } })).body).toEqual({ got: { any: 1 } });
    expect((await call(emu, "POST", "/gadgets/gadgets/1/raw", { token, raw: "[" })).status).toBe(400);
  });
});
