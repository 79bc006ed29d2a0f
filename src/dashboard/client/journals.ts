// The Journals view (served as source text, self-contained): the events and requests journals as live
// tails (GET /_emulator/events/stream, /requests/stream) with their filters, and a request's detail.

import type { Row, Ui } from "./ui.js";

export function journalsView(ui: Ui): void {
  const MAX = 300;
  const events: Row[] = [];
  const requests: Row[] = [];
  let stops: Array<() => void> = [];

  const query = (pairs: Array<[string, string]>) => {
    const q = new URLSearchParams({ limit: "100" });
    for (const [name, id] of pairs) {
      const value = ui.$<HTMLInputElement>(id).value.trim();
      if (value) q.set(name, value);
    }
    return q.toString();
  };

  const drawEvents = () =>
    ui.table("ev-table", events.map((e) => ({ seq: e.seq, at: e.at, type: e.type, payload: e.payload })), ["seq", "at", "type", "payload"]);
  const drawRequests = () =>
    ui.table("rq-table", requests, ["seq", "at", "method", "path", "status", "service"], (r) => [
      ui.el("button", { type: "button", class: "secondary", "aria-label": `Show request ${r.seq}`, onclick: () => void detail(r) }, "Show"),
    ]);

  async function detail(r: Row): Promise<void> {
    const { fired } = await ui.api("GET", "/faults/fired");
    const fault = fired.find((f: any) => f.requestId === r.requestId);
    const fields: Array<[string, unknown]> = [
      ["method", r.method],
      ["path", r.path],
      ["status", r.status],
      ["operation", r.operation ?? ""],
      ["latency", `${r.durationMs} ms`],
      ["request id", r.requestId],
      ["project", r.project ?? ""],
      ["at", r.at],
      ["fault fired", fault ? `${fault.ruleId}: ${fault.effect}` : "none"],
    ];
    ui.$("rq-detail-fields").replaceChildren(...fields.flatMap(([k, v]) => [ui.el("dt", null, k), ui.el("dd", { "data-field": k }, String(v))]));
    const box = ui.$("rq-detail");
    box.hidden = false;
    box.focus();
  }

  function follow(): void {
    stops.forEach((stop) => stop());
    events.length = 0;
    requests.length = 0;
    drawEvents();
    drawRequests();
    const keep = (list: Row[], draw: () => void) => (entry: Row) => {
      list.unshift(entry);
      if (list.length > MAX) list.length = MAX;
      draw();
    };
    stops = [
      ui.tail(`/events/stream?${query([["type", "ev-type"], ["service", "ev-service"], ["project", "ev-project"]])}`, keep(events, drawEvents)),
      ui.tail(`/requests/stream?${query([["service", "rq-service"], ["method", "rq-method"], ["status", "rq-status"], ["project", "rq-project"]])}`, keep(requests, drawRequests)),
    ];
  }

  // the tails run while the view shows; they follow the world on their own
  ui.view("journals", async () => {
    if (stops.length === 0) follow();
  });
  addEventListener("hashchange", () => {
    if (ui.route().view !== "journals") {
      stops.forEach((stop) => stop());
      stops = [];
    }
  });
  ui.onSubmit("ev-filter", async () => follow());
  ui.onSubmit("rq-filter", async () => follow());
}
