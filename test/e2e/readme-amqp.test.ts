// The README's AMQP walkthrough, run as written against a real process (`npm start -- --seed ha-cluster
// --frozen-clock --amqp-url ...` on this machine's RabbitMQ) with Debian's python3-pika consumer and
// publisher: a compute.host.error published on the bus fails compute-1, the notification it filed recovers
// it, and the consumer saw Nova's and Masakari's notifications go out. Then, through the HTTP interface,
// what a user would check: the notification finished, every server moved off compute-1.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { adminEnv, clientSkipReason, loginWithEnvironment } from "../helpers/openstack-cli.js";
import { runWalkthrough, type Walkthrough } from "../helpers/readme-run.js";

const HEADING = "## The compute message bus (AMQP)";
/** Debian's python3 with python3-pika (a python3 earlier on this machine's PATH, pyenv's, may lack it). */
function pikaMissing(): string | undefined {
  try {
    execFileSync("/usr/bin/python3", ["-c", "import pika"], { stdio: "pipe" });
    return undefined;
  } catch {
    return "python3-pika is not installed for /usr/bin/python3 (Debian: apt-get install python3-pika)";
  }
}

// in CI a missing client is an error, not a skip (.ci/run installs them)
const skip = clientSkipReason("readme-amqp.test.ts", "openstack", "masakari") ?? (process.env.CI ? undefined : pikaMissing());

let run: Walkthrough | undefined;
afterAll(() => run?.close());

/** /usr/bin first: its python3 is the one with python3-pika. */
function pikaFirst(): string[] {
  const missing = pikaMissing();
  if (missing) throw new Error(missing);
  return ["/usr/bin"];
}

describe.skipIf(skip)(skip ? `README AMQP walkthrough (skipped: ${skip})` : "README AMQP walkthrough", () => {
  it("recovers compute-1 from a compute.host.error published on the bus, and the consumer sees it all", async () => {
    run = await runWalkthrough(HEADING, pikaFirst());
    if (run.code !== 0) console.error(run.output);
    expect(run.code).toBe(0);

    const bus = readFileSync(join(run.work, "bus.log"), "utf8").split("\n");
    expect(bus[0]).toBe("listening");
    // the emulator's own report of the host failure, then Masakari's and Nova's as the recovery ran
    expect(bus).toContain("notifications.error compute.host.error compute.compute-1");
    expect(bus.some((l) => l.startsWith("versioned_notifications.info notification.create.end masakari-api:"))).toBe(true);
    expect(bus.filter((l) => l.startsWith("notifications.info compute.instance.evacuate compute.")).length).toBeGreaterThan(0);
    expect(bus.some((l) => l.startsWith("versioned_notifications.info notification.process.end masakari-engine:"))).toBe(true);

    const auth = await loginWithEnvironment(adminEnv(run.url));
    const headers = { "X-Auth-Token": auth.headers.get("x-subject-token")!, "OpenStack-API-Version": "compute 2.53" };
    const ha = await (await fetch(`${run.url}/instance-ha/v1/notifications`, { headers })).json();
    expect(ha.notifications.map((n: any) => [n.type, n.status])).toEqual([["COMPUTE_HOST", "finished"]]);
    const { servers } = await (await fetch(`${run.url}/compute/v2.1/servers/detail?all_tenants=1`, { headers })).json();
    for (const s of servers) expect(s["OS-EXT-SRV-ATTR:host"]).not.toBe("compute-1");
    const health = await (await fetch(`${run.url}/_emulator/health`)).json();
    expect(health.amqp).toMatchObject({ connected: true, consumed: 1, rejected: 0, dropped: 0 });
  }, 240_000);
});
