// os-services changes (enable, disable, disable-log-reason, freeze, thaw) and a backend's capabilities,
// admin only, as Cinder answers them (status, body, refusals), seen in the services list afterwards.

import { beforeEach, describe, expect, it } from "vitest";
import { advance, bs, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

const put = (action: string, body: unknown, options: { token?: string; version?: string } = {}) =>
  bs(w, "PUT", `/os-services/${action}`, { token: options.token ?? w.admin, body, version: options.version });
const listed = async (version?: string) => (await bs(w, "GET", "/os-services", { token: w.admin, version })).body.services as any[];
const volumeService = async (host = "skymock@ssd") => (await listed()).find((s) => s.binary === "cinder-volume" && s.host === host);

describe("enable, disable, disable-log-reason", () => {
  it("disables one service with a reason, shown in the list; enabling clears it", async () => {
    const res = await put("disable-log-reason", { host: "skymock@ssd", binary: "cinder-volume", disabled_reason: "maintenance" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ host: "skymock@ssd", service: "", binary: "cinder-volume", status: "disabled", disabled: true, disabled_reason: "maintenance" });
    expect(await volumeService()).toMatchObject({ status: "disabled", disabled_reason: "maintenance", frozen: false });
    expect(await volumeService("skymock@lvmdriver-1")).toMatchObject({ status: "enabled", disabled_reason: null });

    const enabled = await put("enable", { host: "skymock@ssd", binary: "cinder-volume" });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ host: "skymock@ssd", service: "", binary: "cinder-volume", status: "enabled", disabled: false, disabled_reason: null });
    expect(await volumeService()).toMatchObject({ status: "enabled", disabled_reason: null });
  });

  it("disables by the deprecated `service` key too, answering the keys as given", async () => {
    const res = await put("disable", { host: "skymock", service: "cinder-backup" });
    expect(res.body).toEqual({ host: "skymock", service: "cinder-backup", binary: "", status: "disabled", disabled: true });
    expect((await listed()).find((s) => s.binary === "cinder-backup")).toMatchObject({ status: "disabled" });
  });

  it("refuses an unknown host or binary (404), a missing host, binary or reason (400), members (403); nothing changes", async () => {
    const before = await listed();
    expect((await put("enable", { host: "invalid_host", binary: "cinder-volume" })).status).toBe(404);
    const unknown = await put("disable", { host: "skymock@ssd", binary: "invalid_binary" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.itemNotFound.message).toBe("Service invalid_binary could not be found on host skymock@ssd.");
    // a bare host names no volume service exactly
    expect((await put("disable", { host: "skymock", binary: "cinder-volume" })).status).toBe(404);
    const noHost = await put("disable", { binary: "cinder-volume" });
    expect(noHost.status).toBe(400);
    expect(noHost.body.badRequest.message).toBe("Invalid input received: Host field is missing.");
    expect((await put("disable", { host: "skymock@ssd" })).status).toBe(400);
    expect((await put("disable-log-reason", { host: "skymock@ssd", binary: "cinder-volume", disabled_reason: null })).status).toBe(400);
    expect((await put("disable-log-reason", { host: "skymock@ssd", binary: "cinder-volume", disabled_reason: "   " })).status).toBe(400);
    expect((await put("disable-log-reason", { host: "skymock@ssd", binary: "cinder-volume", disabled_reason: "x".repeat(256) })).status).toBe(400);
    expect((await put("disable", { host: "skymock@ssd", binary: "cinder-volume", extra: 1 })).status).toBe(400);
    expect((await put("disable", { host: "skymock@ssd", binary: "cinder-volume" }, { token: w.demo })).status).toBe(403);
    expect((await put("failover", { host: "skymock@ssd" })).status).toBe(404);
    expect(await listed()).toEqual(before);
  });

  it("shows the cluster from 3.7 and the backend's state from 3.49", async () => {
    expect((await listed())[1]).not.toHaveProperty("cluster");
    expect((await listed("3.7"))[1]).toMatchObject({ cluster: null });
    expect((await listed("3.48"))[1]).not.toHaveProperty("backend_state");
    expect((await listed("3.49"))[1]).toMatchObject({ backend_state: "up" });
    expect((await listed("3.49"))[0]).not.toHaveProperty("backend_state");
  });
});

describe("freeze and thaw", () => {
  it("freezes a backend's volume service (200, no body), refuses a second freeze, thaws it", async () => {
    const frozen = await put("freeze", { host: "skymock@ssd" });
    expect(frozen.status).toBe(200);
    expect(frozen.text).toBe("");
    expect(await volumeService()).toMatchObject({ frozen: true, status: "enabled" });
    const again = await put("freeze", { host: "skymock@ssd" });
    expect(again.status).toBe(409);
    expect(again.body.conflictingRequest.message).toBe("Invalid input received: frozen in ['skymock@ssd'] must be False to failover.");
    expect((await put("thaw", { host: "skymock@ssd" })).status).toBe(200);
    expect(await volumeService()).toMatchObject({ frozen: false });
    expect((await put("thaw", { host: "skymock@ssd" })).status).toBe(409);
  });

  it("answers Cinder's 400 for a second freeze under --profile upstream", async () => {
    w = await world({ profile: "upstream" });
    await put("freeze", { host: "skymock@ssd" });
    expect((await put("freeze", { host: "skymock@ssd" })).status).toBe(400);
  });

  it("refuses an unknown host, a host with two backends, a missing host and, from 3.26, a cluster", async () => {
    const unknown = await put("freeze", { host: "invalid_host" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.badRequest.message).toBe("Invalid input received: No service found with host=invalid_host");
    expect((await put("thaw", { host: "invalid_host" })).status).toBe(400);
    expect((await put("freeze", { host: "skymock" })).body.badRequest.message).toBe("Services from different clusters found.");
    expect((await put("freeze", {})).body.badRequest.message).toBe("Invalid input received: Host field is missing.");
    expect((await put("freeze", { host: "skymock@ssd", cluster: "c" }, { version: "3.26" })).body.badRequest.message).toBe(
      "Invalid input received: One and only one of cluster and host must be set.",
    );
    expect((await put("freeze", { cluster: "c" }, { version: "3.26" })).body.badRequest.message).toBe("Invalid input received: No service found with cluster=c");
    expect((await put("freeze", { host: "bad host!" })).status).toBe(400);
    expect((await put("freeze", { host: "skymock@ssd" }, { token: w.demo })).status).toBe(403);
    expect(await volumeService()).toMatchObject({ frozen: false });
  });
});

describe("backend capabilities", () => {
  it("shows what a backend's driver reports, by host@backend (a pool's name too, as a client strips #pool)", async () => {
    const res = await bs(w, "GET", "/capabilities/skymock@ssd", { token: w.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      namespace: "OS::Storage::Capabilities::skymock@ssd",
      volume_backend_name: "ssd",
      vendor_name: "Open Source",
      storage_protocol: "iSCSI",
      replication_targets: [],
    });
    expect(Object.keys(res.body.properties)).toEqual(["thin_provisioning", "compression", "qos", "replication_enabled"]);
    // the pools list names the same vendor, backend and protocol
    const pools = (await bs(w, "GET", "/scheduler-stats/get_pools?detail=true", { token: w.admin })).body.pools;
    const pool = pools.find((p: any) => p.name.startsWith("skymock@ssd#")).capabilities;
    expect([pool.vendor_name, pool.volume_backend_name, pool.storage_protocol]).toEqual([res.body.vendor_name, res.body.volume_backend_name, res.body.storage_protocol]);
  });

  it("404 for a host without a volume service; 403 for members", async () => {
    await advance(w, 1);
    const res = await bs(w, "GET", "/capabilities/elsewhere", { token: w.admin });
    expect(res.status).toBe(404);
    expect(res.body.itemNotFound.message).toBe("Can't find service: elsewhere");
    expect((await bs(w, "GET", "/capabilities/skymock@ssd")).status).toBe(403);
  });
});
