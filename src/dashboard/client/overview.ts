// The Overview view (served as source text, self-contained): services' health, resource counts per
// declared kind, the virtual clock and its controls, seeding, reset, and state export and import.

import type { Ui } from "./ui.js";

export function overviewView(ui: Ui): void {
  let frozen = false;
  let polling = false;

  function showClock(clock: any): void {
    frozen = clock.frozen;
    ui.$("clock-now").textContent = clock.now;
    ui.$("clock-mode").textContent = clock.frozen ? "frozen" : `running ×${clock.factor}`;
    ui.$("clock-freeze").textContent = clock.frozen ? "Unfreeze" : "Freeze";
    const factor = ui.$<HTMLInputElement>("clock-factor");
    if (document.activeElement !== factor) factor.value = String(clock.factor);
  }

  // the clock moves without an event (a running clock, or an advance with nothing due): read it every
  // second while the Overview is on a visible tab
  setInterval(() => {
    if (polling || document.visibilityState !== "visible" || ui.route().view !== "overview") return;
    polling = true;
    ui.api("GET", "/clock")
      .then(showClock)
      .catch(() => undefined)
      .finally(() => (polling = false));
  }, 1000);

  ui.view("overview", async () => {
    const [clock, health, resources, scenarios, projects, transitions] = await Promise.all([
      ui.api("GET", "/clock"),
      ui.api("GET", "/health"),
      ui.api("GET", "/resources"),
      ui.api("GET", "/scenarios"),
      ui.api("GET", "/resources/identity.project?limit=1000"),
      ui.api("GET", "/transitions"),
    ]);
    showClock(clock);
    for (const row of document.querySelectorAll<HTMLTableRowElement>("#health tbody tr")) {
      const report = health.services[row.dataset.service ?? ""];
      const cell = row.querySelector("td.health")!;
      cell.textContent = report ? `${report.ready ? "ready" : "starting"}${report.detail ? `: ${report.detail}` : ""}` : "not reported";
      cell.className = `health ${report?.ready ? "status-ok" : "status-bad"}`;
    }
    ui.table("kinds", resources.kinds, ["type", "service", "count"], (kind) => [
      ui.el("a", { href: `#resources?kind=${encodeURIComponent(String(kind.type))}` }, `List ${kind.type}`),
    ]);
    // advance-until reads the kinds whose status moves on the clock: those with a declared lifecycle
    const lifecycles = new Set(transitions.definitions.map((d: any) => d.type));
    const until = ui.$<HTMLSelectElement>("until-type");
    const first = until.options.length === 0;
    ui.options("until-type", resources.kinds.filter((k: any) => k.filters.includes("status") && lifecycles.has(k.type)).map((k: any) => k.type));
    if (first && [...until.options].some((o) => o.value === "compute.server")) until.value = "compute.server";
    ui.options("seed-scenario", scenarios.scenarios);
    const { ref, merged } = scenarios.seed;
    ui.$("seed-in-use").textContent = merged.length ? `${ref}, with ${merged.join(", ")} merged in` : ref;
    ui.options("reset-project", [["", "everything (the seed world)"], ...projects.resources.map((p: any): [string, string] => [p.id, `project ${p.name}`])]);
  });

  ui.onSubmit("clock-freeze-form", async () => {
    await ui.api("PATCH", "/clock", { frozen: !frozen });
    ui.say(frozen ? "The clock runs." : "The clock is frozen.");
  });
  ui.onSubmit("clock-factor-form", async () => {
    const factor = Number(ui.$<HTMLInputElement>("clock-factor").value);
    await ui.api("PATCH", "/clock", { factor });
    ui.say(`Clock factor ${factor}.`);
  });
  ui.onSubmit("clock-advance-form", async () => {
    const raw = ui.$<HTMLInputElement>("clock-advance").value.trim();
    const clock = await ui.api("POST", "/clock/advance", { by: /^\d+$/.test(raw) ? Number(raw) : raw });
    ui.say(`Advanced by ${raw}: it is now ${clock.now}.`);
  });
  ui.onSubmit("clock-idle-form", async () => {
    const before = (await ui.api("GET", "/clock")).epochMs;
    const clock = await ui.api("POST", "/clock/advance", { until: "idle" });
    showClock(clock);
    ui.say(`Idle after ${clock.epochMs - before} ms: nothing is planned; it is now ${clock.now}.`);
  });
  ui.onSubmit("clock-until-form", async () => {
    const body = { type: ui.$<HTMLSelectElement>("until-type").value, id: ui.$<HTMLInputElement>("until-id").value.trim(), status: ui.$<HTMLInputElement>("until-status").value.trim() };
    const result = await ui.api("POST", "/clock/advance-until", body);
    ui.say(`${body.type} ${body.id} is ${result.status} after ${result.advancedMs} ms.`);
  });
  ui.onSubmit("seed-form", async () => {
    const scenario = ui.$<HTMLSelectElement>("seed-scenario").value;
    await ui.api("POST", `/seed?scenario=${encodeURIComponent(scenario)}`);
    ui.say(`Seeded the ${scenario} world.`);
  });
  ui.onSubmit("reset-form", async () => {
    const project = ui.$<HTMLSelectElement>("reset-project").value;
    await ui.api("POST", "/reset", project ? { project } : {});
    ui.say(project ? `Project ${project} is back to the seed world.` : "Everything is back to the seed world.");
  });
  ui.onSubmit("export-form", async () => {
    const state = await ui.api("GET", "/state");
    const url = URL.createObjectURL(new Blob([JSON.stringify(state)], { type: "application/json" }));
    const link = ui.el("a", { href: url, download: `skymock-state-${new Date().toISOString().replace(/[:.]/g, "-")}.json` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    ui.say("State exported.");
  });
  ui.onSubmit("import-form", async () => {
    const file = ui.$<HTMLInputElement>("import-file").files?.[0];
    if (!file) throw new Error("Choose a snapshot file first.");
    let snapshot: unknown;
    try {
      snapshot = JSON.parse(await file.text());
    } catch {
      throw new Error(`${file.name} is not JSON, the state is unchanged: a snapshot is what Export state downloads.`);
    }
    await ui.api("PUT", "/state", snapshot).catch((error: Error) => {
      throw new Error(`${file.name} was not imported, the state is unchanged: ${error.message}`);
    });
    ui.say(`Imported ${file.name}.`);
  }, "import-error");
}
