// A JSONPath-like selector for experiment tolerances: `$.servers[*].status`, `$.notifications[0].status`,
// `$.servers[?(@.status=='ACTIVE')]`, `$.hypervisors[?(@.state!='up')].hypervisor_hostname`. A subset of
// JSONPath (Goessner): members, indexes (negative from the end), `[*]`, and one `==`/`!=` filter per step.

type Step = { kind: "member"; name: string } | { kind: "index"; index: number } | { kind: "all" } | { kind: "filter"; path: string[]; op: "==" | "!="; value: unknown };

const STEP = /^(?:\.([A-Za-z_$][\w$-]*)|\[(-?\d+)\]|\[\*\]|\.\*|\['([^']*)'\]|\[\?\(@((?:\.[A-Za-z_$][\w$-]*)+)\s*(==|!=)\s*('[^']*'|"[^"]*"|-?\d+(?:\.\d+)?|true|false|null)\)\])/;

/** Parses a selector; throws a RangeError naming where it stops making sense. */
export function parseSelector(selector: string): Step[] {
  if (!selector.startsWith("$")) throw new RangeError(`selector ${JSON.stringify(selector)} starts with $ (the response body).`);
  const steps: Step[] = [];
  let rest = selector.slice(1);
  while (rest.length > 0) {
    const m = STEP.exec(rest);
    if (!m) throw new RangeError(`selector ${JSON.stringify(selector)}: cannot read ${JSON.stringify(rest)} (.name, [n], [*], ['name'], [?(@.field=='value')]).`);
    if (m[1] !== undefined) steps.push({ kind: "member", name: m[1] });
    else if (m[2] !== undefined) steps.push({ kind: "index", index: Number(m[2]) });
    else if (m[3] !== undefined) steps.push({ kind: "member", name: m[3] });
    else if (m[4] !== undefined) {
      const literal = m[6]!;
      const value = literal.startsWith("'") ? literal.slice(1, -1) : JSON.parse(literal);
      steps.push({ kind: "filter", path: m[4].slice(1).split("."), op: m[5] as "==" | "!=", value });
    } else steps.push({ kind: "all" });
    rest = rest.slice(m[0].length);
  }
  return steps;
}

/** The values the selector reaches in `body`, in document order (none when a step finds nothing). */
export function select(body: unknown, selector: string): unknown[] {
  let current: unknown[] = [body];
  for (const step of parseSelector(selector)) {
    const next: unknown[] = [];
    for (const v of current) {
      if (step.kind === "member") {
        if (isRecord(v) && Object.hasOwn(v, step.name)) next.push(v[step.name]);
      } else if (step.kind === "index") {
        if (Array.isArray(v)) {
          const i = step.index < 0 ? v.length + step.index : step.index;
          if (i >= 0 && i < v.length) next.push(v[i]);
        }
      } else if (step.kind === "all") {
        if (Array.isArray(v)) next.push(...v);
        else if (isRecord(v)) next.push(...Object.values(v));
      } else if (Array.isArray(v)) {
        for (const item of v) {
          const field = step.path.reduce<unknown>((o, k) => (isRecord(o) && Object.hasOwn(o, k) ? o[k] : undefined), item);
          if ((field === step.value) === (step.op === "==")) next.push(item);
        }
      }
    }
    current = next;
  }
  return current;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
