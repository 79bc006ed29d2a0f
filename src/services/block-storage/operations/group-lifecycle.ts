// The group lifecycle (type `block-storage.group`) on the virtual clock: creating -> available, updating ->
// available (the members change then), deleting -> gone, each `volumeMs`; a redirect elsewhere is an error.

import { get } from "../../../kernel/store/table.js";
import { runOperation } from "../../../kernel/operation.js";
import type { Kernel } from "../../../kernel/kernel.js";
import type { BlockStorageOptions } from "../options.js";
import { sliceOf } from "../state.js";
import { finishGroupStep, GROUP } from "./groups.js";

export function startGroupLifecycle(kernel: Kernel, options: BlockStorageOptions): void {
  const defs = [
    { type: GROUP, from: "creating", to: "available", afterMs: options.volumeMs },
    { type: GROUP, from: "updating", to: "available", afterMs: options.volumeMs },
    { type: GROUP, from: "deleting", to: "deleted", afterMs: options.volumeMs },
  ];
  kernel.transitions.register(defs, (id, from, to) =>
    runOperation(kernel, null, (ctx) => {
      const s = sliceOf(ctx.root);
      const group = s.groups && get(s.groups, id);
      if (!group || group.status !== from) return false;
      finishGroupStep(s, ctx, group, from, to);
      return true;
    }),
  );
}
