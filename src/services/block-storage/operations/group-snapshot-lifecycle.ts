// The group snapshot lifecycle (type `block-storage.group-snapshot`) on the virtual clock: creating ->
// available and deleting -> gone, each `volumeMs`, its member snapshots with it; a redirect elsewhere is an error.

import { get } from "../../../kernel/store/table.js";
import { runOperation } from "../../../kernel/operation.js";
import type { Kernel } from "../../../kernel/kernel.js";
import type { BlockStorageOptions } from "../options.js";
import { sliceOf } from "../state.js";
import { finishGroupSnapshotStep, GROUP_SNAPSHOT } from "./group-snapshots.js";

export function startGroupSnapshotLifecycle(kernel: Kernel, options: BlockStorageOptions): void {
  const defs = [
    { type: GROUP_SNAPSHOT, from: "creating", to: "available", afterMs: options.volumeMs },
    { type: GROUP_SNAPSHOT, from: "deleting", to: "deleted", afterMs: options.volumeMs },
  ];
  kernel.transitions.register(defs, (id, from, to) =>
    runOperation(kernel, null, (ctx) => {
      const s = sliceOf(ctx.root);
      const found = s.groupSnapshots && get(s.groupSnapshots, id);
      if (!found || found.status !== from) return false;
      finishGroupSnapshotStep(s, ctx, found, from, to);
      return true;
    }),
  );
}
