// GET /_emulator/experiments/{id}/timeline: the run as a self-contained HTML picture (no script, nothing
// loaded from elsewhere), the verdict in plain words on top, lanes per host and per service on a time axis
// in virtual seconds, each mark titled with what it was; the same for the same run; 404 for no run.

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";
import { runIn, shipped } from "./helpers.js";

describe("the experiment timeline page", () => {
  it("draws the verdict, the axis and a lane per host and service", async () => {
    const emu = testEmulator();
    await runIn(emu, shipped("host-failure-ha"));
    const res = await call(emu, "GET", "/_emulator/experiments/experiment-1/timeline");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("content-security-policy")).not.toContain("script-src");
    const html = res.text;
    expect(html).not.toMatch(/<script|\son[a-z]+=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/i);
    // the verdict first, in plain words
    expect(html.indexOf('<p class="verdict" role="status">The steady state held before and after the method. It held again 190s (virtual) after the first action (objective 300s).</p>')).toBeGreaterThan(0);
    expect(html.indexOf("class=\"verdict")).toBeLessThan(html.indexOf("<svg"));
    const lanes = [...html.matchAll(/<text x="182" y="\d+" text-anchor="end" font-size="12" fill="#222">([^<]+)<\/text>/g)].map((m) => m[1]);
    // the failed host and the hosts its servers went to; then the services, in the order first seen
    expect(lanes).toEqual(["experiment", "host compute-1", "host compute-2", "host compute-3", "identity", "compute", "instance-ha", "networking"]);
    // the axis in virtual seconds up to the run's end (190 s: a tick every 30 s)
    expect([...html.matchAll(/>(\d+)s<\/text>/g)].map((m) => m[1])).toEqual(["0", "30", "60", "90", "120", "150", "180"]);
    expect(html).toContain("<title>0s state compute.host compute-1: up → down</title>");
    expect(html).toContain("<title>184s state instance-ha.notification ec4edd08-108d-4e5e-9917-f3951b2e59b0: running → finished</title>");
    expect(html).toContain("<title>0s action fail-compute-1 (200)</title>");
    // the same run, the same page
    expect((await call(emu, "GET", "/_emulator/experiments/experiment-1/timeline")).text).toBe(html);
    expect((await call(emu, "GET", "/_emulator/experiments/experiment-2/timeline")).status).toBe(404);
  });

  it("a broken hypothesis is said on top, marked as broken", async () => {
    const emu = testEmulator();
    const doc = shipped("host-failure-ha");
    doc.method[1].provider.within = "2m";
    await runIn(emu, doc);
    const html = (await call(emu, "GET", "/_emulator/experiments/experiment-1/timeline")).text;
    expect(html).toContain(`<p class="verdict broken" role="status">Recovery missed its objective: probe &quot;no-server-on-a-down-host&quot; still saw`);
  });
});
