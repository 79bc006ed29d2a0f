// A fault rule aims at one action or one S3 call: each has its own operation below its route's
// (`compute.server.action.os-stop`, `s3.UploadPart`), the route's operation still names them all, and the
// journal of fired faults shows which one failed. GET /_emulator/faults/operations lists every name.

import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../helpers/emulator.js";
import { ec2Keys, errorCode, s3, s3Emulator } from "../services/s3/s3-helpers.js";
import type { Emulator } from "../../src/app.js";

const error = (status = 503) => ({ type: "error", status });

async function bootServer(emu: Emulator, token: string): Promise<string> {
  const flavor = (await call(emu, "GET", "/compute/v2.1/flavors", { token })).body.flavors[0].id;
  const image = (await call(emu, "GET", "/image/v2/images", { token })).body.images[0].id;
  const res = await call(emu, "POST", "/compute/v2.1/servers", { token, body: { server: { name: "vm", flavorRef: flavor, imageRef: image, networks: "none" } } });
  expect(res.status, res.text).toBe(202);
  await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "1m" } });
  return res.body.server.id;
}

const statusOf = async (emu: Emulator, token: string, id: string) => (await call(emu, "GET", `/compute/v2.1/servers/${id}`, { token })).body.server.status;

describe("fault rules on one action", () => {
  it("fail os-stop and leave reboot alone; the journal names the action", async () => {
    const emu = testEmulator();
    const token = await login(emu, "demo");
    const id = await bootServer(emu, token);
    expect(await statusOf(emu, token, id)).toBe("ACTIVE");
    expect((await call(emu, "POST", "/_emulator/faults", { body: { operation: "compute.server.action.os-stop", effect: error(), times: 1 } })).status).toBe(201);

    // another action passes the rule by
    const reboot = await call(emu, "POST", `/compute/v2.1/servers/${id}/action`, { token, body: { reboot: { type: "SOFT" } } });
    expect(reboot.status, reboot.text).toBe(202);
    await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "1m" } });
    const stop = await call(emu, "POST", `/compute/v2.1/servers/${id}/action`, { token, body: { "os-stop": null } });
    expect(stop.status).toBe(503);
    expect(stop.body.computeFault ?? stop.body).toBeDefined();
    expect(await statusOf(emu, token, id)).toBe("ACTIVE");
    const fired = (await call(emu, "GET", "/_emulator/faults/fired")).body.fired;
    expect(fired.map((f: any) => f.operation)).toEqual(["compute.server.action.os-stop"]);
    // the rule's one fire is spent: the next stop goes through
    expect((await call(emu, "POST", `/compute/v2.1/servers/${id}/action`, { token, body: { "os-stop": null } })).status).toBe(202);
  });

  it("a rule on the route's operation fails every action, and a glob some of them", async () => {
    const emu = testEmulator();
    const token = await login(emu, "demo");
    const id = await bootServer(emu, token);
    await call(emu, "POST", "/_emulator/faults", { body: { operation: "compute.server.action.os-*", effect: error(409) } });
    expect((await call(emu, "POST", `/compute/v2.1/servers/${id}/action`, { token, body: { "os-stop": null } })).status).toBe(409);
    expect((await call(emu, "POST", `/compute/v2.1/servers/${id}/action`, { token, body: { pause: null } })).status).toBe(202);
    await call(emu, "DELETE", "/_emulator/faults");
    await call(emu, "POST", "/_emulator/faults", { body: { operation: "compute.server.action", effect: error(409) } });
    expect((await call(emu, "POST", `/compute/v2.1/servers/${id}/action`, { token, body: { unpause: null } })).status).toBe(409);
    expect((await call(emu, "GET", "/_emulator/faults/fired")).body.fired.map((f: any) => f.operation)).toEqual([
      "compute.server.action.os-stop",
      "compute.server.action.unpause",
    ]);
  });

  it("fails one volume action and not another", async () => {
    const emu = testEmulator();
    const token = await login(emu, "demo");
    const project = (await call(emu, "GET", "/identity/v3/auth/projects", { token })).body.projects[0].id;
    const volumes = `/volume/v3/${project}/volumes`;
    const created = await call(emu, "POST", volumes, { token, body: { volume: { size: 1, name: "data" } } });
    expect(created.status, created.text).toBe(202);
    const id = created.body.volume.id;
    await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "1m" } });
    await call(emu, "POST", "/_emulator/faults", { body: { operation: "block-storage.volume.action.os-extend", effect: error(500) } });
    const extend = await call(emu, "POST", `${volumes}/${id}/action`, { token, body: { "os-extend": { new_size: 2 } } });
    expect(extend.status).toBe(500);
    const bootable = await call(emu, "POST", `${volumes}/${id}/action`, { token, body: { "os-set_bootable": { bootable: true } } });
    expect(bootable.status, bootable.text).toBe(200);
    expect((await call(emu, "GET", `${volumes}/${id}`, { token })).body.volume.size).toBe(1);
  });
});

describe("fault rules on one S3 call", () => {
  it("fail UploadPart and leave PutObject and CopyObject alone", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    expect((await s3(emu, keys, "PUT", "/docs")).status).toBe(200);
    await call(emu, "POST", "/_emulator/faults", { body: { operation: "s3.UploadPart", effect: error(503) } });
    expect((await s3(emu, keys, "PUT", "/docs/a.txt", { body: "hello" })).status).toBe(200);
    expect((await s3(emu, keys, "PUT", "/docs/b.txt", { headers: { "x-amz-copy-source": "/docs/a.txt" } })).status).toBe(200);
    const upload = await s3(emu, keys, "POST", "/docs/big?uploads");
    expect(upload.status).toBe(200);
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(upload.text)![1]!;
    const part = await s3(emu, keys, "PUT", `/docs/big?partNumber=1&uploadId=${encodeURIComponent(uploadId)}`, { body: "part" });
    expect([part.status, errorCode(part)]).toEqual([503, "ServiceUnavailable"]);
    expect((await call(emu, "GET", "/_emulator/faults/fired")).body.fired.map((f: any) => f.operation)).toEqual(["s3.UploadPart"]);
  });
});

describe("GET /_emulator/faults/operations", () => {
  it("lists each service's routes, their actions and calls, and its steps no request carries", async () => {
    const emu = testEmulator();
    const res = await call(emu, "GET", "/_emulator/faults/operations");
    expect(res.status).toBe(200);
    const byService = Object.fromEntries(res.body.services.map((s: any) => [s.service, s.operations]));
    expect(Object.keys(byService)).toEqual(["identity", "networking", "image", "object-storage", "s3", "block-storage", "compute", "instance-ha"]);
    expect(byService.compute).toEqual(expect.arrayContaining(["compute.server.create", "compute.server.action", "compute.server.action.os-stop", "compute.server.action.evacuate", "compute.server.build"]));
    expect(byService["block-storage"]).toEqual(expect.arrayContaining(["block-storage.volume.action.os-extend", "block-storage.volume.creating", "block-storage.backup.build"]));
    expect(byService.s3).toEqual(expect.arrayContaining(["s3.object.write", "s3.PutObject", "s3.UploadPart", "s3.CopyObject"]));
    expect(byService.image).toContain("image.image.store");
    expect(byService["instance-ha"]).toEqual(expect.arrayContaining(["instance-ha.task.EvacuateHost", "instance-ha.task.StopInstanceTask", "instance-ha.driver.nova_notification"]));
    // every name it lists is one a rule may name
    for (const name of Object.values(byService).flat() as string[]) {
      const added = await call(emu, "POST", "/_emulator/faults", { body: { operation: name, effect: error() } });
      expect(added.status, `${name}: ${added.text}`).toBe(201);
    }
  });

  it("follows the recovery engine's configuration: a webhook task added at run time is a name a rule may use", async () => {
    const emu = testEmulator();
    const refused = await call(emu, "POST", "/_emulator/faults", { body: { operation: "instance-ha.task.NotifyOps", effect: error() } });
    expect(refused.status).toBe(400);
    const config = await call(emu, "PUT", "/_emulator/instance-ha/config", {
      body: { tasks: [{ name: "NotifyOps", webhook: { url: "http://127.0.0.1:9/hook" } }], recoveryWorkflowOnStop: { targets: ["NotifyOps", "EvacuateHost"] } },
    });
    expect(config.status, config.text).toBe(200);
    expect((await call(emu, "POST", "/_emulator/faults", { body: { operation: "instance-ha.task.NotifyOps", effect: error() } })).status).toBe(201);
  });
});
