// What `skymock --help` prints, made from config.ts's table of options (the parser reads the same table),
// and what `skymock --version` prints: the version in the package.json above this module or the bundle.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CONFIG_FILE_OPTION, OPTIONS, type OptionSpec } from "../config.js";

/** The options of clouds-yaml and env beyond the emulator's own. */
export const CREDENTIAL_OPTIONS: Record<"user" | "url", OptionSpec> = {
  user: { flag: "--user", value: "NAME", default: "admin", description: "a user of the seed world" },
  url: { flag: "--url", value: "URL", default: "http://HOST:PORT", description: "the emulator's base URL as clients reach it" },
};

const COMMANDS: Array<[string, string]> = [
  ["skymock start [options]", "run the emulator until stopped (Ctrl-C, SIGTERM)"],
  ["skymock clouds-yaml [--user NAME] [--url URL] [options]", "print a clouds.yaml for a user of the seed world"],
  ["skymock env [--user NAME] [--url URL] [options]", "print export OS_...=... lines for that user"],
  ["skymock experiment run FILE [--url URL] [--seed N] [--world NAME] [--report out.json] [--junit out.xml] [--html out.html]", "run a chaos experiment against a running emulator; exit 0 when its hypothesis held, 1 otherwise"],
  ["skymock help | --help | -h", "this text"],
  ["skymock version | --version | -v", "the version"],
];

export function usage(): string {
  const flagged = Object.entries(OPTIONS).filter(([, spec]) => spec.flag);
  const fileOnly = Object.entries(OPTIONS).filter(([, spec]) => !spec.flag);
  const row = (key: string, spec: OptionSpec) => [flagText(spec), spec.env ?? "", key, spec.default, spec.description];
  const rows = [
    ["flag", "environment", "config key", "default", "meaning"],
    ...flagged.map(([key, spec]) => row(key, spec)),
    row("", CONFIG_FILE_OPTION),
    ...fileOnly.map(([key, spec]) => row(key, spec)),
  ];
  const table = columns(rows);
  const credentials = columns(Object.values(CREDENTIAL_OPTIONS).map((spec) => [flagText(spec), `${spec.description} (default ${spec.default})`]));
  return [
    "usage:",
    ...columns(COMMANDS).map((line) => `  ${line}`),
    "",
    "options of start (clouds-yaml and env read --seed, --region, --host, --port and --config):",
    ...table.slice(0, flagged.length + 2).map((line) => `  ${line}`),
    "in a config file only:",
    ...table.slice(flagged.length + 2).map((line) => `  ${line}`),
    "Flags win over the environment, which wins over the config file.",
    "",
    "options of clouds-yaml and env:",
    ...credentials.map((line) => `  ${line}`),
    "",
  ].join("\n");
}

/** `--port N`, or `--frozen-clock` for a switch. */
export function flagText(spec: OptionSpec): string {
  return spec.value ? `${spec.flag} ${spec.value}` : (spec.flag ?? "");
}

/** Rows of cells as lines whose columns line up (two spaces between them; the last is not padded). */
function columns(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] + 2))).join("").trimEnd());
}

/** The version in the first package.json named skymock above this module (src/cli/ or dist/). */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "skymock" && pkg.version) return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) return "unknown";
    dir = parent;
  }
}
