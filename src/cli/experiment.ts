// `skymock experiment run FILE`: posts an experiment document (YAML or JSON) to a running emulator's
// control API, prints the report's summary, writes the JSON report, JUnit XML and the HTML timeline when
// asked, and exits 0
// when the experiment completed with the hypothesis held before and after, 1 otherwise.

import { readFileSync, writeFileSync } from "node:fs";
import yaml from "js-yaml";
import type { OptionSpec } from "../kernel/options.js";
import { SkymockClient } from "../client/client.js";
import { junitXml, type Report } from "../experiments/report.js";
import { parseFlags, UsageError } from "./args.js";

export const EXPERIMENT_OPTIONS: Record<string, OptionSpec> = {
  url: { flag: "--url", value: "URL", default: "http://127.0.0.1:8480", description: "the emulator's base URL" },
  seed: { flag: "--seed", value: "N", default: "none", description: "the seed of the fault draws" },
  world: { flag: "--world", value: "NAME", default: "none (the seed world, reset)", description: "a scenario to load first" },
  report: { flag: "--report", value: "FILE", default: "none", description: "write the JSON report there" },
  junit: { flag: "--junit", value: "FILE", default: "none", description: "write JUnit XML there" },
  html: { flag: "--html", value: "FILE", default: "none", description: "write the timeline picture (a self-contained HTML page) there" },
  controlToken: { flag: "--control-token", value: "TOKEN", env: "SKYMOCK_CONTROL_TOKEN", default: "none", description: "the emulator's control token" },
};

/** Returns the exit code. */
export async function experimentCommand(args: string[], print: (text: string) => void): Promise<number> {
  const [sub, file, ...rest] = args;
  if (sub !== "run") throw new UsageError(`skymock experiment takes \`run FILE\`${sub === undefined ? "" : `, not ${JSON.stringify(sub)}`}`);
  if (file === undefined || file.startsWith("--")) throw new UsageError("skymock experiment run needs the experiment file: skymock experiment run FILE");
  const { values } = parseFlags(rest, EXPERIMENT_OPTIONS);
  let seed: number | undefined;
  if (values.seed !== undefined) {
    if (!/^-?\d+$/.test(values.seed)) throw new UsageError(`--seed ${JSON.stringify(values.seed)} is not an integer`);
    seed = Number(values.seed);
  }
  const document = yaml.load(readFileSync(file, "utf8"));
  if (typeof document !== "object" || document === null || Array.isArray(document)) throw new Error(`${file} holds no experiment document (a YAML or JSON object)`);
  const client = new SkymockClient(values.url ?? "http://127.0.0.1:8480", { controlToken: values.controlToken ?? process.env.SKYMOCK_CONTROL_TOKEN });
  const run = await client.runExperiment(document as Record<string, unknown>, { seed, world: values.world });
  const report = run.report as unknown as Report;
  if (values.report) writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
  if (values.junit) writeFileSync(values.junit, junitXml(report));
  if (values.html) writeFileSync(values.html, await client.experimentTimeline(run.id));
  print(`${run.id} ${report.status}: ${report.summary}`);
  return report.status === "completed" ? 0 : 1;
}
