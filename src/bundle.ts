// The one CommonJS bundle the package runs (dist/skymock.cjs): the library entry and the command's main.
export { createEmulator } from "./index.js";
export { main } from "./cli.js";
