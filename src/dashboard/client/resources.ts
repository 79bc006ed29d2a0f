// The Resources view (served as source text, self-contained): every kind the services declare
// (GET /_emulator/resources), one kind's rows filtered by project and status, and one resource's card (its
// declared detail, GET /_emulator/resources/{type}/{id}?detail=1, drawn generically: objects as definition
// lists, lists of objects as tables), all refreshed as the world changes. Names no service.

import type { Ui } from "./ui.js";

export function resourcesView(ui: Ui): void {
  let kinds: Array<{ type: string; filters: string[] }> = [];
  let selected: { type: string; id: string } | null = null;

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
    ui.table("res-table", page.resources, undefined, (row) => [
      ui.el("button", { type: "button", class: "secondary", "aria-label": `Show ${kind.type} ${row.id}`, onclick: () => void open(kind.type, String(row.id)) }, "Show"),
    ]);
    if (selected && selected.type !== kind.type) close();
    if (selected) await detail(selected.type, selected.id);
  });

  async function open(type: string, id: string): Promise<void> {
    selected = { type, id };
    await detail(type, id).catch((error: Error) => ui.say(error.message, true));
    ui.$("res-detail").focus();
  }

  function close(): void {
    selected = null;
    ui.$("res-detail").hidden = true;
  }

  async function detail(type: string, id: string): Promise<void> {
    const box = ui.$("res-detail");
    const fields = ui.$("res-detail-body");
    box.hidden = false;
    ui.$("h-res-detail").textContent = `${type} ${id}`;
    let card: any;
    try {
      card = await ui.api("GET", `/resources/${encodeURIComponent(type)}/${encodeURIComponent(id)}?detail=1`);
    } catch (error) {
      // deleted while shown: say so where it was
      fields.replaceChildren(ui.el("p", { class: "muted", "data-field": "gone" }, (error as Error).message));
      return;
    }
    const head: Array<[string, unknown]> = [];
    if (card.status !== undefined) head.push(["status", card.status]);
    if (card.pending) head.push(["next step", `${card.pending.from} → ${card.pending.to} (${card.pending.mode}${card.pending.dueAt === null ? "" : `, due ${new Date(card.pending.dueAt).toISOString()}`})`]);
    const children: Node[] = [];
    if (head.length) children.push(render(Object.fromEntries(head)));
    if (card.content) children.push(ui.el("p", null, download(card.content, id)));
    children.push(render(card.detail ?? {}));
    fields.replaceChildren(...children);
  }

  /** A link to the bytes; with a control token, fetched with it (a plain link cannot send the header). */
  function download(href: string, id: string): HTMLElement {
    const name = id.slice(id.lastIndexOf("/") + 1) || "download";
    const link = ui.el("a", { href, download: name, id: "res-download" }, `Download ${name}`);
    link.addEventListener("click", (e) => {
      if (Object.keys(ui.controlHeaders()).length === 0) return;
      e.preventDefault();
      void fetch(href, { headers: ui.controlHeaders() })
        .then(async (res) => {
          if (!res.ok) throw new Error(`${res.status}: the download was refused.`);
          const url = URL.createObjectURL(await res.blob());
          const save = ui.el("a", { href: url, download: name });
          document.body.append(save);
          save.click();
          save.remove();
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
        })
        .catch((error: Error) => ui.say(error.message, true));
    });
    return link;
  }

  const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

  /** Any JSON as markup: an object a definition list, a list of objects a table, other lists a line. */
  function render(value: unknown, key?: string): Node {
    if (Array.isArray(value)) {
      if (value.length === 0) return document.createTextNode("none");
      if (!value.every(isPlain)) return document.createTextNode(value.map((v) => (isPlain(v) ? JSON.stringify(v) : String(v))).join(", "));
      const cols = [...new Set(value.flatMap((v) => Object.keys(v)))];
      const rows = value.map((v) => ui.el("tr", null, ...cols.map((c) => ui.el("td", { "data-col": c }, cellOf(v[c])))));
      return ui.el("table", { "data-field": key ?? null }, ui.el("caption", { class: "muted" }, key ?? "items"), ui.el("thead", null, ui.el("tr", null, ...cols.map((c) => ui.el("th", { scope: "col" }, c)))), ui.el("tbody", null, ...rows));
    }
    if (isPlain(value)) {
      const entries = Object.entries(value);
      if (entries.length === 0) return document.createTextNode("none");
      return ui.el("dl", { class: "detail" }, ...entries.flatMap(([k, v]) => [ui.el("dt", null, k), ui.el("dd", { "data-field": k }, render(v, k))]));
    }
    return document.createTextNode(value === null || value === undefined ? "—" : String(value));
  }

  const cellOf = (v: unknown): string => (v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));

  const form = ui.$<HTMLFormElement>("res-filter");
  form.addEventListener("change", () => ui.changed());
  form.addEventListener("input", () => ui.changed());
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    ui.changed();
  });
  ui.$("res-detail-close").addEventListener("click", () => {
    close();
    ui.$("res-kind").focus();
  });
  // a click anywhere on a row shows it too (the row's button is the keyboard's way)
  ui.$("res-table").addEventListener("click", (e) => {
    const target = e.target as HTMLElement;
    const row = target.closest<HTMLTableRowElement>("tbody tr[data-id]");
    const type = ui.$<HTMLSelectElement>("res-kind").value;
    if (row?.dataset.id && !target.closest("button, a")) void open(type, row.dataset.id);
  });
}
