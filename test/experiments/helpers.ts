// Experiment tests' harness: a shipped experiment document (fixtures/experiments/) read as the CLI reads
// it, and a run through POST /_emulator/experiments on an in-process emulator with a frozen clock.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import type { Emulator } from "../../src/app.js";
import { call, testEmulator, type Call } from "../helpers/emulator.js";

export function shipped(name: string): Record<string, any> {
  return yaml.load(readFileSync(join(__dirname, "../../fixtures/experiments", `${name}.yaml`), "utf8")) as Record<string, any>;
}

export async function runIn(emu: Emulator, experiment: unknown, extra: Record<string, unknown> = { world: "ha-cluster", seed: 7 }): Promise<Call> {
  return call(emu, "POST", "/_emulator/experiments", { body: { experiment, ...extra } });
}

/** a fresh emulator, the experiment run in it; the report */
export async function run(experiment: unknown, extra?: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await runIn(testEmulator(), experiment, extra);
  if (res.status !== 201) throw new Error(`experiment run: ${res.status} ${res.text}`);
  return res.body.report;
}

/** the timeline as "t kind name" lines, events filtered to those matching `events` (requests and state changes left out) */
export function lines(report: Record<string, any>, events: RegExp = /notification\.(created|running|finished|error|failed)$/): string[] {
  return report.timeline
    .filter((e: any) => e.kind !== "request" && e.kind !== "state")
    .filter((e: any) => e.kind !== "event" || events.test(e.name))
    .filter((e: any) => !(e.kind === "probe" && e.detail.phase === "steady-state"))
    .map((e: any) => `${e.t} ${e.kind} ${e.name}`);
}
