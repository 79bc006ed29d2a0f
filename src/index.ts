// Public face of the package for in-process use by test suites.

export { createEmulator, type Emulator } from "./app.js";
export type { EmulatorOptions } from "./config.js";
export type { ServiceModule } from "./kernel/service.js";
