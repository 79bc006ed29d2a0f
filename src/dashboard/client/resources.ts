// The Resources view (served as source text, self-contained): every kind the services declare
// (GET /_emulator/resources), one kind's rows filtered by project and status, refreshed as the world changes.

import type { Ui } from "./ui.js";

export function resourcesView(ui: Ui): void {
  let kinds: Array<{ type: string; filters: string[] }> = [];

  ui.view("resources", async () => {
    const [listed, projects] = await Promise.all([ui.api("GET", "/resources"), ui.api("GET", "/resources/identity.project?limit=1000")]);
    kinds = listed.kinds;
    ui.options("res-kind", kinds.map((k) => k.type));
    const asked = ui.route().params.get("kind");
    const select = ui.$<HTMLSelectElement>("res-kind");
    if (asked && kinds.some((k) => k.type === asked) && select.dataset.asked !== asked) {
      select.value = asked;
      select.dataset.asked = asked;
    }
    ui.options("res-project", [["", "any"], ...projects.resources.map((p: any): [string, string] => [p.id, p.name])]);
    const kind = kinds.find((k) => k.type === select.value);
    if (!kind) return;
    const project = ui.$<HTMLSelectElement>("res-project");
    const status = ui.$<HTMLInputElement>("res-status");
    project.disabled = !kind.filters.includes("project");
    status.disabled = !kind.filters.includes("status");
    const query = new URLSearchParams({ limit: "500" });
    if (!project.disabled && project.value) query.set("project", project.value);
    if (!status.disabled && status.value.trim()) query.set("status", status.value.trim());
    const page = await ui.api("GET", `/resources/${encodeURIComponent(kind.type)}?${query}`);
    ui.table("res-table", page.resources);
  });

  const form = ui.$<HTMLFormElement>("res-filter");
  form.addEventListener("change", () => ui.changed());
  form.addEventListener("input", () => ui.changed());
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    ui.changed();
  });
}
