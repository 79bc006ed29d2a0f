import { describe, expect, it } from "vitest";
import { produce } from "immer";
import { addUsage, Quotas, type QuotaOverride } from "../../src/kernel/quota.js";
import { dictGet, emptyDict, type Dict } from "../../src/kernel/store/dict.js";
import { emptyTable, type Table } from "../../src/kernel/store/table.js";

type Resource = "disks" | "snapshots" | "backups";
interface Slice {
  quotas: Table<QuotaOverride<Resource>>;
  usage: Dict<Partial<Record<Resource, number>>>;
}

class OverQuota extends Error {
  constructor(readonly resource: string, readonly requested: number, readonly used: number, readonly limit: number) {
    super(`over quota: ${resource}`);
  }
}

// a service that counts disks and snapshots and does not count backups
const quotas = new Quotas<Resource, Slice>({
  resources: ["disks", "snapshots", "backups"],
  defaults: { disks: 2, snapshots: -1, backups: 5 },
  overrides: (s) => s.quotas,
  used: (s, project, resource) => (resource === "backups" ? 0 : dictGet(s.usage, project)?.[resource] ?? 0),
  exceeded: (resource, requested, used, limit) => new OverQuota(resource, requested, used, limit),
});

const slice = (): Slice => ({ quotas: emptyTable(), usage: emptyDict() });

describe("kernel quotas", () => {
  it("takes the defaults until a project sets its own, and back after delete", () => {
    let s = slice();
    expect(quotas.limits(s, "p1")).toEqual({ disks: 2, snapshots: -1, backups: 5 });
    s = produce(s, (d) => void quotas.set(d, "p1", { disks: 7, backups: undefined }));
    expect(quotas.limits(s, "p1")).toEqual({ disks: 7, snapshots: -1, backups: 5 });
    expect(quotas.limits(s, "p2")).toEqual(quotas.defaults());
    s = produce(s, (d) => void quotas.set(d, "p1", { snapshots: 3 }));
    expect(quotas.limits(s, "p1")).toEqual({ disks: 7, snapshots: 3, backups: 5 });
    expect([...quotas.projects(s)]).toEqual(["p1"]);
    let deleted = false;
    s = produce(s, (d) => void (deleted = quotas.delete(d, "p1")));
    expect(deleted).toBe(true);
    expect(quotas.limits(s, "p1")).toEqual(quotas.defaults());
    s = produce(s, (d) => void (deleted = quotas.delete(d, "p1")));
    expect(deleted).toBe(false);
  });

  it("check raises the service's error with what was asked, used and allowed; -1 is unlimited", () => {
    const s = produce(slice(), (d) => addUsage(d.usage, "p1", "disks", 2));
    expect(() => quotas.check(s, "p2", "disks", 2)).not.toThrow();
    const error = (() => {
      try {
        quotas.check(s, "p1", "disks");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(OverQuota);
    expect(error).toMatchObject({ resource: "disks", requested: 1, used: 2, limit: 2 });
    expect(() => quotas.check(s, "p1", "snapshots", 1_000_000)).not.toThrow();
    // a count of the caller's own scope
    expect(() => quotas.check(s, "p1", "backups", 1, 5)).toThrow(OverQuota);
    expect(() => quotas.check(s, "p1", "disks", 1, 0)).not.toThrow();
  });

  it("details report limit, in_use and reserved for every declared resource, in order", () => {
    const s = produce(slice(), (d) => {
      addUsage(d.usage, "p1", "disks", 1);
      addUsage(d.usage, "p1", "snapshots", 4);
    });
    const details = quotas.details(s, "p1");
    expect(Object.keys(details)).toEqual(["disks", "snapshots", "backups"]);
    expect(details).toEqual({
      disks: { limit: 2, in_use: 1, reserved: 0 },
      snapshots: { limit: -1, in_use: 4, reserved: 0 },
      backups: { limit: 5, in_use: 0, reserved: 0 },
    });
  });

  it("belowUsage names the first limit set under what the project uses", () => {
    const s = produce(slice(), (d) => addUsage(d.usage, "p1", "disks", 2));
    expect(quotas.belowUsage(s, "p1", { disks: 1 })).toEqual({ resource: "disks", limit: 1, used: 2 });
    expect(quotas.belowUsage(s, "p1", { disks: -1, snapshots: 0 })).toBeUndefined();
    expect(quotas.belowUsage(s, "p1", { disks: 2 })).toBeUndefined();
  });

  it("usage counters never go below zero, and a release without counters adds none", () => {
    const s = produce(slice(), (d) => {
      addUsage(d.usage, "p1", "disks", 3);
      addUsage(d.usage, "p1", "disks", -5);
      addUsage(d.usage, "p2", "disks", -1);
    });
    expect(dictGet(s.usage, "p1")).toEqual({ disks: 0 });
    expect(dictGet(s.usage, "p2")).toBeUndefined();
  });
});
