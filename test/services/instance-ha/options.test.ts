// The service's options: Masakari's defaults (masakari/conf/{api,engine}.py), a service built with
// overrides using them (the duplicate window), and the config-file object that is ready to be wired.

import { describe, expect, it } from "vitest";
import { createEmulator } from "../../../src/app.js";
import { identityService } from "../../../src/services/identity/index.js";
import { computeService } from "../../../src/services/compute/index.js";
import { networkingService } from "../../../src/services/networking/index.js";
import { imageService } from "../../../src/services/image/index.js";
import { blockStorageService } from "../../../src/services/block-storage/index.js";
import { instanceHaService } from "../../../src/services/instance-ha/index.js";
import { DEFAULT_INSTANCE_HA_OPTIONS, instanceHaConfigSchema } from "../../../src/services/instance-ha/options.js";
import { catalogOf, type CatalogService } from "../../../src/catalog.js";
import { call, login, START } from "../../helpers/emulator.js";
import type { ServiceModule } from "../../../src/kernel/service.js";

describe("instance HA options", () => {
  it("defaults to Masakari's values", () => {
    expect(DEFAULT_INSTANCE_HA_OPTIONS).toMatchObject({
      duplicateNotificationDetectionIntervalSeconds: 180,
      processUnfinishedNotificationsIntervalSeconds: 120,
      retryNotificationNewStatusIntervalSeconds: 60,
      notificationsExpiredIntervalSeconds: 86400,
      waitPeriodAfterEvacuationSeconds: 90,
      hostFailureRecoveryThreads: 3,
      evacuateAllInstances: true,
      recoveryWorkflowOnStop: { targets: ["disableComputeNodeTask", "PrepareHAEnabled", "EvacuateHost"] },
      notificationDrivers: ["nova_notification", "taskflow", "webhook"],
    });
  });

  it("takes a shorter duplicate window from the service's overrides", async () => {
    const catalog: CatalogService[] = [];
    const services = [
      identityService({ catalog, region: "RegionOne", tokenTtlSeconds: 3600 }),
      networkingService(),
      imageService(),
      blockStorageService(),
      computeService(),
      instanceHaService({ duplicateNotificationDetectionIntervalSeconds: 10 }),
    ] as ServiceModule[];
    catalog.push(...catalogOf(services));
    const emu = createEmulator({ frozenClock: true, startTime: START, randomSeed: 1, services });
    const token = await login(emu);
    const ha = (method: string, path: string, body?: unknown) => call(emu, method, `/instance-ha/v1${path}`, { token, body });
    const segment = (await ha("POST", "/segments", { segment: { name: "s", recovery_method: "auto", service_type: "COMPUTE" } })).body.segment;
    expect((await ha("POST", `/segments/${segment.uuid}/hosts`, { host: { name: "compute-1", type: "COMPUTE", control_attributes: "SSH" } })).status).toBe(201);
    const notify = (at: string) =>
      ha("POST", "/notifications", { notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: at, payload: { event: "STOPPED", host_status: "UNKNOWN" } } });
    expect((await notify("2030-01-01T00:00:00")).status).toBe(202);
    expect((await notify("2030-01-01T00:00:10")).status).toBe(409);
    expect((await notify("2030-01-01T00:00:11")).status).toBe(202);
    await emu.close();
  });

  it("reads a config file's instanceHa object: seconds, booleans, and Masakari's comma-separated targets", () => {
    const parsed = instanceHaConfigSchema.parse({
      duplicateNotificationDetectionIntervalSeconds: 30,
      evacuateAllInstances: false,
      recoveryWorkflowOnStop: { targets: "disableComputeNodeTask, EvacuateHost" },
      notificationDrivers: ["taskflow"],
    });
    expect(parsed.recoveryWorkflowOnStop?.targets).toEqual(["disableComputeNodeTask", "EvacuateHost"]);
    expect(instanceHaConfigSchema.safeParse({ duplicateInterval: 3 }).success).toBe(false);
    expect(instanceHaConfigSchema.safeParse({ hostFailureRecoveryThreads: 0 }).success).toBe(false);
  });
});
