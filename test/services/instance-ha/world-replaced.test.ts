// The recovery engine keeps its runs outside the store: when the world is replaced under it (a reset, a
// snapshot import), the runs of notifications the new state does not hold end with it (ServiceModule.worldReplaced).

import { describe, expect, it } from "vitest";
import { haCluster, type Cluster } from "./engine-setup.js";

async function runUnderWay(t: Cluster): Promise<string> {
  await t.server("demo", "vm-a", { HA_Enabled: "True" });
  await t.control("POST", "/compute/hosts/compute-1/fail");
  const id = (await t.ha("GET", "/notifications")).body.notifications[0].notification_uuid as string;
  t.advance(0);
  expect((await t.control("GET", "/instance-ha/recoveries")).body.runs).toEqual([expect.objectContaining({ notificationId: id })]);
  return id;
}

describe("instance HA when the world is replaced", () => {
  it("a reset ends the runs of the notifications it took away", async () => {
    const t = await haCluster();
    const id = await runUnderWay(t);
    expect((await t.control("POST", "/reset")).status).toBe(200);
    expect((await t.control("GET", "/resources/instance-ha.notification")).body.resources).toEqual([]);
    expect((await t.control("GET", "/instance-ha/recoveries")).body.runs).toEqual([]);
  });

  it("a snapshot import ends the runs of notifications the snapshot lacks", async () => {
    const t = await haCluster();
    const before = (await t.control("GET", "/state")).body;
    await runUnderWay(t);
    expect((await t.control("PUT", "/state", before)).status).toBe(200);
    expect((await t.control("GET", "/instance-ha/recoveries")).body.runs).toEqual([]);
  });
});
