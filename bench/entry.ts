// Bench-only bundle entry (dist/bench-store.js): the store's table functions, which the public entry does
// not export, so bench/store.mjs can time inserts and reads on the same built code the emulator runs.
export { emptyTable, put, get } from "../src/kernel/store/table.js";
