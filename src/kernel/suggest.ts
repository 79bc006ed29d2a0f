// "Did you mean": the known names closest to a misspelled one (a fault rule's operation, a recovery task),
// by edit distance. Bounded work whatever the input: a name longer than MAX_COMPARED is compared by its
// first MAX_COMPARED characters, so a megabyte of text costs what a long name does.

const MAX_COMPARED = 200;

/**
 * Up to `count` names of `known`, nearest first (ties in `known`'s order): none further than a quarter of
 * the name's length (at least 2 edits), nor more than 2 edits further than the nearest.
 */
export function closestNames(input: string, known: Iterable<string>, count = 3): string[] {
  const probe = input.slice(0, MAX_COMPARED).toLowerCase();
  const limit = Math.max(2, Math.ceil(probe.length / 4));
  const scored: Array<{ name: string; distance: number; at: number }> = [];
  let at = 0;
  for (const name of known) {
    const distance = editDistance(probe, name.slice(0, MAX_COMPARED).toLowerCase(), limit);
    if (distance <= limit) scored.push({ name, distance, at: at++ });
  }
  scored.sort((a, b) => a.distance - b.distance || a.at - b.at);
  const nearest = scored[0]?.distance ?? 0;
  return scored.filter((s) => s.distance <= nearest + 2).slice(0, count).map((s) => s.name);
}

/** ` Did you mean "a", "b" or "c"?` to follow a sentence of an error message, or "" when nothing is close. */
export function didYouMean(input: string, known: Iterable<string>): string {
  const names = closestNames(input, known).map((n) => JSON.stringify(n));
  if (names.length === 0) return "";
  return ` Did you mean ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`}?`;
}

/** Levenshtein distance with adjacent transpositions, or `limit + 1` once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}
