// The package's entry for in-process use (`import { createEmulator } from "skymock"`), typed with the
// public interfaces of api.ts: the assignment below fails to compile if the emulator stops matching them.

import { createEmulator as create } from "./app.js";
import type { DomainEvent, Emulator, EmulatorOptions, EventType, SecurityComplianceOptions, SkymockConfig } from "./api.js";
import type { EmulatorOptions as ConfigOptions, OptionKey, OptionsInput } from "./config.js";
import type { EventOf } from "./kernel/events.js";
import type { Assert, Equals, Flat } from "./kernel/type-equals.js";

export type * from "./api.js";

/**
 * The emulator, its events as the public type states them. The compiler cannot follow the bus's generic
 * subscribe into the public one, so they are compared event type by event type below (and the payloads in
 * control/journals.ts); the assignment checks everything else.
 */
type WithPublicEvents = (options?: Parameters<typeof create>[0]) => Omit<ReturnType<typeof create>, "events"> & Pick<Emulator, "events">;
export const createEmulator: (options?: EmulatorOptions) => Emulator = create as unknown as WithPublicEvents;

/** An event with its payload as one plain object. */
type Plain<E> = E extends { payload: infer P } ? Flat<Omit<E, "payload"> & { payload: Flat<P> }> : never;
// what a subscriber to each event type gets in-process is what the public type promises
type _SameEvents = Assert<Equals<{ [K in EventType]: Plain<EventOf<K>> }, { [K in EventType]: Plain<DomainEvent<K>> }>>;

/** What the options schema takes (config.ts), without the kernel tests' own service list. */
type SchemaOptions = Omit<ConfigOptions, "services">;
/** A config file's: JavaScript tasks cannot come through a file, only module paths. */
type SchemaConfigFile = Omit<SchemaOptions, "instanceHa"> & { instanceHa?: Omit<NonNullable<SchemaOptions["instanceHa"]>, "customTasks"> & { customTasks?: string[] } };

/**
 * The keys of T at every depth of its objects (lists looked into); values that are not objects, and what
 * a coerced number takes (unknown), as never.
 */
type KeysDeep<T> = T extends readonly (infer E)[]
  ? KeysDeep<E>
  : T extends (...args: never[]) => unknown
    ? never
    : T extends object
      ? [keyof T] extends [never] ? never : { [K in keyof T]-?: KeysDeep<NonNullable<T[K]>> }
      : never;

// every option the emulator parses is in the public types, and no other, at every depth (so a misspelt key
// does not compile for users); every value they allow is one the schema takes (its coerced numbers take more)
type _SameOptions = Assert<Equals<KeysDeep<EmulatorOptions>, KeysDeep<SchemaOptions>>>;
type _OptionValues = Assert<EmulatorOptions extends SchemaOptions ? true : false>;
type _SameConfigFile = Assert<Equals<KeysDeep<SkymockConfig>, KeysDeep<SchemaConfigFile>>>;
type _ConfigFileValues = Assert<SkymockConfig extends SchemaConfigFile ? true : false>;
type _OptionKeys = Assert<Equals<keyof SkymockConfig, OptionKey>>;
// and the security compliance object is the one the config schema parses
type _SameSecurityCompliance = Assert<Equals<SecurityComplianceOptions, NonNullable<OptionsInput["securityCompliance"]>>>;
