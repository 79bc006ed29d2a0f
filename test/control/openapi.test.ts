import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";
import { controlApp } from "../../src/control/index.js";

describe("GET /_emulator/openapi.json", () => {
  const emu = testEmulator();
  // with the services' own control operations (compute's hosts), mounted under /_emulator/<service>
  const routes = controlApp(emu.kernel, emu.world, emu.services, () => [])
    .routes.filter((r) => r.method !== "ALL")
    // the index is mounted at "/", documented as /_emulator
    .map((r) => ({ method: r.method.toLowerCase(), path: `/_emulator${r.path.replace(/:([^/]+)/g, "{$1}")}`.replace(/\/$/, "") }));

  it("is an OpenAPI 3.1 document", async () => {
    const res = await call(emu, "GET", "/_emulator/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.info.title).toBe("skymock control API");
  });

  it("documents every route of the control app, and nothing else", async () => {
    const doc = (await call(emu, "GET", "/_emulator/openapi.json")).body;
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, path } of routes) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it("gives every operation a summary and responses, and resolves every $ref", async () => {
    const doc = (await call(emu, "GET", "/_emulator/openapi.json")).body;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? [];
    for (const ref of new Set(refs)) expect(doc.components.schemas[ref.split("/").pop()!], ref).toBeDefined();
  });

  it("describes the journal tails as standard text/event-stream, naming their items' schema (no x- keys)", async () => {
    const doc = (await call(emu, "GET", "/_emulator/openapi.json")).body;
    for (const [path, item] of [["/_emulator/events/stream", "DomainEvent"], ["/_emulator/requests/stream", "RequestRecord"]]) {
      const ok = doc.paths[path].get.responses["200"];
      expect(Object.keys(ok.content)).toEqual(["text/event-stream"]);
      expect(JSON.stringify(ok)).not.toMatch(/"x-/);
      expect(ok.content["text/event-stream"].schema.type).toBe("string");
      expect(ok.description).toContain(`#/components/schemas/${item}`);
      expect(doc.components.schemas[item]).toBeDefined();
    }
  });

  it("describes request bodies with the same rules the routes enforce", async () => {
    const doc = (await call(emu, "GET", "/_emulator/openapi.json")).body;
    const fault = doc.paths["/_emulator/faults"].post.requestBody.content["application/json"].schema;
    expect(fault.required).toEqual(["effect"]);
    expect(fault.additionalProperties).toBe(false);
    const effects = fault.properties.effect.oneOf.map((e: any) => e.properties.type.const);
    expect(effects).toEqual(["error", "latency", "throttle", "false-negative", "reset", "hang"]);
    const override = doc.paths["/_emulator/transitions/overrides"].post.requestBody.content["application/json"].schema;
    expect(override.properties.mode.enum).toEqual(["immediate", "delay", "manual", "stick", "redirect"]);
  });
});
