// The experiment's report: a plain-words summary on top (which probe broke, what it saw, when), the
// hypothesis before and after, the method's activities, the recovery time, and the timeline on the virtual
// clock (the runner's steps, the requests answered, the faults that fired, the domain events, the state
// changes of the resources the probes saw, in the order they happened). Times are virtual seconds from the
// start, so two runs of the same document and seed give the same JSON. Also as JUnit XML.

import type { Experiment } from "./schema.js";
import type { Seen } from "./tolerance.js";

export interface TimelineEntry {
  /** virtual seconds since the run started */
  t: number;
  kind: "probe" | "action" | "rollback" | "fault" | "event" | "request" | "state";
  name: string;
  detail?: Record<string, unknown>;
}

export interface ProbeResult {
  name: string;
  t: number;
  ok: boolean;
  seen: Seen;
  reason?: string;
}

export interface ActivityResult {
  name: string;
  type: "probe" | "action";
  t: number;
  ok: boolean;
  status?: number;
  reason?: string;
  background?: boolean;
}

export type Report = {
  title: string;
  status: "completed" | "failed" | "aborted" | "error";
  /** plain words: held or not, and if not, which probe, what it saw and when */
  summary: string;
  seed: number | null;
  world: string | null;
  durationSeconds: number;
  hypothesis: { before: ProbeResult[]; after: ProbeResult[] | null };
  method: ActivityResult[];
  rollbacks: ActivityResult[];
  recovery: { seconds: number | null; withinSeconds: number; met: boolean; probe?: string; reason?: string } | null;
  timeline: TimelineEntry[];
  error?: string;
};

interface Parts {
  doc: Experiment;
  seed?: number;
  world?: string;
  status: Report["status"];
  error?: string;
  before: ProbeResult[];
  after: ProbeResult[] | null;
  method: ActivityResult[];
  rollbacks: ActivityResult[];
  recovery: Report["recovery"];
  durationSeconds: number;
  /** in the order things happened */
  entries: TimelineEntry[];
}

export function buildReport(p: Parts): Report {
  return {
    title: p.doc.title,
    status: p.status,
    summary: summary(p),
    seed: p.seed ?? null,
    world: p.world ?? null,
    durationSeconds: p.durationSeconds,
    hypothesis: { before: p.before, after: p.after },
    method: p.method,
    rollbacks: p.rollbacks,
    recovery: p.recovery,
    timeline: p.entries,
    ...(p.error ? { error: p.error } : {}),
  };
}

function summary(p: Parts): string {
  const title = JSON.stringify(p.doc.title);
  if (p.status === "error") return `Experiment ${title} could not run: ${p.error}.`;
  if (p.status === "aborted") return `Experiment ${title} was aborted at ${p.durationSeconds}s (virtual); its rollbacks ran.`;
  const broke = p.before.find((x) => !x.ok);
  if (broke) return `The steady state did not hold before the method: probe ${JSON.stringify(broke.name)} saw ${broke.reason} at ${broke.t}s; the method did not run.`;
  const rec = p.recovery;
  if (rec && !rec.met) return `Recovery missed its objective: probe ${JSON.stringify(rec.probe)} still saw ${rec.reason} ${rec.withinSeconds}s (virtual) after the first action.`;
  const after = p.after?.find((x) => !x.ok);
  if (after) return `The steady state did not hold after the method: probe ${JSON.stringify(after.name)} saw ${after.reason} at ${after.t}s (virtual).`;
  const recovered = rec ? ` It held again ${rec.seconds}s (virtual) after the first action (objective ${rec.withinSeconds}s).` : "";
  return `The steady state held before and after the method.${recovered}`;
}

/** JUnit XML: one suite, each hypothesis probe (before and after) and each method activity a test case. */
export function junitXml(r: Report): string {
  const cases: string[] = [];
  const testcase = (className: string, name: string, time: number, failure?: string) =>
    cases.push(`  <testcase classname="${esc(className)}" name="${esc(name)}" time="${time}">${failure === undefined ? "" : `<failure message="${esc(failure)}"/>`}</testcase>`);
  for (const p of r.hypothesis.before) testcase("steady-state-hypothesis.before", p.name, p.t, p.ok ? undefined : p.reason);
  for (const m of r.method) testcase("method", m.name, m.t, m.ok ? undefined : (m.reason ?? "failed"));
  for (const p of r.hypothesis.after ?? []) testcase("steady-state-hypothesis.after", p.name, p.t, p.ok ? undefined : p.reason);
  const failures = (r.hypothesis.before.filter((p) => !p.ok).length) + r.method.filter((m) => !m.ok).length + (r.hypothesis.after ?? []).filter((p) => !p.ok).length;
  const error = r.status === "error" || r.status === "aborted" ? 1 : 0;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuite name="${esc(r.title)}" tests="${cases.length}" failures="${failures}" errors="${error}" time="${r.durationSeconds}">`,
    `  <system-out>${esc(r.summary)}</system-out>`,
    ...cases,
    `</testsuite>`,
    "",
  ].join("\n");
}

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
