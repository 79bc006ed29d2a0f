// Compute answers against upstream's published response schemas (tempest's, read from the installed
// package, test/helpers/upstream-schemas.ts), through the HTTP API, at the first microversion of every range
// tempest's clients pick a schema for up to 2.96 (those past 2.79 as upstream-newer.ts gets them), in both
// profiles; the spec profile's documented departures (README, "Where the spec and upstream OpenStack
// differ") are kept out of it case by case, with the reason.

import { describe, expect, it } from "vitest";
import { tempestSkipReason, upstreamRefusals } from "../../helpers/upstream-schemas.js";
import { computeSchema } from "./upstream-newer.js";
import { tokenOf, world, type Case, type Profile } from "./upstream-cases.js";
import { SERVER_CASES } from "./upstream-cases-servers.js";
import { RESOURCE_CASES } from "./upstream-cases-resources.js";
import { PROXY_CASES } from "./upstream-cases-proxies.js";

const PROFILES: Profile[] = ["upstream", "spec"];
const CASES: Case[] = [...SERVER_CASES, ...RESOURCE_CASES, ...PROXY_CASES];

const title = (c: Case) => `${c.call} as ${c.as}${c.version ? ` at ${c.version}` : ""}: ${c.schema}`;

const skip = tempestSkipReason("compute/upstream-schemas.test.ts");

describe.skipIf(skip)(skip ? `compute upstream response schemas (skipped: ${skip})` : "compute upstream response schemas", () => {
  describe.each(PROFILES)("profile %s", (profile) => {
    const cases = CASES.filter((c) => !c.profiles || c.profiles.includes(profile));
    it.each(cases.map((c) => [title(c), c] as const))("%s", async (_, c) => {
      const w = await world(profile);
      const res = await c.run(w, tokenOf(w, c.as), c.version);
      const [module, name] = c.schema.split(".") as [string, string];
      expect(upstreamRefusals(computeSchema(module, name), res.status, res.text), res.text).toEqual([]);
    });
  });

  it("every case names a schema tempest has", () => {
    for (const c of CASES) {
      const [module, name] = c.schema.split(".") as [string, string];
      expect(() => computeSchema(module, name), c.schema).not.toThrow();
    }
  });
});
