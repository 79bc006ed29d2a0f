// Values an experiment carries from one step to the next: Chaos Toolkit's `configuration` (fixed values)
// and `${name}` in a provider's strings; the emulator adds `save` on an activity, which keeps what a
// selector reaches in the reply (a volume's id, a project's) for the steps after it.

import { select } from "./select.js";

export class MissingValue extends Error {}

const REFERENCE = /\$\{([A-Za-z_][\w-]*)\}/g;

/** The provider with every `${name}` in its strings replaced; throws MissingValue naming the first unknown. */
export function substitute<T>(value: T, values: ReadonlyMap<string, string>): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      return v.replace(REFERENCE, (_, name: string) => {
        const found = values.get(name);
        if (found === undefined) throw new MissingValue(`no value named ${name} (configuration, or an earlier step's save)`);
        return found;
      });
    }
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** Keeps the first value each selector reaches; answers why not, when one reaches nothing usable. */
export function save(selectors: Record<string, string> | undefined, body: unknown, values: Map<string, string>): string | undefined {
  for (const [name, selector] of Object.entries(selectors ?? {})) {
    const found = select(body, selector)[0];
    if (typeof found !== "string" && typeof found !== "number") return `save ${name}: ${selector} reached no string or number`;
    values.set(name, String(found));
  }
  return undefined;
}
