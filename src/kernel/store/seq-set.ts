// A group's rows as a sorted set of their table sequence numbers: a small B-tree of plain arrays, a leaf
// holding up to 64 numbers and a branch up to 64 children, so a member costs about 9 bytes and a group
// lists its rows in the table's own order. A set never changes: every write answers a new one that shares
// all but one path with the old, each node frozen. Immer walks a new value that a recipe stores for drafts
// inside it, and stops at a frozen one, so storing a set whose untouched nodes are frozen costs the path.

import { latest } from "./draft-read.js";

const CAP = 64;

/**
 * A leaf: members in ascending order. A branch: children in ascending order, none empty. Frozen, never
 * changed (typed mutable only so that a store draft can hold one).
 */
export type SeqNode = number[] | SeqNode[];
export interface SeqSet {
  size: number;
  root: SeqNode;
}

const isLeaf = (node: SeqNode): node is number[] => typeof node[0] === "number";

/** The smallest member under a node. */
function low(node: SeqNode): number {
  while (!isLeaf(node)) node = node[0]!;
  return node[0]!;
}

/** The child of a branch where `seq` belongs: the last whose smallest member is at most `seq` (else the first). */
function childFor(branch: SeqNode[], seq: number): number {
  let lo = 1;
  let hi = branch.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (low(branch[mid]!) <= seq) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The first position in a leaf whose member is at least `seq`. */
function lowerBound(leaf: number[], seq: number): number {
  let lo = 0;
  let hi = leaf.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (leaf[mid]! < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const frozen = <T>(list: T[]): T[] => Object.freeze(list) as T[];

/** The set of these members, given in ascending order without repeats. */
export function seqSetOf(seqs: number[]): SeqSet {
  let level: SeqNode[] = [];
  for (let i = 0; i < seqs.length; i += CAP) level.push(frozen(seqs.slice(i, i + CAP)));
  if (level.length === 0) throw new Error("a sequence set holds at least one member");
  while (level.length > 1) {
    const up: SeqNode[] = [];
    for (let i = 0; i < level.length; i += CAP) up.push(frozen(level.slice(i, i + CAP)) as SeqNode);
    level = up;
  }
  return Object.freeze({ size: seqs.length, root: level[0]! });
}

export function seqHas(set: SeqSet, seq: number): boolean {
  let node = latest(set).root;
  while (!isLeaf(node)) node = node[childFor(node, seq)]!;
  return node[lowerBound(node, seq)] === seq;
}

/** The set with `seq` added (the same set when it holds it already). */
export function seqAdd(given: SeqSet, seq: number): SeqSet {
  const set = latest(given);
  const parts = addTo(set.root, seq);
  if (parts === undefined) return given;
  const root = parts.length === 1 ? parts[0]! : (frozen(parts) as SeqNode);
  return Object.freeze({ size: set.size + 1, root });
}

/** The node with `seq` added, as one node or two once it overflows; undefined when it holds `seq` already. */
function addTo(node: SeqNode, seq: number): SeqNode[] | undefined {
  if (isLeaf(node)) {
    const i = lowerBound(node, seq);
    if (node[i] === seq) return undefined;
    const next = node.slice();
    next.splice(i, 0, seq);
    return split(next, i === node.length);
  }
  const i = childFor(node, seq);
  const parts = addTo(node[i]!, seq);
  if (parts === undefined) return undefined;
  const next = node.slice(0, i).concat(parts, node.slice(i + 1)) as SeqNode[];
  return split(next, i === node.length - 1);
}

/** One node, or two once over capacity: a node that grew at its end stays full (rows join a group last, mostly). */
function split<T>(list: T[], atEnd: boolean): SeqNode[] {
  if (list.length <= CAP) return [frozen(list) as SeqNode];
  const cut = atEnd ? CAP : list.length >> 1;
  return [frozen(list.slice(0, cut)) as SeqNode, frozen(list.slice(cut)) as SeqNode];
}

/** The set without `seq` (the same set when it does not hold it; undefined once empty). */
export function seqDelete(given: SeqSet, seq: number): SeqSet | undefined {
  const set = latest(given);
  let root = deleteFrom(set.root, seq);
  if (root === set.root) return given;
  if (root === null) return undefined;
  // a branch left with one child gives way to it
  while (!isLeaf(root) && root.length === 1) root = root[0]!;
  return Object.freeze({ size: set.size - 1, root });
}

/** The node without `seq`: the same node when it does not hold it, null once empty. */
function deleteFrom(node: SeqNode, seq: number): SeqNode | null {
  if (isLeaf(node)) {
    const i = lowerBound(node, seq);
    if (node[i] !== seq) return node;
    if (node.length === 1) return null;
    return frozen(node.slice(0, i).concat(node.slice(i + 1)));
  }
  const i = childFor(node, seq);
  const child = deleteFrom(node[i]!, seq);
  if (child === node[i]) return node;
  const next = node.slice() as SeqNode[];
  if (child === null) {
    if (node.length === 1) return null;
    next.splice(i, 1);
    return frozen(next) as SeqNode;
  }
  next[i] = child;
  // a leaf down to a quarter joins its neighbour when both fit in one
  if (isLeaf(child) && child.length < CAP / 4) {
    const j = i + 1 < next.length ? i + 1 : i - 1;
    const other = next[j];
    if (other !== undefined && isLeaf(other) && other.length + child.length <= CAP) {
      const [first, second] = j > i ? [child, other] : [other, child];
      next.splice(Math.min(i, j), 2, frozen(first.concat(second)));
    }
  }
  return frozen(next) as SeqNode;
}

/** The smallest member. */
export function seqFirst(set: SeqSet): number {
  return low(latest(set).root);
}

/**
 * The members in ascending order (descending with `reverse`), only those after `after` in that order when
 * it is given (whether or not the set holds it), walked with a stack of their own.
 */
export function* seqsFrom(set: SeqSet, after?: number, reverse = false): Generator<number> {
  const step = reverse ? -1 : 1;
  const nodes: SeqNode[][] = [];
  const at: number[] = [];
  let node = latest(set).root;
  while (!isLeaf(node)) {
    const i = after === undefined ? (reverse ? node.length - 1 : 0) : childFor(node, after);
    nodes.push(node);
    at.push(i);
    node = node[i]!;
  }
  let leaf: number[] = node;
  let j: number;
  if (after === undefined) j = reverse ? leaf.length - 1 : 0;
  else {
    const i = lowerBound(leaf, after);
    j = reverse ? i - 1 : leaf[i] === after ? i + 1 : i;
  }
  for (;;) {
    for (; j >= 0 && j < leaf.length; j += step) yield leaf[j]!;
    // up to the nearest branch with a next child, then down its edge to a leaf
    let depth = nodes.length - 1;
    while (depth >= 0 && (at[depth]! + step < 0 || at[depth]! + step >= nodes[depth]!.length)) depth--;
    if (depth < 0) return;
    at[depth] = at[depth]! + step;
    let down: SeqNode = nodes[depth]![at[depth]!]!;
    nodes.length = depth + 1;
    at.length = depth + 1;
    while (!isLeaf(down)) {
      const i = reverse ? down.length - 1 : 0;
      nodes.push(down);
      at.push(i);
      down = down[i]!;
    }
    leaf = down;
    j = reverse ? leaf.length - 1 : 0;
  }
}

/** Freezes a set that arrived from outside (an imported snapshot's JSON), node by node, in place. */
export function freezeSeqSet(set: SeqSet): void {
  const walk = (node: SeqNode): void => {
    if (Object.isFrozen(node)) return;
    if (!isLeaf(node)) node.forEach(walk);
    Object.freeze(node);
  };
  walk(set.root);
  Object.freeze(set);
}

/** What is wrong with a set as it arrived from outside (an imported snapshot), or undefined. */
export function seqSetProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return "not a set of sequence numbers";
  const { size, root } = value as { size?: unknown; root?: unknown };
  if (!Number.isInteger(size) || !Array.isArray(root)) return "not a set of sequence numbers";
  let count = 0;
  let last = -1;
  const walk = (node: unknown, depth: number): string | undefined => {
    if (!Array.isArray(node) || node.length === 0 || node.length > CAP || depth > 8) return "a set node is not valid";
    if (typeof node[0] === "number") {
      for (const seq of node) {
        if (!Number.isInteger(seq) || seq <= last) return "a set's members are not in ascending order";
        last = seq;
        count++;
      }
      return undefined;
    }
    for (const child of node) {
      const problem = walk(child, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  };
  return walk(root, 0) ?? (count === size ? undefined : "a set's size does not match its members");
}
