// What a SkymockContainer's builders make of the container, as data: the SKYMOCK_* environment the image
// reads (src/config.ts ENV_VARS) and the files to copy in (a seed world, a config file). Pure: no Docker.

import type { FaultRuleInput, SkymockConfig, WorldDocument } from "../client/index.js";

/** The port the image listens on (SKYMOCK_PORT). */
export const SKYMOCK_PORT = 8480;
/** Where seed and config files go in the container (writable and readable by the image's `node` user). */
export const FILES_DIR = "/tmp/skymock";

export interface SkymockSettings {
  /** a scenario name, or a world document (object or YAML/JSON text) */
  seed?: { scenario: string } | { document: WorldDocument | string };
  timeFactor?: number;
  frozenClock?: boolean;
  randomSeed?: number;
  /** the control API's secret (SKYMOCK_CONTROL_TOKEN) */
  controlToken?: string;
  faults?: FaultRuleInput[];
  /** options as an object, or YAML/JSON text (what `skymock start --config` reads) */
  config?: SkymockConfig | string;
}

export interface ContainerSetup {
  environment: Record<string, string>;
  files: Array<{ content: string; target: string }>;
}

export function containerSetup(settings: SkymockSettings): ContainerSetup {
  const environment: Record<string, string> = { SKYMOCK_HOST: "0.0.0.0", SKYMOCK_PORT: String(SKYMOCK_PORT) };
  const files: ContainerSetup["files"] = [];
  const seed = settings.seed;
  if (seed && "scenario" in seed) environment.SKYMOCK_SEED = seed.scenario;
  if (seed && "document" in seed) {
    const text = typeof seed.document === "string";
    const target = `${FILES_DIR}/seed.${text ? "yaml" : "json"}`;
    files.push({ content: text ? (seed.document as string) : JSON.stringify(seed.document, null, 2), target });
    environment.SKYMOCK_SEED = target;
  }
  if (settings.timeFactor !== undefined) environment.SKYMOCK_TIME_FACTOR = String(settings.timeFactor);
  if (settings.frozenClock !== undefined) environment.SKYMOCK_FROZEN_CLOCK = String(settings.frozenClock);
  if (settings.randomSeed !== undefined) environment.SKYMOCK_RANDOM_SEED = String(settings.randomSeed);
  if (settings.controlToken !== undefined) environment.SKYMOCK_CONTROL_TOKEN = settings.controlToken;
  const config = configFile(settings.config, settings.faults ?? []);
  if (config !== undefined) {
    files.push(config);
    environment.SKYMOCK_CONFIG = config.target;
  }
  return { environment, files };
}

/** The control token the started container asks for: withControlToken()'s, else a config object's. */
export function controlTokenOf(settings: SkymockSettings): string | undefined {
  if (settings.controlToken !== undefined) return settings.controlToken;
  const config = settings.config;
  return config && typeof config === "object" && typeof config.controlToken === "string" ? config.controlToken : undefined;
}

/** The config file: the given config with the fault rules added under `faults` (YAML text cannot be merged). */
function configFile(config: SkymockSettings["config"], faults: FaultRuleInput[]): ContainerSetup["files"][number] | undefined {
  if (config === undefined && faults.length === 0) return undefined;
  if (typeof config === "string" && faults.length === 0) return { content: config, target: `${FILES_DIR}/config.yaml` };
  let options: SkymockConfig = {};
  if (typeof config === "string") {
    try {
      options = JSON.parse(config) as SkymockConfig;
    } catch {
      throw new Error("skymock: withFaults() cannot be combined with a YAML withConfig() text; put the rules under `faults:` in it, or pass the config as an object.");
    }
  } else if (config !== undefined) options = config;
  const given = Array.isArray(options.faults) ? options.faults : [];
  const merged = faults.length ? { ...options, faults: [...given, ...faults] } : options;
  return { content: JSON.stringify(merged, null, 2), target: `${FILES_DIR}/config.json` };
}
