// The Chaos view (served as source text, self-contained): compute hosts failed and recovered with one
// click, fault rules (a form whose operation picker comes from GET /_emulator/faults/operations, the list,
// removal, the fired history) and lifecycle transition overrides, all through the control API.

import type { Ui } from "./ui.js";

export function chaosView(ui: Ui): void {
  let operations: Array<{ service: string; operations: string[] }> = [];

  const pickOperations = () => {
    const service = ui.$<HTMLSelectElement>("fault-service").value;
    const ops = operations.find((s) => s.service === service)?.operations ?? [];
    ui.options("fault-operation", [["", "any operation"], ...ops]);
  };

  ui.view("chaos", async () => {
    const [{ hosts }, { faults }, { fired }, ops, transitions] = await Promise.all([
      ui.api("GET", "/compute/hosts"),
      ui.api("GET", "/faults"),
      ui.api("GET", "/faults/fired"),
      ui.api("GET", "/faults/operations"),
      ui.api("GET", "/transitions"),
    ]);
    ui.table(
      "hosts",
      hosts.map((h: any) => ({ id: h.name, state: h.state, status: h.status, servers: h.serverIds.length, updated: h.updatedAt })),
      ["id", "state", "status", "servers", "updated"],
      (h) => [
        ui.el("button", { type: "button", class: "danger", disabled: h.state === "down", "aria-label": `Fail ${h.id}`, onclick: () => act(`/compute/hosts/${h.id}/fail`, `${h.id} failed.`) }, "Fail"),
        " ",
        ui.el("button", { type: "button", class: "secondary", disabled: h.state === "up", "aria-label": `Recover ${h.id}`, onclick: () => act(`/compute/hosts/${h.id}/recover`, `${h.id} recovered.`) }, "Recover"),
      ],
    );
    operations = ops.services;
    ui.options("fault-service", operations.map((s) => s.service));
    pickOperations();
    ui.table(
      "faults",
      faults.map((f: any) => ({ id: f.id, service: f.service ?? "", operation: f.operation ?? "", method: f.method ?? "", path: f.path ?? "", effect: JSON.stringify(f.effect), times: f.times ?? "", fired: f.fired })),
      ["id", "service", "operation", "method", "path", "effect", "times", "fired"],
      (f) => [ui.el("button", { type: "button", class: "secondary", "aria-label": `Remove rule ${f.id}`, onclick: () => act(`/faults/${f.id}`, `Rule ${f.id} removed.`, "DELETE") }, "Remove")],
    );
    ui.table("fired", [...fired].reverse(), ["seq", "at", "ruleId", "service", "method", "path", "operation", "effect"]);
    ui.options("ov-type", [...new Set<string>(transitions.definitions.map((d: any) => d.type))]);
    ui.table(
      "overrides",
      transitions.overrides.map((o: any) => ({ id: o.id, type: o.type, resourceId: o.resourceId ?? "", from: o.from ?? "", mode: o.mode, ms: o.ms ?? "", to: o.to ?? "" })),
      ["id", "type", "resourceId", "from", "mode", "ms", "to"],
      (o) => [ui.el("button", { type: "button", class: "secondary", "aria-label": `Remove override ${o.id}`, onclick: () => act(`/transitions/overrides/${o.id}`, `Override ${o.id} removed.`, "DELETE") }, "Remove")],
    );
    ui.table(
      "pending",
      transitions.pending.map((p: any) => ({ id: p.resourceId, type: p.type, from: p.from, to: p.to, mode: p.mode, due: p.dueAt === null ? "" : new Date(p.dueAt).toISOString() })),
      ["type", "id", "from", "to", "mode", "due"],
      (p) => [ui.el("button", { type: "button", class: "secondary", "aria-label": `Step ${p.type} ${p.id} to ${p.to}`, onclick: () => act("/transitions/step", `${p.type} ${p.id} stepped to ${p.to}.`, "POST", { type: p.type, resourceId: p.id }) }, "Step")],
    );
  });

  function act(path: string, done: string, method = "POST", body?: unknown): void {
    ui.api(method, path, body)
      .then(() => {
        ui.say(done);
        ui.changed();
      })
      .catch((error: Error) => ui.say(error.message, true));
  }

  ui.$("fault-service").addEventListener("change", pickOperations);
  ui.onSubmit(
    "fault-form",
    async () => {
      const value = (id: string) => ui.$<HTMLInputElement | HTMLSelectElement>(id).value.trim();
      const type = value("fault-effect");
      const effect: Record<string, unknown> = { type };
      if (type === "error" || type === "false-negative") effect.status = Number(value("fault-status"));
      if (type === "latency") effect.ms = Number(value("fault-ms"));
      const rule: Record<string, unknown> = { service: value("fault-service"), effect };
      if (value("fault-operation")) rule.operation = value("fault-operation");
      if (value("fault-method")) rule.method = value("fault-method");
      if (value("fault-path")) rule.path = value("fault-path");
      if (value("fault-times")) rule.times = Number(value("fault-times"));
      const added = await ui.api("POST", "/faults", rule);
      ui.say(`Fault rule ${added.id} added.`);
    },
    "fault-error",
  );
  ui.onSubmit(
    "override-form",
    async () => {
      const value = (id: string) => ui.$<HTMLInputElement | HTMLSelectElement>(id).value.trim();
      const override: Record<string, unknown> = { type: value("ov-type"), mode: value("ov-mode") };
      if (value("ov-from")) override.from = value("ov-from");
      if (value("ov-after")) override.after = /^\d+$/.test(value("ov-after")) ? Number(value("ov-after")) : value("ov-after");
      if (value("ov-to")) override.to = value("ov-to");
      const added = await ui.api("POST", "/transitions/overrides", override);
      ui.say(`Override ${added.id} added.`);
    },
    "override-error",
  );
}
