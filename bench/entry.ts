// Bench-only bundle entry (dist/bench-store.js): internals the public entry does not export, so benches time
// the same built code the emulator runs: the store's table functions (bench/store.mjs).
export { emptyTable, put, get } from "../src/kernel/store/table.js";
// and S3's XML body reader (bench/s3-xml.mjs)
export { parseXml } from "../src/services/s3/xml-reader.js";
export { scan } from "../src/kernel/store/table.js";
