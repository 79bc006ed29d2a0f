// Fault rules on work no HTTP request carries (Faults.matchOperation): a lifecycle step is failed only by a
// rule that names its operation, never by one aimed at requests (a method, a path) or at a whole service.

import { describe, expect, it } from "vitest";
import { Faults, type FaultProbe, type OperationProbe } from "../../src/kernel/faults.js";

const NOW = Date.parse("2030-01-01T00:00:00Z");
const error = { type: "error", status: 503 } as const;

const build: OperationProbe = { service: "compute", operation: "compute.server.build", project: { id: "p1" }, resourceName: "web-1" };

const request: FaultProbe = {
  service: "compute",
  method: "POST",
  path: "/v2.1/servers",
  fullPath: "/compute/v2.1/servers",
  operation: "compute.server.create",
  project: () => ({ id: "p1", name: "demo" }),
  resourceName: () => "web-1",
};

function faults(...rules: object[]): Faults {
  const f = new Faults(() => NOW, 7);
  for (const rule of rules) f.add(rule);
  return f;
}

describe("matchOperation", () => {
  it("fires a rule that names the operation, or a glob covering it, and journals it without method or path", () => {
    for (const operation of ["compute.server.build", "compute.server.*", "*.build"]) {
      const f = faults({ operation, effect: error });
      expect(f.matchOperation(build)?.effect).toEqual(error);
      expect(f.fired.list()).toEqual([
        { seq: 1, at: new Date(NOW).toISOString(), ruleId: "fault-1", requestId: null, service: "compute", method: "", path: "", operation: "compute.server.build", effect: "error" },
      ]);
    }
  });

  it("never fires a rule that names a method or a path, whatever else it names", () => {
    const f = faults(
      { service: "compute", method: "POST", operation: "compute.server.build", effect: error },
      { service: "compute", path: "/v2.1/servers", operation: "compute.server.*", effect: error },
    );
    expect(f.matchOperation(build)).toBeUndefined();
    expect(f.fired.list()).toEqual([]);
    expect(f.list().map((r) => r.fired)).toEqual([0, 0]);
  });

  it("never fires a rule that names no operation: a rule for a whole service is about its requests", () => {
    const f = faults({ service: "compute", effect: error }, { project: "p1", effect: error });
    expect(f.matchOperation(build)).toBeUndefined();
  });

  it("matches the rest of the rule on the work's service, project and resource name", () => {
    expect(faults({ service: "networking", operation: "*.build", effect: error }).matchOperation(build)).toBeUndefined();
    expect(faults({ operation: "*.build", project: "p2", effect: error }).matchOperation(build)).toBeUndefined();
    expect(faults({ operation: "*.build", project: "p1", effect: error }).matchOperation(build)).toBeDefined();
    expect(faults({ operation: "*.build", project: "demo", effect: error }).matchOperation({ ...build, project: { id: "p1", name: "demo" } })).toBeDefined();
    expect(faults({ operation: "*.build", resourceName: "db-*", effect: error }).matchOperation(build)).toBeUndefined();
    expect(faults({ operation: "*.build", resourceName: "web-*", effect: error }).matchOperation(build)).toBeDefined();
  });

  it("spends a rule's budget, as a request's match does", () => {
    const f = faults({ operation: "compute.server.build", effect: error, times: 1 });
    expect(f.matchOperation(build)).toBeDefined();
    expect(f.matchOperation(build)).toBeUndefined();
    expect(f.list()).toEqual([]);
  });
});

describe("match (requests) is unchanged", () => {
  it("fires rules on method, path and operation, and journals the request's method and path", () => {
    const f = faults({ service: "compute", method: "POST", path: "/v2.1/servers", effect: error });
    expect(f.match(request)?.effect).toEqual(error);
    expect(f.fired.list()[0]).toMatchObject({ method: "POST", path: "/compute/v2.1/servers", operation: "compute.server.create" });
  });

  it("a rule on a lifecycle operation does not fire on the request that started the work", () => {
    expect(faults({ operation: "compute.server.build", effect: error }).match(request)).toBeUndefined();
  });
});
