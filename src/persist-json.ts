// JSON.stringify's text of a big value, written piece by piece with a turn of the event loop every few
// milliseconds: a state save (src/persist.ts) of 10,000 servers would otherwise hold every request for the
// whole serialization. It relies on the store's rule that a state is never mutated (a write replaces the root),
// so the value it walks stays the one it started with while requests go on.

/** How long the walk runs before requests get a turn, and how much text it gathers before handing it over. */
const SLICE_MS = 8;
const PIECE_CHARS = 1 << 20;
/** steps between two readings of the time */
const CHECK_EVERY = 256;

type Frame = { array: unknown[]; i: number } | { object: Record<string, unknown>; keys: string[]; i: number; first: boolean };

/** What JSON.stringify writes nothing for in an object and null for in an array. */
const skipped = (v: unknown) => v === undefined || typeof v === "function" || typeof v === "symbol";

/** A value without objects inside: JSON.stringify does it in one go, faster than the walk. */
function isLeaf(value: object): boolean {
  if (Array.isArray(value)) {
    for (const v of value) if (typeof v === "object" && v !== null) return false;
    return true;
  }
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === "object" && v !== null) return false;
  }
  return true;
}

/**
 * Hands `write` the text JSON.stringify(value) would make (plain data: objects, arrays, strings, numbers,
 * booleans, null; toJSON is honoured), in pieces of about a MiB. Resolves with the number of characters.
 */
export async function writeJsonSliced(value: unknown, write: (text: string) => void | Promise<void>): Promise<number> {
  const stack: Frame[] = [];
  let pieces: string[] = [];
  let gathered = 0;
  let total = 0;
  const out = (text: string) => {
    pieces.push(text);
    gathered += text.length;
  };
  const flush = async () => {
    if (!gathered) return;
    const text = pieces.join("");
    pieces = [];
    total += gathered;
    gathered = 0;
    await write(text);
  };
  const emit = (v: unknown, key: string) => {
    if (typeof v === "object" && v !== null && typeof (v as { toJSON?: unknown }).toJSON === "function") v = (v as { toJSON(k: string): unknown }).toJSON(key);
    if (typeof v !== "object" || v === null || isLeaf(v)) return out(JSON.stringify(v) ?? "null");
    if (Array.isArray(v)) {
      out("[");
      stack.push({ array: v, i: 0 });
    } else {
      out("{");
      stack.push({ object: v as Record<string, unknown>, keys: Object.keys(v), i: 0, first: true });
    }
  };

  emit(value, "");
  let sliceStart = performance.now();
  for (let steps = 0; stack.length; steps++) {
    if (steps % CHECK_EVERY === 0 && performance.now() - sliceStart > SLICE_MS) {
      await flush();
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    if (gathered >= PIECE_CHARS) await flush();
    const frame = stack[stack.length - 1];
    if ("array" in frame) {
      if (frame.i === frame.array.length) {
        stack.pop();
        out("]");
        continue;
      }
      const i = frame.i++;
      if (i > 0) out(",");
      const v = frame.array[i];
      if (skipped(v)) out("null");
      else emit(v, String(i));
      continue;
    }
    if (frame.i === frame.keys.length) {
      stack.pop();
      out("}");
      continue;
    }
    const key = frame.keys[frame.i++];
    const v = frame.object[key];
    if (skipped(v)) continue;
    out(`${frame.first ? "" : ","}${JSON.stringify(key)}:`);
    frame.first = false;
    emit(v, key);
  }
  await flush();
  return total;
}
