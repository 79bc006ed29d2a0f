// Fault rules name only what this emulator runs: a service no mounted service answers to, or an operation
// none of them has (by name, or a glob that matches none), is a 400 naming the closest known names (it would
// never fire); a method must be an HTTP method. The same holds for rules given in the configuration at start.

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";
import { toyEmulator } from "../helpers/toy-service/index.js";
import { createEmulator } from "../../src/app.js";

const error = { type: "error", status: 500 } as const;
const KNOWN = "Known services: identity, networking, image, object-storage, s3, block-storage, compute, instance-ha.";

describe("POST /_emulator/faults refuses what would never fire", () => {
  const emu = testEmulator();

  it.each([
    [{ service: "computee", effect: error }, `Fault rule names service "computee", which is not a service this emulator runs. Did you mean "compute"? ${KNOWN}`],
    [{ operation: "computee.server.*", effect: error }, `Fault rule operation "computee.server.*" starts with "computee", which is not a service this emulator runs. Did you mean "compute"? ${KNOWN}`],
    [{ operation: "volume", effect: error }, /starts with "volume"/],
    [{ operation: "identity", effect: error }, `Fault rule operation "identity" is a service, not an operation: to fail all of its operations, give "service": "identity" or "operation": "identity.*".`],
    [
      { operation: "compute.server.buidl", effect: error },
      `Fault rule operation "compute.server.buidl" is not an operation of this emulator, so it would never fire. Did you mean "compute.server.build"`,
    ],
    [{ operation: "instance-ha.task.EvacuateHostt", effect: error }, `Did you mean "instance-ha.task.EvacuateHost"?`],
    [{ operation: "instance-ha.driver.nova_notifcation", effect: error }, `Did you mean "instance-ha.driver.nova_notification"?`],
    [{ operation: "compute.server.action.os-stpo", effect: error }, `Did you mean "compute.server.action.os-stop"`],
    [{ operation: "s3.PutObjet", effect: error }, `Did you mean "s3.PutObject"`],
    [{ operation: "compute.servr.*", effect: error }, `Fault rule operation "compute.servr.*" matches no operation of this emulator`],
    // the operation is the service's own, but not the named service's
    [{ service: "networking", operation: "compute.server.build", effect: error }, `is not an operation of service "networking"`],
    // matching costs a glob's length times the text's: globs are bounded
    [{ operation: `compute.*${"a*".repeat(600)}`, effect: error }, /operation.*1024/],
    [{ resourceName: "x".repeat(1025), effect: error }, /resourceName.*1024/],
    [{ method: "FETCH", effect: error }, /method/],
    [{ method: 7, effect: error }, /method/],
  ])("%j", async (rule, message) => {
    const res = await call(emu, "POST", "/_emulator/faults", { body: rule });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe(400);
    expect(res.body.error.message).toMatch(typeof message === "string" ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : message);
    expect((await call(emu, "GET", "/_emulator/faults")).body.faults).toEqual([]);
  });

  it.each([
    { service: "compute", method: "get" },
    { operation: "compute.server.build" },
    { operation: "*.server.create" },
    { operation: "comp*" },
    { operation: "compute.server.action.os-stop" },
    { operation: "compute.server.action" },
    { operation: "block-storage.volume.action.os-extend" },
    { operation: "block-storage.volume.creating" },
    { operation: "image.image.store" },
    { operation: "s3.UploadPart" },
    { operation: "instance-ha.task.EvacuateHost" },
    { operation: "instance-ha.driver.webhook" },
  ])("accepts %j", async (fields) => {
    const res = await call(emu, "POST", "/_emulator/faults", { body: { ...fields, effect: error } });
    expect(res.status, res.text).toBe(201);
    if ("method" in fields) expect(res.body.method).toBe("GET");
    await call(emu, "DELETE", "/_emulator/faults");
  });

  it("knows the services of an emulator with its own list", async () => {
    const toy = toyEmulator();
    expect((await call(toy, "POST", "/_emulator/faults", { body: { service: "toy", effect: error } })).status).toBe(201);
    const res = await call(toy, "POST", "/_emulator/faults", { body: { service: "volume", effect: error } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/Known services: identity, networking, image, object-storage, s3, block-storage, compute, instance-ha, toy\./);
  });
});

describe("fault rules in the configuration", () => {
  it("refuse to start with a service that is not mounted, naming the known ones", () => {
    expect(() => createEmulator({ faults: [{ service: "computee", effect: error }] })).toThrow(/"computee".*Known services: identity, networking, image, object-storage, s3, block-storage, compute/);
    expect(() => createEmulator({ faults: [{ operation: "nova.*", effect: error }] })).toThrow(/"nova"/);
    expect(() => createEmulator({ faults: [{ method: "YELL", effect: error }] })).toThrow(/method/);
  });

  it("start with one that is", async () => {
    const emu = createEmulator({ faults: [{ service: "compute", method: "post", effect: error }] });
    expect((await call(emu, "GET", "/_emulator/faults")).body.faults).toMatchObject([{ service: "compute", method: "POST" }]);
  });
});
