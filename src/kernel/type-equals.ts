// Compile-time checks that two types are the same (the control API's zod schemas against the typed client's
// interfaces): `type _ = Assert<Equals<A, B>>` fails `tsc` when one changes without the other.

/** true when A and B are identical (not merely assignable both ways: an extra optional field differs). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Accepts only `true`: wrap an Equals in it. */
export type Assert<T extends true> = T;

/** An intersection or interface as one plain object type, so Equals compares its members. */
export type Flat<T> = { [K in keyof T]: T[K] };
