// EvacuateInstancesTask (masakari/engine/drivers/taskflow/host_failure.py): up to host_failure_recovery_threads
// servers at a time, each locked (unless it already was), reset to error when it is mid-task, evacuated
// through compute's contract, waited for on the virtual clock until it runs elsewhere, stopped again if it
// was stopped, unlocked; a vmove records each. Targets follow the segment's recovery method.

import {
  addReservedHostToAggregate, evacuateServer, haServer, hostCanTake, lockServer, resetServerState, setComputeServiceEnabled, stopServer, unlockServer,
} from "../../../compute/for-instance-ha.js";
import { values } from "../../../../kernel/store/table.js";
import { ApiError } from "../../../../kernel/errors.js";
import { setHostFlags } from "../../operations/hosts.js";
import { sliceOf } from "../../state.js";
import type { BaseTask, TaskContext } from "../task.js";
import { TaskFailed } from "../task.js";

type Mode = "auto" | "reserved_host";

/** auto_priority tries the scheduler first, then reserved hosts; rh_priority the other way round. */
export function modesOf(recoveryMethod: string | undefined): Mode[] {
  switch (recoveryMethod) {
    case "reserved_host":
      return ["reserved_host"];
    case "auto_priority":
      return ["auto", "reserved_host"];
    case "rh_priority":
      return ["reserved_host", "auto"];
    default:
      return ["auto"];
  }
}

interface Move {
  serverId: string;
  vmoveId: string;
  /** the vm_state before recovery touched it: a stopped server ends stopped, an errored one in error */
  vmState: string;
  /** locked by its owner or an admin before: left locked */
  wasLocked: boolean;
  mode: number;
  phase: "queued" | "evacuating" | "stopping";
  target: string | null;
  deadline: number;
}

/** What one run keeps across the task's tries: the vmove of each server and its state before recovery. */
interface EvacuationMemo {
  moves: Record<string, { vmoveId: string; vmState: string; wasLocked: boolean }>;
  /** reserved hosts already taken into service for this host (in the order used) */
  reserved: string[];
}

export function evacuateHostTask(): BaseTask {
  let queue: Move[] = [];
  let inFlight: Move[] = [];
  const succeeded: string[] = [];
  const failed: string[] = [];
  let modes: Mode[] = ["auto"];
  let concluded = false;

  const memoOf = (ctx: TaskContext): EvacuationMemo => {
    const memo = (ctx.flow.evacuation as EvacuationMemo | undefined) ?? { moves: {}, reserved: [] };
    ctx.flow.evacuation = memo;
    return memo;
  };

  /** The reserved host joins the failed host's aggregates; one it cannot join (another zone) is reported, as Masakari warns. */
  const joinAggregates = (ctx: TaskContext, reserved: string): void => {
    try {
      for (const aggregate of addReservedHostToAggregate(ctx.op, ctx.hostname, reserved)) ctx.progress(`Add host ${reserved} to aggregate ${aggregate}`, 0.2);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      ctx.progress(`Host '${reserved}' could not join the aggregates of '${ctx.hostname}': ${error.message}`, 0.2);
    }
  };

  /** The next reserved host with room for the server: taken into service (enabled, no longer reserved). */
  const reservedTarget = (ctx: TaskContext, serverId: string): string | null => {
    const memo = memoOf(ctx);
    for (const name of memo.reserved) if (hostCanTake(ctx.op.root, serverId, name)) return name;
    const s = sliceOf(ctx.op.root);
    const candidates = values(s.hosts).filter((h) => h.segmentId === ctx.notification.segmentId && h.reserved && !h.onMaintenance && h.name !== ctx.hostname);
    for (const host of candidates) {
      ctx.progress(`Enabling reserved host: '${host.name}'`, 0.1);
      setComputeServiceEnabled(ctx.op, host.name, true);
      setHostFlags(s, ctx.op, host.id, { reserved: false });
      if (ctx.settings.addReservedHostToAggregate) joinAggregates(ctx, host.name);
      memo.reserved.push(host.name);
      if (hostCanTake(ctx.op.root, serverId, host.name)) return host.name;
    }
    return null;
  };

  const vmove = (ctx: TaskContext, move: Move, patch: Parameters<TaskContext["updateVMove"]>[1]) => ctx.updateVMove(move.vmoveId, patch);

  const settle = (ctx: TaskContext, move: Move, ok: boolean, message: string) => {
    const server = haServer(ctx.op.root, move.serverId);
    if (server && ok && move.vmState === "error") resetServerState(ctx.op, move.serverId, "error");
    if (server && !move.wasLocked && server.locked) unlockServer(ctx.op, move.serverId);
    vmove(ctx, move, { status: ok ? "succeeded" : "failed", message, destHost: ok ? (server?.host ?? null) : move.target });
    (ok ? succeeded : failed).push(move.serverId);
  };

  /** A try that did not work: the next mode (auto_priority, rh_priority) or failed. */
  const fallBack = (ctx: TaskContext, move: Move, message: string) => {
    if (move.mode + 1 < modes.length) {
      ctx.progress(`Evacuation of instance '${move.serverId}' failed (${message}); trying ${modes[move.mode + 1]}`, 0.5);
      queue.push({ ...move, mode: move.mode + 1, phase: "queued", target: null });
      return;
    }
    settle(ctx, move, false, message);
  };

  const start = (ctx: TaskContext, move: Move) => {
    const server = haServer(ctx.op.root, move.serverId);
    if (!server) return settle(ctx, move, false, "Instance no longer exists.");
    if (server.host !== ctx.hostname) return settle(ctx, move, true, `Instance is already on host ${server.host}.`);
    if (!server.locked) lockServer(ctx.op, server.id);
    const mode = modes[move.mode];
    let target: string | undefined;
    if (mode === "reserved_host") {
      const name = reservedTarget(ctx, server.id);
      if (!name) return fallBack(ctx, move, "No reserved host can take the instance.");
      target = name;
    }
    // Nova evacuates only from active, stopped or error with no task under way: Masakari resets the rest
    if (!["active", "stopped", "error"].includes(server.vmState) || server.taskState !== null) resetServerState(ctx.op, server.id, "error");
    try {
      const { destHost } = evacuateServer(ctx.op, server.id, target);
      move.target = destHost ?? target ?? null;
    } catch (error) {
      return fallBack(ctx, move, error instanceof Error ? error.message : String(error));
    }
    move.phase = "evacuating";
    move.deadline = ctx.op.now + ctx.settings.evacuationWaitMs;
    vmove(ctx, move, { status: "ongoing", destHost: move.target });
    inFlight.push(move);
  };

  /** One look at a move under way; true when it is over. */
  const check = (ctx: TaskContext, move: Move): boolean => {
    const server = haServer(ctx.op.root, move.serverId);
    if (!server) {
      settle(ctx, move, false, "Instance disappeared during evacuation.");
      return true;
    }
    const moved = server.host !== ctx.hostname && server.taskState === null;
    if (move.phase === "evacuating" && moved && (server.vmState === "active" || server.vmState === "stopped")) {
      if (move.vmState === "stopped" && server.vmState === "active") {
        stopServer(ctx.op, server.id);
        move.phase = "stopping";
        move.deadline = ctx.op.now + ctx.settings.powerOffWaitMs;
        return false;
      }
      settle(ctx, move, true, `Evacuated to ${server.host}.`);
      return true;
    }
    if (move.phase === "stopping" && server.vmState === "stopped" && server.taskState === null) {
      settle(ctx, move, true, `Evacuated to ${server.host}, stopped.`);
      return true;
    }
    if (move.phase === "evacuating" && server.taskState === null && server.host === ctx.hostname && server.vmState === "error") {
      fallBack(ctx, move, "Instance went to ERROR: no host could take it.");
      return true;
    }
    if (ctx.op.now >= move.deadline) {
      const what = move.phase === "stopping" ? "stopped" : "evacuated";
      settle(ctx, move, false, `Instance was not ${what} within the wait period (status ${server.status}).`);
      return true;
    }
    return false;
  };

  return {
    name: "EvacuateHost",
    detailName: "EvacuateInstancesTask",
    execute(ctx) {
      const host = ctx.hostname;
      if (ctx.poll === 0) {
        modes = modesOf(ctx.flow.recoveryMethod);
        const ids = ctx.flow.instances ?? [];
        ctx.progress(`Start evacuation of instances from failed host '${host}', instance uuids are: '${ids.join(",")}'`);
        const memo = memoOf(ctx);
        queue = ids.map((id) => {
          let known = memo.moves[id];
          if (!known) {
            const server = haServer(ctx.op.root, id);
            const record = ctx.addVMove({ serverId: id, serverName: server?.name ?? "", sourceHost: host });
            known = memo.moves[id] = { vmoveId: record.id, vmState: server?.vmState ?? "active", wasLocked: server?.locked ?? false };
          }
          return { serverId: id, ...known, mode: 0, phase: "queued", target: null, deadline: 0 };
        });
        inFlight = [];
      } else {
        inFlight = inFlight.filter((move) => !check(ctx, move));
      }
      while (inFlight.length < ctx.settings.threads && queue.length > 0) start(ctx, queue.shift()!);
      if (inFlight.length > 0 || queue.length > 0) return { again: ctx.settings.pollMs };
      // the outcome is told in a call of its own: a failure rolls back what its call wrote (the last unlocks)
      if (!concluded) {
        concluded = true;
        return { again: 0 };
      }
      if (succeeded.length > 0) ctx.progress(`Successfully evacuate instances '${[...succeeded].sort().join(",")}' from host '${host}'`, 0.7);
      if (failed.length > 0) throw new TaskFailed(`Failed to evacuate instances '${[...failed].sort().join(",")}' from host '${host}'`);
      ctx.progress("Evacuation process completed!", 1);
    },
  };
}
