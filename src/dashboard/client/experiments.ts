// The Experiments view (served as source text, self-contained): runs an experiment document through
// POST /_emulator/experiments, lists the runs with their verdicts, and shows the chosen run's timeline:
// the page GET /_emulator/experiments/{id}/timeline draws (no script in it), its <main> taken in.

import type { Ui } from "./ui.js";

export function experimentsView(ui: Ui): void {
  ui.view("experiments", async () => {
    const { experiments } = await ui.api("GET", "/experiments");
    const runs = [...experiments].reverse();
    ui.table(
      "ex-table",
      runs.map((r: any) => ({ id: r.id, title: r.title, status: r.status, verdict: r.summary ?? "running…" })),
      ["id", "title", "status", "verdict"],
      (r) => [
        ui.el("a", { href: `#experiments?id=${String(r.id)}`, "aria-label": `Show the timeline of ${String(r.id)}` }, "Timeline"),
        " ",
        ui.el("a", { href: `/_emulator/experiments/${String(r.id)}/timeline`, target: "_blank", rel: "noopener", "aria-label": `Open the timeline of ${String(r.id)} on its own page` }, "page"),
      ],
    );
    const box = ui.$("ex-timeline");
    const id = ui.route().params.get("id") ?? runs[0]?.id;
    if (!id) {
      box.hidden = true;
      return;
    }
    const res = await fetch(`/_emulator/experiments/${encodeURIComponent(id)}/timeline`, { headers: ui.controlHeaders() });
    if (!res.ok) throw new Error(`The timeline of ${id}: ${res.status}`);
    // only its <main>: the page's own style element would be refused by this page's policy
    const page = await res.text();
    const main = new DOMParser().parseFromString(page.slice(page.indexOf("<main"), page.indexOf("</main>") + 7), "text/html").querySelector("main");
    box.replaceChildren(...(main ? [...main.childNodes].map((n) => document.importNode(n, true)) : []));
    box.hidden = false;
  });

  ui.onSubmit(
    "ex-run",
    async () => {
      const value = (id: string) => ui.$<HTMLInputElement | HTMLTextAreaElement>(id).value.trim();
      let experiment: unknown;
      try {
        experiment = JSON.parse(value("ex-doc"));
      } catch (error) {
        throw new Error(`The document is not JSON: ${(error as Error).message}`);
      }
      const body: Record<string, unknown> = { experiment };
      if (value("ex-world")) body.world = value("ex-world");
      if (value("ex-seed")) body.seed = Number(value("ex-seed"));
      const run = await ui.api("POST", "/experiments", body);
      ui.say(`${run.id}: ${run.report?.summary ?? run.status}`);
      location.hash = `#experiments?id=${run.id}`;
    },
    "ex-run-error",
  );
}
