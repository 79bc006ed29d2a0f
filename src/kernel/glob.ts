// Globs (fault rules' paths, operations and names; the events journal's type filter) matched in time linear
// in the text for a given glob, whatever the glob: a simulation of the glob's automaton over the text, never a
// regular expression, whose backtracking makes `*a*a*a*a*a*a*a*a*b` run for minutes on a short name.
// `*` matches within one path segment, `**` across segments; with `flat`, `*` matches anything.

export interface Glob {
  test(text: string): boolean;
}

/** One token of a glob: a character to match, or a star (which spans `/` when `slash`). */
type Token = number | { slash: boolean };

const cache = new Map<string, Glob>();

export function compileGlob(glob: string, flat = false): Glob {
  const key = `${flat ? "f" : "p"}:${glob}`;
  let compiled = cache.get(key);
  if (!compiled) {
    // a glob without stars is a string comparison
    compiled = glob.includes("*") ? globOf(tokenize(glob, flat)) : { test: (text) => text === glob };
    if (cache.size > 500) cache.clear();
    cache.set(key, compiled);
  }
  return compiled;
}

function tokenize(glob: string, flat: boolean): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] !== "*") {
      tokens.push(glob.charCodeAt(i));
      continue;
    }
    const double = glob[i + 1] === "*";
    if (double) i++;
    const slash = flat || double;
    const last = tokens.at(-1);
    // a run of stars is one star, spanning `/` if any of them does
    if (typeof last === "object") last.slash ||= slash;
    else tokens.push({ slash });
  }
  return tokens;
}

const SLASH = "/".charCodeAt(0);

function globOf(tokens: Token[]): Glob {
  const n = tokens.length;
  return {
    test(text) {
      // the states (token positions) the text read so far can be in; a star's state may also be passed over
      let current = new Uint8Array(n + 1);
      let next = new Uint8Array(n + 1);
      current[0] = 1;
      passStars(tokens, current);
      for (let p = 0; p < text.length; p++) {
        const ch = text.charCodeAt(p);
        next.fill(0);
        let alive = false;
        for (let i = 0; i < n; i++) {
          if (!current[i]) continue;
          const t = tokens[i]!;
          if (typeof t === "number") {
            if (t !== ch) continue;
            next[i + 1] = 1;
            alive = true;
          } else if (t.slash || ch !== SLASH) {
            next[i] = 1;
            alive = true;
          }
        }
        if (!alive) return false;
        passStars(tokens, next);
        [current, next] = [next, current];
      }
      return current[n] === 1;
    },
  };
}

/** A star may match nothing: the state after it is reachable wherever the star's is. */
function passStars(tokens: Token[], states: Uint8Array): void {
  for (let i = 0; i < tokens.length; i++) if (states[i] && typeof tokens[i] === "object") states[i + 1] = 1;
}
