// Who may post notifications (the spec's Authentication 9: the monitoring tool uses a dedicated service account
// with the admin role, not personal tokens): off by default (any admin, as Masakari's policy); the option
// haNotificationSenders (flag, variable, config key) or the engine's notificationSenders names the users and
// role:NAMEs that may, and a personal admin token is then a 403 in Masakari's shape. The default seed world
// has that service account: masakari/masakari, admin and service on project service.

import { describe, expect, it } from "vitest";
import { optionsFromEnv, resolveOptions } from "../../../src/config.js";
import { call, login } from "../../helpers/emulator.js";
import { haApi, HOST_DOWN } from "./setup.js";

const ALERT = { version: "4", status: "firing", alerts: [{ status: "firing", labels: { alertname: "HostDown", instance: "compute-1:9100" } }] };

async function world(options: Parameters<typeof haApi>[0] = {}) {
  const t = await haApi(options);
  const segment = await t.segment();
  await t.host(segment.uuid);
  const masakari = await login(t.emu, "masakari", "service", "masakari");
  return { t, masakari };
}

describe("notification senders", () => {
  it("off by default: any admin token posts, the seed's service account too", async () => {
    const { t, masakari } = await world();
    expect((await t.notify({}, { token: masakari, bearer: true })).status).toBe(202);
    expect((await t.notify({ hostname: "compute-1", generated_time: "2030-01-01T01:00:00" })).status).toBe(202);
    expect((await call(t.emu, "GET", "/_emulator/instance-ha/config")).body.notificationSenders).toEqual([]);
  });

  it("haNotificationSenders: a personal admin token is a 403 in Masakari's shape, whatever its body; the service account posts", async () => {
    const { t, masakari } = await world({ haNotificationSenders: "masakari" });
    const refused = await t.refused(403, "POST", "/notifications", {
      bearer: true,
      body: { notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: HOST_DOWN } },
    });
    expect(refused.body).toEqual({
      forbidden: {
        code: 403,
        message:
          "Policy doesn't allow os_masakari_api:notifications:create to be performed. Notifications come from the monitoring service account (masakari); user admin is not one of them.",
      },
    });
    // checked before the body is read
    expect((await t.refused(403, "POST", "/notifications", { body: { nonsense: true } })).body.forbidden.code).toBe(403);
    // the Alertmanager intake is a notification sender too
    await t.refused(403, "POST", "/alertmanager", { bearer: true, body: ALERT });
    // a non-admin is refused by the policy first, as before
    await t.refused(403, "POST", "/notifications", { token: t.demo, body: { nonsense: true } });

    expect((await t.notify({}, { token: masakari, bearer: true })).status).toBe(202);
    // reading stays open to any admin
    expect((await t.api("GET", "/notifications")).body.notifications).toHaveLength(1);
  });

  it("role:NAME entries let any token with that role post; PUT /_emulator/instance-ha/config changes the list at run time", async () => {
    const { t, masakari } = await world({ haNotificationSenders: ["role:service"] });
    await t.refused(403, "POST", "/notifications", { body: {} });
    expect((await t.notify({}, { token: masakari })).status).toBe(202);

    const put = await call(t.emu, "PUT", "/_emulator/instance-ha/config", { body: { notificationSenders: "admin, role:service" } });
    expect(put.status).toBe(200);
    expect(put.body.notificationSenders).toEqual(["admin", "role:service"]);
    expect((await t.notify({ generated_time: "2030-01-01T01:00:00" })).status).toBe(202);

    // a later PUT starts from the start-up configuration again: the option's list
    expect((await call(t.emu, "PUT", "/_emulator/instance-ha/config", { body: {} })).body.notificationSenders).toEqual(["role:service"]);
    await t.refused(403, "POST", "/notifications", { body: {} });
    // [] turns it off
    expect((await call(t.emu, "PUT", "/_emulator/instance-ha/config", { body: { notificationSenders: [] } })).status).toBe(200);
    expect((await t.notify({ generated_time: "2030-01-01T02:00:00" })).status).toBe(202);

    const bad = await call(t.emu, "PUT", "/_emulator/instance-ha/config", { body: { notificationSenders: ["two words"] } });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/a sender is a user name or id, or role:NAME/);
  });

  it("is an emulator option: flag, SKYMOCK_HA_NOTIFICATION_SENDERS, config key", () => {
    expect(resolveOptions(optionsFromEnv({ SKYMOCK_HA_NOTIFICATION_SENDERS: "masakari,role:service" })).haNotificationSenders).toEqual(["masakari", "role:service"]);
    expect(resolveOptions({}).haNotificationSenders).toBeUndefined();
    expect(() => resolveOptions({ haNotificationSenders: "a b" })).toThrow(
      '--ha-notification-senders (SKYMOCK_HA_NOTIFICATION_SENDERS, config key haNotificationSenders): "a b" is not a list of user names and role:NAMEs (such as masakari,role:service)',
    );
  });
});
