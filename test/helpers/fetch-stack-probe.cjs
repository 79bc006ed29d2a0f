// Preloaded (node --require) into an emulator process by test/e2e/serving-without-fetch-stack.test.ts: when
// the process exits, it writes whether Node's fetch stack (undici: fetch, Headers, Request, Response) was
// ever loaded in it.
process.on("exit", () => {
  const loaded = process.moduleLoadList.some((name) => name.includes("undici"));
  require("node:fs").writeSync(2, `\nfetch stack loaded: ${loaded}\n`);
});
