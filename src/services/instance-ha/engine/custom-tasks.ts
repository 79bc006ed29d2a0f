// JavaScript custom tasks (the spec's BaseTask): module paths from a config file, or task objects and
// factories handed to createEmulator(). Modules load synchronously at start (Node's require() of an ES
// module, which Node 22.12+ allows for modules without top-level await), so createEmulator stays synchronous
// and a bad module is a configuration error before the emulator serves anything.

import { createRequire } from "node:module";
import { isAbsolute, resolve } from "node:path";
import type { CustomTaskSource } from "./config.js";
import type { BaseTask } from "./task.js";
import type { TaskFactory } from "./flows.js";

const load = createRequire(import.meta.url);

const isTask = (v: unknown): v is BaseTask =>
  !!v && typeof v === "object" && typeof (v as BaseTask).name === "string" && typeof (v as BaseTask).execute === "function";

/** A task object is shared by every try (keep it stateless); a function makes a fresh one per try. */
function factoryOf(source: unknown, where: string): [string, TaskFactory] {
  if (typeof source === "function") {
    const sample = (source as TaskFactory)();
    if (!isTask(sample)) throw new Error(`${where}: the function does not return a task (an object with a name and execute())`);
    return [sample.name, source as TaskFactory];
  }
  if (isTask(source)) return [source.name, () => source];
  throw new Error(`${where}: not a task (an object with a name and execute(), or a function returning one)`);
}

function fromModule(path: string): unknown[] {
  const file = isAbsolute(path) ? path : resolve(path);
  let mod: { default?: unknown };
  try {
    mod = load(file) as { default?: unknown };
  } catch (error) {
    throw new Error(`instanceHa.customTasks: cannot load ${file}: ${(error as Error).message.split("\n")[0]}`);
  }
  const exported = mod.default ?? mod;
  return Array.isArray(exported) ? exported : [exported];
}

/** The tasks by name; throws naming the source of a bad or duplicate one. */
export function loadCustomTasks(sources: readonly CustomTaskSource[] | Record<string, TaskFactory> | undefined): Record<string, TaskFactory> {
  if (!sources) return {};
  if (!Array.isArray(sources)) return { ...(sources as Record<string, TaskFactory>) };
  const out: Record<string, TaskFactory> = {};
  sources.forEach((source, i) => {
    const items = typeof source === "string" ? fromModule(source).map((t) => [t, `instanceHa.customTasks: ${source}`] as const) : [[source, `instanceHa.customTasks[${i}]`] as const];
    for (const [item, where] of items) {
      const [name, factory] = factoryOf(item, where);
      if (out[name]) throw new Error(`${where}: a task named ${name} is registered twice`);
      out[name] = factory;
    }
  });
  return out;
}
