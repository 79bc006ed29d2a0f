// The package's entry for in-process use (`import { createEmulator } from "skymock"`), typed with the
// public interfaces of api.ts: the assignment below fails to compile if the emulator stops matching them.

import { createEmulator as create } from "./app.js";
import type { Emulator, EmulatorOptions, SecurityComplianceOptions } from "./api.js";
import type { OptionKey, OptionsInput } from "./config.js";
import type { Assert, Equals } from "./kernel/type-equals.js";

export type * from "./api.js";

export const createEmulator: (options?: EmulatorOptions) => Emulator = create;

// every option the emulator parses is in the public type, and no other
type _SameOptions = Assert<Equals<keyof EmulatorOptions, OptionKey>>;
// and the security compliance object is the one the config schema parses
type _SameSecurityCompliance = Assert<Equals<SecurityComplianceOptions, NonNullable<OptionsInput["securityCompliance"]>>>;
