// Preloaded into the emulator the soak starts (node --require): answers "memory" messages on the IPC
// channel with the process's memory after a memory-reducing full collection (V8's "last resort" GC, which
// compacts every page and gives the free ones back), so the curve shows what the emulator still holds, not
// how lazily V8 returns pages. Older Nodes ignore the flavor (a plain full GC). The channel is unref'd: it
// never keeps the process alive.

process.channel?.unref();
process.on("message", (message) => {
  if (message?.type !== "memory") return;
  globalThis.gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
  const m = process.memoryUsage();
  process.send({ type: "memory", id: message.id, rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers });
});
