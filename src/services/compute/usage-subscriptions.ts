// What os-simple-tenant-usage keeps of a server beyond its record: its launch (the first time it is
// active) and its end (deletion), written after the lifecycle commits them. Reads first, so the many
// state changes that change nothing here cost no write.

import type { Kernel } from "../../kernel/kernel.js";
import { runOperation } from "../../kernel/operation.js";
import { get } from "../../kernel/store/table.js";
import { sliceOf, SLICE } from "./state.js";
import type { ComputeState } from "./state.js";

export function subscribeServerUsage(kernel: Kernel): void {
  const row = (id: string) => get(kernel.slice<ComputeState>(SLICE).serverUsage, id);
  kernel.events.subscribe("compute.server.state_changed", (event) => {
    const { id } = event.payload;
    const kept = row(id);
    if (!kept || kept.startedAt !== null) return;
    const launchedAt = get(kernel.slice<ComputeState>(SLICE).servers, id)?.launchedAt ?? null;
    if (launchedAt === null) return;
    runOperation(kernel, null, (ctx) => {
      const usage = get(sliceOf(ctx.root).serverUsage, id);
      if (usage) usage.startedAt = launchedAt;
    });
  });
  kernel.events.subscribe("compute.server.deleted", (event) => {
    const { id } = event.payload;
    if (!row(id)) return;
    runOperation(kernel, null, (ctx) => {
      const usage = get(sliceOf(ctx.root).serverUsage, id);
      if (usage) usage.endedAt = ctx.now;
    });
  });
}
