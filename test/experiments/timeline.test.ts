// The report's timeline holds what happened besides the runner's steps: the requests the emulator
// answered, the faults that fired, the domain events, and the state changes of the resources the probes
// saw, each at its virtual time; and it stays byte for byte the same for the same document and seed.

import { describe, expect, it } from "vitest";
import { run, shipped } from "./helpers.js";

const shown = (e: any) => `${e.t} ${e.kind} ${e.name}${e.kind === "state" ? ` ${e.detail.name ?? e.detail.id} ${e.detail.from}->${e.detail.to}` : ""}${e.kind === "request" ? ` ${e.detail.status}` : ""}`;

describe("the experiment timeline", () => {
  it("follows the resources the probes saw: the failed host, each evacuated server, the notification", async () => {
    const report = await run(shipped("host-failure-ha"));
    const states = report.timeline.filter((e: any) => e.kind === "state").map(shown);
    expect(states.slice(0, 2)).toEqual(["0 state compute.host compute-1 up->down", "0 state instance-ha.notification ec4edd08-108d-4e5e-9917-f3951b2e59b0 new->running"]);
    expect(states.filter((s: string) => s.includes(" web-1 "))).toEqual(["180 state compute.server web-1 ACTIVE->REBUILD", "182 state compute.server web-1 REBUILD->ACTIVE"]);
    // a stopped server comes back stopped
    expect(states.filter((s: string) => s.includes(" batch-1 "))).toEqual(["182 state compute.server batch-1 SHUTOFF->REBUILD", "184 state compute.server batch-1 REBUILD->SHUTOFF"]);
    expect(states.at(-1)).toBe("184 state instance-ha.notification ec4edd08-108d-4e5e-9917-f3951b2e59b0 running->finished");
    // each probe, then what its call did: the login's event, the requests
    const first = report.timeline.slice(0, 6).map(shown);
    expect(first).toEqual([
      "0 probe no-server-on-a-down-host",
      "0 event identity.token.issued",
      "0 request POST /identity/v3/auth/tokens 201",
      "0 request GET /compute/v2.1/servers/detail 200",
      "0 probe no-server-in-error",
      "0 request GET /compute/v2.1/servers/detail 200",
    ]);
    expect(report.timeline.find((e: any) => e.kind === "request")).toMatchObject({ detail: { service: "identity", operation: "identity.token.create", status: 201 } });
  });

  it("a fault firing sits beside the request it failed; the same seed gives the same timeline byte for byte", async () => {
    const report = await run(shipped("flaky-identity"), { world: "default", seed: 7 });
    const at80 = report.timeline.filter((e: any) => e.t === 80 && (e.kind === "fault" || e.kind === "request")).map(shown);
    expect(at80).toEqual(["80 fault identity.token.create", "80 request POST /identity/v3/auth/tokens 503"]);
    const again = await run(shipped("flaky-identity"), { world: "default", seed: 7 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(report));
    // the method's own calls are there as the requests they made
    expect(report.timeline.filter((e: any) => e.kind === "request" && e.name === "POST /compute/v2.1/servers").map(shown)).toEqual([
      "0 request POST /compute/v2.1/servers 202",
      "20 request POST /compute/v2.1/servers 202",
      "40 request POST /compute/v2.1/servers 202",
    ]);
  });
});
