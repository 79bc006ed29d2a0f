// The bench's report: rows (figure, value, target, PASS/MISS), the table they print as, the JSON result
// file a run writes, and `--compare old.json`, which sets a run's rows beside an earlier run's.

import { readFileSync } from "node:fs";

export const f = (x, d = 1) => Number(x).toFixed(d);

/**
 * A figure with a target: PASS or MISS, never a failure of the process. `stat` (from lib.mjs spread():
 * median, min, max, rounds) goes into the JSON result, so --compare can diff the medians.
 */
export const row = (figure, value, target, pass, stat) => ({ figure, value, target, pass, ...(stat ? { stat: cleanStat(stat) } : {}) });
/** A figure shown for information. */
export const info = (figure, value, stat) => ({ figure, value, target: "(info)", pass: null, ...(stat ? { stat: cleanStat(stat) } : {}) });

const cleanStat = ({ median, min, max, rounds }) => ({ median: +median.toPrecision(5), min: +min.toPrecision(5), max: +max.toPrecision(5), rounds });

/** "median (min-max, n rounds)" of a spread, `d` decimals, `unit` after each number. */
export const med = (s, d = 1, unit = "") => `${f(s.median, d)}${unit} (${f(s.min, d)}-${f(s.max, d)}${unit}, n=${s.rounds})`;

const verdict = (pass) => (pass === null || pass === undefined ? "" : pass ? "PASS" : "MISS");

/** Lines of cells as padded columns, a rule under the first. */
function columns(lines) {
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const text = (l) => l.map((cell, i) => (i === l.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ");
  return [text(lines[0]), text(widths.map((w) => "-".repeat(w))), ...lines.slice(1).map(text)].join("\n");
}

/** The table of a run's rows. */
export function table(rows) {
  const lines = [["figure", "value", "target", "result"], ...rows.map((r) => [r.figure, r.value, r.target, verdict(r.pass)])];
  return columns(lines);
}

/** An earlier run's result file (the JSON this bench writes with --out). */
export function readResult(path) {
  const result = JSON.parse(readFileSync(path, "utf8"));
  if (!Array.isArray(result.rows)) throw new Error(`${path} is not a bench result (no rows)`);
  return result;
}

/**
 * This run's rows beside an earlier run's, by figure: the old and new value and verdict. Figures only one
 * run has show as such (a part not run, a figure added or renamed).
 */
export function comparison(old, rows) {
  const before = new Map(old.rows.map((r) => [r.figure, r]));
  const lines = [["figure", "before", "now", "median change", "result before -> now"]];
  for (const r of rows) {
    const o = before.get(r.figure);
    before.delete(r.figure);
    lines.push([r.figure, o ? o.value : "(not in the old run)", r.value, medianChange(o?.stat, r.stat), `${verdict(o?.pass) || "-"} -> ${verdict(r.pass) || "-"}`]);
  }
  for (const o of before.values()) lines.push([o.figure, o.value, "(not run now)", "", `${verdict(o.pass) || "-"}`]);
  return columns(lines);
}

/** The medians' difference, in percent of the old median; a spread overlap says the change may be noise. */
function medianChange(o, n) {
  if (!o || !n || !o.median) return "";
  const pct = ((n.median - o.median) / Math.abs(o.median)) * 100;
  const overlap = n.min <= o.max && o.min <= n.max;
  return `${pct >= 0 ? "+" : ""}${f(pct)}%${overlap ? " (spreads overlap)" : ""}`;
}
