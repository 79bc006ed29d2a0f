// `skymock/client`: a typed client of a running emulator's control API (/_emulator), over the global fetch.
// Imports nothing but node builtins, so its declarations need no dependency installed.

export { SkymockClient, type SkymockClientOptions } from "./client.js";
export { SkymockError } from "./http.js";
export type { EventWaitOptions, PollOptions, StatusWaitOptions } from "./wait.js";
export { cloudsYaml, osEnvironment } from "./clouds.js";
export type * from "./types.js";
// the emulator's options as a config file gives them (they name the fault rules of types.ts)
export type * from "./types-config.js";
