// A run's first store update (masakari/engine/manager.py before the flow): the notification's flow chosen,
// its recovery_workflow_details laid out PENDING, the notification `running` and the failed host taken out
// of service; or the notification ended at once (`ignored`, `finished`) when no flow applies.

import type { Kernel } from "../../../kernel/kernel.js";
import { runOperation, type OperationContext } from "../../../kernel/operation.js";
import { get } from "../../../kernel/store/table.js";
import { setHostFlags } from "../operations/hosts.js";
import { sliceOf, type Notification } from "../state.js";
import { flowFor, type FlowDef } from "./flows.js";
import { detailNameOf, ENGINE_CALLER, moveTo } from "./records.js";
import type { EngineSettings } from "./settings.js";
import type { FlowData } from "./task.js";

export interface BegunRun {
  flow: FlowDef;
  hostname: string;
  /** the tasks' detail names, in order */
  names: string[];
  data: FlowData;
}

/** Masakari marks the failed host on maintenance before the flow, and a reserved one no longer reserved. */
function takeHostOut(op: OperationContext, n: Notification): void {
  const s = sliceOf(op.root);
  const host = get(s.hosts, n.sourceHostUuid);
  if (host) setHostFlags(s, op, host.id, { onMaintenance: true, ...(host.reserved ? { reserved: false } : {}) });
}

/**
 * Starts the notification's run (a retry takes `new` and `error` ones, a first run only `new`); null when
 * there is none to run. Throws (nothing written) when the flow cannot be built: a target names no task.
 */
export function beginRun(kernel: Kernel, id: string, retry: boolean, settings: EngineSettings): BegunRun | null {
  return runOperation(kernel, ENGINE_CALLER, (op) => {
    const s = sliceOf(op.root);
    const n = get(s.notifications, id);
    if (!n || !(n.status === "new" || (retry && n.status === "error"))) return null;
    const chosen = flowFor(n, settings, get(s.segments, n.segmentId));
    if ("end" in chosen) {
      n.workflow.lastError = chosen.message;
      moveTo(op, n, chosen.end);
      return null;
    }
    const names = chosen.tasks.map((make) => detailNameOf(make()));
    n.workflow = {
      details: names.map((name) => ({ name, state: "PENDING", progress: 0, progressDetails: [] })),
      retries: n.workflow.retries + (retry ? 1 : 0),
      flow: chosen.name,
      startedAt: op.now,
      finishedAt: null,
      lastError: n.workflow.lastError,
    };
    moveTo(op, n, "running");
    if (chosen.name !== "instance_failure") takeHostOut(op, n);
    return { flow: chosen, hostname: n.hostname, names, data: { recoveryMethod: get(s.segments, n.segmentId)?.recoveryMethod } };
  });
}
