// The same_host and different_host scheduler hints (Nova's SameHostFilter and DifferentHostFilter): a new
// server goes to a host one of the named servers runs on, or to none of theirs; no such host is NoValidHost.

import { describe, expect, it } from "vitest";
import { actionApi } from "./server-actions-setup.js";

const hostOf = (server: Record<string, any>) => server["OS-EXT-SRV-ATTR:host"] as string;

describe("scheduler hints", () => {
  it("same_host places beside the named server, even where the RAM weigher would not", async () => {
    const t = await actionApi();
    const first = await t.active();
    // without the hint the next server spreads to a host with more free RAM
    expect(hostOf(await t.active())).not.toBe(hostOf(first));
    for (const hint of [first.id, [first.id]]) expect(hostOf(await t.active({}, { hints: { same_host: hint } }))).toBe(hostOf(first));
  });

  it("different_host avoids the named servers' hosts; with every host excluded the build fails (NoValidHost)", async () => {
    const t = await actionApi();
    const a = await t.active();
    const b = await t.active({}, { hints: { same_host: a.id } });
    const c = await t.active({}, { hints: { different_host: [a.id, b.id] } });
    expect(hostOf(c)).not.toBe(hostOf(a));
    const d = await t.active({}, { hints: { different_host: [a.id, c.id] } });
    expect(new Set([hostOf(a), hostOf(c), hostOf(d)]).size).toBe(3);
    const none = await t.active({}, { hints: { different_host: [a.id, c.id, d.id] } });
    expect(none.status).toBe("ERROR");
    expect(none.fault.message).toMatch(/No valid host/);
    await t.refused(400, "POST", "/servers", { token: t.demo, body: { server: { name: "x", flavorRef: "1", imageRef: "x", networks: [] }, "OS-SCH-HNT:scheduler_hints": { same_host: 7 } } });
  });
});
