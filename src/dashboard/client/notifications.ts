// The Instance-HA notifications view (served as source text, self-contained), through the instance-ha API
// itself as the seed world's admin: the list with the status filter, the create form (each type's payload
// fields, the host from the registered ones; the API validates it and its refusal is shown as it says it), and one notification's recovery workflow, its tasks and vmoves,
// refreshed while it runs; the control API's advance moves the clock to the end of its recovery.

import type { Ui } from "./ui.js";

export function notificationsView(ui: Ui): void {
  const BASE = "/instance-ha/v1";
  const VERSION = { "OpenStack-API-Version": "instance-ha 1.3" };
  let selected: string | null = null;

  ui.view("notifications", async () => {
    const status = ui.$<HTMLSelectElement>("nf-status").value;
    const [listed, hosts] = await Promise.all([
      ui.os("GET", `${BASE}/notifications?sort_key=created_at&sort_dir=desc${status ? `&status=${status}` : ""}`, undefined, VERSION),
      ui.api("GET", "/resources/instance-ha.host?limit=1000"),
    ]);
    const hostName = new Map<string, string>(hosts.resources.map((h: any) => [h.id, h.name]));
    ui.options("nf-host", [...new Set<string>(hosts.resources.map((h: any) => h.name))].sort());
    const rows = listed.notifications.map((n: any) => ({
      id: n.notification_uuid,
      type: n.type,
      host: hostName.get(n.source_host_uuid) ?? n.source_host_uuid,
      status: n.status,
      generated: n.generated_time,
      message: n.message ?? "",
    }));
    ui.table("nf-table", rows, ["id", "type", "host", "status", "generated", "message"], (row) => [
      ui.el("button", { type: "button", class: "secondary", "aria-label": `Show notification ${row.id}`, onclick: () => open(String(row.id)) }, "Show"),
    ]);
    if (selected) await detail(selected);
  });

  async function open(id: string): Promise<void> {
    selected = id;
    await detail(id);
    ui.$("nf-detail").focus();
  }

  async function detail(id: string): Promise<void> {
    const [{ notification: n }, { vmoves }] = await Promise.all([
      ui.os("GET", `${BASE}/notifications/${id}`, undefined, VERSION),
      // only a host's notification moves servers: the API refuses the others' vmoves
      ui.os("GET", `${BASE}/notifications/${id}/vmoves`, undefined, VERSION).catch(() => ({ vmoves: [] })),
    ]);
    const box = ui.$("nf-detail");
    box.hidden = false;
    ui.$("h-nf-detail").textContent = `Notification ${n.notification_uuid}`;
    const fields: Array<[string, unknown]> = [
      ["status", n.status],
      ["type", n.type],
      ["generated", n.generated_time],
      ["updated", n.updated_at],
      ["payload", JSON.stringify(n.payload)],
      ["message", n.message ?? ""],
    ];
    ui.$("nf-detail-fields").replaceChildren(...fields.flatMap(([k, v]) => [ui.el("dt", null, k), ui.el("dd", { "data-field": k }, String(v ?? ""))]));
    ui.table(
      "nf-tasks",
      (n.recovery_workflow_details ?? []).map((t: any) => ({
        name: t.name,
        state: t.state,
        progress: t.progress,
        messages: (t.progress_details ?? []).map((p: any) => p.message).join(" · "),
      })),
      ["name", "state", "progress", "messages"],
    );
    ui.table("nf-vmoves", vmoves.map((v: any) => ({ server: v.instance_name, from: v.source_host, to: v.dest_host, status: v.status, message: v.message ?? "" })), ["server", "from", "to", "status", "message"]);
  }

  const value = (id: string) => ui.$<HTMLSelectElement>(id).value.trim();
  // each type's payload fields (the instance-ha API's, which validates them and says what it refuses)
  const FIELDS: Record<string, string[]> = {
    COMPUTE_HOST: ["nf-event", "nf-cluster", "nf-host-status"],
    COMPUTE_INSTANCE: ["nf-event", "nf-instance", "nf-vir-event"],
    COMPUTE_PROCESS: ["nf-event", "nf-process"],
  };
  const KEYS: Record<string, string> = { "nf-event": "event", "nf-cluster": "cluster_status", "nf-host-status": "host_status", "nf-instance": "instance_uuid", "nf-vir-event": "vir_domain_event", "nf-process": "process_name" };

  /** The type's fields that were given; Masakari's VM shape (a domain event) takes the event Masakari pairs with it. */
  function payload(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const id of FIELDS[value("nf-type")] ?? []) if (value(id)) out[KEYS[id]!] = value(id);
    if (out.vir_domain_event) out.event = out.vir_domain_event === "IO_ERROR_REPORT" ? "IO_ERROR" : "LIFECYCLE";
    return out;
  }

  function showFields(): void {
    const shown = new Set(FIELDS[value("nf-type")] ?? []);
    for (const id of Object.keys(KEYS)) ui.$(id).closest("label")!.style.display = shown.has(id) ? "" : "none";
  }
  ui.$("nf-type").addEventListener("change", showFields);
  showFields();

  ui.$("nf-status").addEventListener("change", () => ui.changed());
  ui.onSubmit("nf-filter", async () => undefined);
  ui.onSubmit(
    "nf-create",
    async () => {
      const clock = await ui.api("GET", "/clock");
      const body = { notification: { type: value("nf-type"), hostname: value("nf-host"), generated_time: clock.now, payload: payload() } };
      const { notification } = await ui.os("POST", `${BASE}/notifications`, body, VERSION);
      ui.say(`Notification ${notification.notification_uuid} created: ${notification.status}.`);
    },
    "nf-create-error",
  );
  ui.onSubmit("nf-advance-form", async () => {
    if (!selected) return;
    const result = await ui.api("POST", `/instance-ha/notifications/${selected}/advance`, {});
    ui.say(`Notification ${selected} is ${result.status} after ${result.advancedMs} ms.`);
  });
}
