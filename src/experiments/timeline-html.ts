// An experiment's timeline as a picture: one self-contained HTML page (no script, no external asset; the
// drawing's colours are SVG attributes, so a page that forbids inline style can embed its <main>) with the
// plain-words verdict on top and an SVG time axis in virtual seconds, a lane per host and per service, the
// experiment's own steps in the first lane. Each mark's <title> says what it was.

import type { ExperimentRun } from "./index.js";
import type { TimelineEntry } from "./report.js";

const LEFT = 190;
const PLOT = 900;
const LANE = 30;
const TOP = 34;
/** the marks one lane draws at most (a run that polls for hours has many requests) */
const MAX_MARKS = 5000;

const COLOURS: Record<TimelineEntry["kind"], string> = {
  action: "#1565c0",
  rollback: "#6a1b9a",
  probe: "#2e7d32",
  fault: "#c62828",
  event: "#ef6c00",
  state: "#00838f",
  request: "#9e9e9e",
};

export function timelineHtml(run: ExperimentRun): string {
  const entries = run.report?.timeline ?? run.journal;
  const status = run.report?.status ?? run.status;
  const verdict = run.report?.summary ?? `Experiment ${JSON.stringify(run.title)} is running: the timeline so far.`;
  const end = Math.max(1, run.report?.durationSeconds ?? entries.at(-1)?.t ?? 0);
  const lanes = laneOrder(entries);
  const x = (t: number) => Math.round((LEFT + (t / end) * PLOT) * 10) / 10;
  const height = TOP + lanes.length * LANE + 10;
  const parts: string[] = [];
  // the axis: a tick at each step, labelled in virtual seconds
  const step = tickStep(end);
  for (let t = 0; t <= end + 1e-9; t += step) {
    parts.push(`<line x1="${x(t)}" y1="${TOP - 6}" x2="${x(t)}" y2="${height - 10}" stroke="#e0e0e0"/>`);
    parts.push(`<text x="${x(t)}" y="${TOP - 12}" text-anchor="middle" font-size="11" fill="#555">${t}s</text>`);
  }
  lanes.forEach((lane, i) => {
    const y = TOP + i * LANE + LANE / 2;
    parts.push(`<text x="${LEFT - 8}" y="${y + 4}" text-anchor="end" font-size="12" fill="#222">${esc(lane)}</text>`);
    parts.push(`<line x1="${LEFT}" y1="${y}" x2="${LEFT + PLOT}" y2="${y}" stroke="#bdbdbd"/>`);
    let drawn = 0;
    for (const e of entries) {
      if (laneOf(e) !== lane || drawn++ >= MAX_MARKS) continue;
      parts.push(mark(e, x(e.t), y));
    }
  });
  const facts = [
    `status ${status}`,
    run.report?.seed === null || run.report?.seed === undefined ? undefined : `seed ${run.report.seed}`,
    run.report?.world ? `world ${run.report.world}` : undefined,
    `${end}s of virtual time`,
    run.report?.recovery ? `recovery ${run.report.recovery.seconds === null ? "not reached" : `${run.report.recovery.seconds}s`} (objective ${run.report.recovery.withinSeconds}s)` : undefined,
  ].filter((f) => f !== undefined);
  const key = (Object.keys(COLOURS) as Array<TimelineEntry["kind"]>).map((k) => `<span class="key"><svg width="10" height="10" aria-hidden="true"><rect width="10" height="10" fill="${COLOURS[k]}"/></svg> ${k}</span>`).join(" ");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Experiment ${esc(run.id)}: ${esc(run.title)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:1rem;color:#222}.verdict{font-size:1.1rem;padding:.6rem .8rem;border-left:.35rem solid #2e7d32;background:#f1f8e9}.verdict.broken{border-color:#c62828;background:#ffebee}.facts,.keys{color:#555}.key{margin-right:.8rem}svg.timeline{max-width:100%;height:auto}</style>
</head>
<body>
<main class="experiment-timeline" data-experiment="${esc(run.id)}">
<h1>${esc(run.title)}</h1>
<p class="verdict${status === "completed" ? "" : " broken"}" role="status">${esc(verdict)}</p>
<p class="facts">${facts.map(esc).join(" · ")}</p>
<svg class="timeline" role="img" aria-labelledby="timeline-title-${esc(run.id)}" xmlns="http://www.w3.org/2000/svg" width="${LEFT + PLOT + 20}" height="${height}" viewBox="0 0 ${LEFT + PLOT + 20} ${height}" font-family="system-ui, sans-serif">
<title id="timeline-title-${esc(run.id)}">Timeline of ${esc(run.title)}: ${entries.length} entries over ${end} virtual seconds, in ${lanes.length} lanes</title>
${parts.join("\n")}
</svg>
<p class="keys">${key}</p>
</main>
</body>
</html>
`;
}

/** the experiment's own steps; then hosts; then services, each in the order first seen */
function laneOrder(entries: readonly TimelineEntry[]): string[] {
  const seen = new Set<string>(["experiment"]);
  for (const e of entries) seen.add(laneOf(e));
  const lanes = [...seen];
  return [...lanes.filter((l) => l === "experiment"), ...lanes.filter((l) => l.startsWith("host ")).sort(), ...lanes.filter((l) => l !== "experiment" && !l.startsWith("host "))];
}

function laneOf(e: TimelineEntry): string {
  const d = (e.detail ?? {}) as Record<string, unknown>;
  switch (e.kind) {
    case "action":
    case "probe":
    case "rollback":
      return "experiment";
    case "request":
      return typeof d.service === "string" ? d.service : "other";
    case "state":
      return e.name === "compute.host" ? `host ${String(d.id)}` : e.name.split(".")[0]!;
    default: {
      const host = [d.host, d.hostname, d.source_host].find((h) => typeof h === "string");
      return host !== undefined ? `host ${host as string}` : e.name.split(".")[0]!;
    }
  }
}

function mark(e: TimelineEntry, x: number, y: number): string {
  const d = (e.detail ?? {}) as Record<string, unknown>;
  const failed = d.ok === false || (typeof d.status === "number" && d.status >= 400 && e.kind !== "state");
  const colour = failed ? COLOURS.fault : COLOURS[e.kind];
  const what = e.kind === "state" ? `state ${e.name} ${String(d.name ?? d.id)}: ${String(d.from)} → ${String(d.to)}` : `${e.kind} ${e.name}${typeof d.status === "number" ? ` (${d.status})` : ""}${typeof d.reason === "string" ? `: ${d.reason}` : ""}`;
  const title = `<title>${esc(`${e.t}s ${what}`)}</title>`;
  switch (e.kind) {
    case "request":
      return `<line class="mark request" x1="${x}" y1="${y - 5}" x2="${x}" y2="${y + 5}" stroke="${colour}" stroke-width="1.5">${title}</line>`;
    case "fault":
      return `<path class="mark fault" d="M${x} ${y - 7}L${x + 7} ${y}L${x} ${y + 7}L${x - 7} ${y}Z" fill="${colour}">${title}</path>`;
    case "action":
    case "rollback":
      return `<rect class="mark ${e.kind}" x="${x - 5}" y="${y - 8}" width="10" height="16" fill="${colour}">${title}</rect>`;
    default:
      return `<circle class="mark ${e.kind}" cx="${x}" cy="${y}" r="${e.kind === "probe" ? 5 : 4}" fill="${colour}">${title}</circle>`;
  }
}

/** a tick every 1, 2, 5, 10, ... seconds, or whole minutes and hours, at most about ten */
function tickStep(end: number): number {
  for (const s of [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 43200, 86400]) if (end / s <= 10) return s;
  return Math.ceil(end / 10 / 86400) * 86400;
}

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
