// Reading a store structure inside a recipe without drafting what is only read. Immer makes a draft (a
// proxy) of every object a recipe touches, reads included: a lookup that walks a hash bucket through a draft
// makes a proxy of each entry it compares. `latest(x)` answers the object a draft stands for as it is now
// (its copy if the recipe changed it, else its base), or x itself when it is not a draft, so a walk can
// compare and descend on plain data and make drafts only of what it hands back to be changed.
//
// This reads immer's draft state (the `immer-state` symbol, `copy_`/`base_`), as immer's own `latest` does;
// the store tests fail if an immer upgrade changes them.

const DRAFT_STATE = Symbol.for("immer-state");

interface DraftState {
  copy_: unknown;
  base_: unknown;
}

export function latest<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  const state = (value as { [DRAFT_STATE]?: DraftState })[DRAFT_STATE];
  return state === undefined ? value : ((state.copy_ || state.base_) as T);
}

/** Whether `value` is an immer draft (the same answer as immer's isDraft). */
export function isDraftValue(value: unknown): boolean {
  return value !== null && typeof value === "object" && (value as { [DRAFT_STATE]?: DraftState })[DRAFT_STATE] !== undefined;
}
