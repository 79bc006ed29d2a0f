// Block storage answers against upstream's published response schemas (tempest's, read from the installed
// package, test/helpers/upstream-schemas.ts), route by route, through the HTTP API, in both profiles: every
// schema tempest's volume clients validate with is either checked here or listed as a route the emulator
// does not serve (and then refuses rather than answering wrongly).

import { describe, expect, it } from "vitest";
import { tempestSkipReason, upstreamRefusals, upstreamSchema, upstreamSchemas } from "../../helpers/upstream-schemas.js";
import { advance, bs, world } from "./setup.js";
import { tokenOf, type Case } from "./upstream-cases.js";
import { VOLUME_CASES } from "./upstream-cases-volumes.js";
import { RESOURCE_CASES } from "./upstream-cases-resources.js";
import { TRANSFER_CASES } from "./upstream-cases-transfers.js";
import { GROUP_CASES } from "./upstream-cases-groups.js";
import { GROUP_SNAPSHOT_CASES, MESSAGE_CASES } from "./upstream-cases-group-snapshots.js";

const CASES: Case[] = [...VOLUME_CASES, ...RESOURCE_CASES, ...TRANSFER_CASES, ...GROUP_CASES, ...GROUP_SNAPSHOT_CASES, ...MESSAGE_CASES];
const PROFILES = ["upstream", "spec"] as const;

// Routes tempest has schemas for that the emulator does not serve (COVERAGE.md), each with one request
// that must be refused (404, 405 or 400 for an unknown action), never answered as if served.
const UNSERVED: Record<string, { modules: string[]; names?: string[]; probe: [method: string, path: string, body?: unknown] }> = {
  // no default group type is configured (Cinder's default_group_type option is unset by default)
  "the default group type": { modules: ["group_types"], names: ["show_default_group_type"], probe: ["GET", "/group_types/default"] },
  "manage existing snapshots": { modules: ["manage_snapshot"], probe: ["POST", "/os-snapshot-manage", { snapshot: {} }] },
  "manage existing volumes": { modules: ["manage_volume"], probe: ["POST", "/os-volume-manage", { volume: {} }] },
  "unmanage a volume": { modules: ["volumes"], names: ["unmanage_volume"], probe: ["POST", "/volumes/{volume}/action", { "os-unmanage": {} }] },
  "unmanage a snapshot": { modules: ["snapshots"], names: ["unmanage_snapshot"], probe: ["POST", "/snapshots/{snapshot}/action", { "os-unmanage": {} }] },
};

// The schemas tempest's clients pick by microversion (schema_versions_info); every other method of those
// clients validates with the base module's schema, so the versioned modules' other copies are never used.
const PICKED_BY_VERSION: Record<string, string[]> = {
  volumes: ["create_volume", "show_volume", "list_volumes_no_detail", "list_volumes_with_detail"],
  backups: ["show_backup", "list_backups_no_detail", "list_backups_with_detail"],
  services: ["list_services"],
  transfers: ["create_volume_transfer", "show_volume_transfer", "list_volume_transfers_no_detail", "list_volume_transfers_with_detail", "delete_volume_transfer", "accept_volume_transfer"],
};

/** Every schema tempest's volume clients validate with: `module.name`. */
function clientSchemas(): string[] {
  return Object.entries(upstreamSchemas("volume")).flatMap(([module, schemas]) => {
    const [folder, base] = module.includes("/") ? module.split("/") : [undefined, module];
    const names = folder ? (PICKED_BY_VERSION[base!] ?? []) : Object.keys(schemas);
    return names.filter((n) => n in schemas).map((n) => `${module}.${n}`);
  });
}

const unserved = (schema: string) => {
  const [module, name] = schema.split(".") as [string, string];
  return Object.values(UNSERVED).some((u) => u.modules.includes(module) && (!u.names || u.names.includes(name)));
};

const title = (c: Case) => `${c.call} as ${c.as}${c.version ? ` at ${c.version}` : ""}: ${c.schema}`;

const skip = tempestSkipReason("upstream-schemas.test.ts");

describe.skipIf(skip)(skip ? `upstream response schemas (skipped: ${skip})` : "upstream response schemas", () => {
  describe.each(PROFILES)("profile %s", (profile) => {
    it.each(CASES.map((c) => [title(c), c] as const))("%s", async (_, c) => {
      const w = await world({ profile });
      const res = await c.run(w, tokenOf(w, c.as), c.version);
      const [module, name] = c.schema.split(".") as [string, string];
      expect(upstreamRefusals(upstreamSchema("volume", module, name), res.status, res.text), res.text).toEqual([]);
    });
  });

  it("the check refuses what tempest refuses: an extra key, a wrong status, a body where none is due, a bad date", () => {
    const show = upstreamSchema("volume", "volume_types", "show_volume_type");
    const type = { id: "6d0ff92a-0007-4780-9ece-acfe5876966a", name: "t", is_public: true, description: null, "os-volume-type-access:is_public": true };
    expect(upstreamRefusals(show, 200, JSON.stringify({ volume_type: type }))).toEqual([]);
    expect(upstreamRefusals(show, 200, JSON.stringify({ volume_type: { ...type, extra: 1 } }))).toEqual(["/volume_type must NOT have additional properties (extra)"]);
    expect(upstreamRefusals(show, 201, JSON.stringify({ volume_type: type }))).toEqual(["status 201, upstream 200"]);
    expect(upstreamRefusals(show, 404, "{}")).toEqual(["status 404, upstream 200"]);
    // tempest's checker has no uuid format: any string passes there, as here
    expect(upstreamRefusals(show, 200, JSON.stringify({ volume_type: { ...type, id: "default" } }))).toEqual([]);
    expect(upstreamRefusals(show, 200, JSON.stringify({ volume_type: { ...type, id: 7 } }))).toEqual(["/volume_type/id must be string"]);
    const deleted = upstreamSchema("volume", "volume_types", "delete_volume_type");
    expect(upstreamRefusals(deleted, 202, "")).toEqual([]);
    expect(upstreamRefusals(deleted, 202, "{}")).toEqual(["a body where upstream has none: {}"]);
    const snapshot = upstreamSchema("volume", "snapshots", "show_snapshot").response_body as any;
    const at = (created_at: string) => upstreamRefusals({ status_code: [200], response_body: snapshot.properties.snapshot.properties.created_at }, 200, JSON.stringify(created_at));
    expect(at("2030-01-01T00:00:00.000000")).toEqual([]);
    expect(at("2030-01-01")).toEqual([]);
    expect(at("2030-13-01T00:00:00")).not.toEqual([]);
    expect(at("yesterday")).not.toEqual([]);
  });

  it("checks every schema tempest's volume clients validate with, or lists its route as not served", () => {
    const checked = new Set(CASES.map((c) => c.schema));
    const missing = clientSchemas().filter((s) => !checked.has(s) && !unserved(s));
    expect(missing).toEqual([]);
    // and nothing listed as unserved is checked too
    expect([...checked].filter(unserved)).toEqual([]);
  });

  it.each(Object.entries(UNSERVED))("refuses what it does not serve: %s", async (_, { probe: [method, template, body] }) => {
    const w = await world();
    const volume = (await bs(w, "POST", "/volumes", { body: { volume: { size: 1 } } })).body.volume;
    await advance(w, 2);
    const snapshot = (await bs(w, "POST", "/snapshots", { body: { snapshot: { volume_id: volume.id } } })).body.snapshot;
    const path = template.replace("{type}", (await bs(w, "GET", "/types/default")).body.volume_type.id).replace("{volume}", volume.id).replace("{snapshot}", snapshot.id);
    const res = await bs(w, method, path, { token: w.admin, body });
    expect([400, 404, 405], res.text).toContain(res.status);
  });
});
