// The bench's report: rows (figure, value, target, PASS/MISS), the table they print as, the JSON result
// file a run writes, and `--compare old.json`, which sets a run's rows beside an earlier run's.

import { readFileSync } from "node:fs";

export const f = (x, d = 1) => Number(x).toFixed(d);

/** A figure with a target: PASS or MISS, never a failure of the process. */
export const row = (figure, value, target, pass) => ({ figure, value, target, pass });
/** A figure shown for information. */
export const info = (figure, value) => ({ figure, value, target: "(info)", pass: null });

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
  const lines = [["figure", "before", "now", "result before -> now"]];
  for (const r of rows) {
    const o = before.get(r.figure);
    before.delete(r.figure);
    lines.push([r.figure, o ? o.value : "(not in the old run)", r.value, `${verdict(o?.pass) || "-"} -> ${verdict(r.pass) || "-"}`]);
  }
  for (const o of before.values()) lines.push([o.figure, o.value, "(not run now)", `${verdict(o.pass) || "-"}`]);
  return columns(lines);
}
