// evacuate (admin; nova/compute/api.py evacuate, conductor rebuild_instance): a server whose compute host is
// down is rebuilt on another host. The destination is chosen (and claimed) when the request is accepted;
// the server shows task_state `rebuilding` until it runs there. No host for it, or a rebuild there that
// fails: ERROR, still on the source host. Asked at 2.95 or later, the server ends stopped on its destination;
// before (and from instance HA, which asks at its own older microversion), a stopped server stays stopped and
// any other comes back active.

import { get } from "../../../kernel/store/table.js";
import type { OperationContext } from "../../../kernel/operation.js";
import type { ComputeHost, ComputeState, Server, ServerFault } from "../state.js";
import type { ServerStepApplier, ServerStepDef, StepContext } from "../lifecycle.js";
import { badRequest, forbidden, itemNotFound } from "../errors.js";
import { claimHost, setServerHost, hasRoom, isUp, scheduleHost } from "./hosts.js";
import { failServer, noValidHostFault, serverErrorFault } from "./server-lifecycle.js";
import { begin, checkHost, checkState, settle } from "./server-action-rules.js";
import { rebindPorts, releaseMigration } from "./server-resize.js";
import { migrationStatus, startMigration } from "./migrations.js";
import { rareOf, rareToWrite, tidyRare } from "../server-rare.js";

export interface EvacuateInput {
  host?: string;
  adminPass?: string;
  onSharedStorage?: boolean;
  /** 2.95: stop the server on its destination (Nova's target_state) */
  stopAtDestination?: boolean;
}

const PASSWORD_CHARS = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Returns the admin password the rebuilt server gets (null on shared storage: the disk is kept). */
export function evacuate(s: ComputeState, ctx: OperationContext, server: Server, input: EvacuateInput): string | null {
  if (!ctx.caller.isAdmin) throw forbidden("Policy doesn't allow os_compute_api:os-evacuate to be performed.");
  checkState(server, "evacuate", { vm: ["active", "stopped", "error"] });
  checkHost(server);
  const source = get(s.hosts, server.host ?? "");
  if (!source) throw itemNotFound(`Compute host ${server.host} could not be found.`);
  if (isUp(source)) throw badRequest(`Compute service of ${source.id} is still in use.`);
  if (input.onSharedStorage && input.adminPass !== undefined) throw badRequest("admin password can't be changed on existing disk");
  let dest: ComputeHost | undefined;
  if (input.host !== undefined) {
    const wanted = get(s.hosts, input.host);
    if (!wanted) throw itemNotFound(`Compute host ${input.host} could not be found.`);
    if (wanted.id === source.id) throw badRequest("The target host can't be the same one.");
    // the scheduler still vets a requested host; one that cannot take the server fails the rebuild
    dest = isUp(wanted) && wanted.status === "enabled" && hasRoom(wanted, server.flavor) ? wanted : undefined;
  } else {
    const { serverGroupId, requestedZone } = rareOf(server);
    const group = serverGroupId ? get(s.serverGroups, serverGroupId) : undefined;
    dest = scheduleHost(s, { flavor: server.flavor, zone: requestedZone, serverGroup: group ?? null, serverId: server.id });
  }
  if (dest) claimHost(s, dest, server.flavor, 1);
  const rare = rareToWrite(server);
  rare.migration = {
    kind: "evacuation",
    sourceHost: source.id,
    sourceZone: server.availabilityZone,
    destHost: dest?.id ?? null,
    newFlavorId: null,
    newFlavor: null,
    ...(input.stopAtDestination ? { stopAtDestination: true } : {}),
  };
  rare.resumeState = server.vmState;
  startMigration(ctx, server, { type: "evacuation", status: "accepted", sourceCompute: source.id, destCompute: dest?.id ?? null });
  begin(ctx, server, "evacuating", "rebuilding");
  if (input.onSharedStorage) return null;
  return input.adminPass ?? password(ctx);
}

function password(ctx: OperationContext): string {
  let out = "";
  for (let i = 0; i < 12; i++) out += PASSWORD_CHARS[Math.floor(ctx.ids.random() * PASSWORD_CHARS.length)];
  return out;
}

/** The rebuild on the destination: ports bound there, the source's claim dropped; a stopped server stays stopped. */
function finishEvacuation(s: ComputeState, ctx: StepContext, server: Server): void {
  const rare = rareToWrite(server);
  const m = rare.migration?.kind === "evacuation" ? rare.migration : null;
  const before = rare.resumeState ?? "active";
  rare.migration = null;
  rare.resumeState = null;
  tidyRare(server);
  if (!m || m.destHost === null) {
    migrationStatus(ctx, server, "failed", true);
    rareToWrite(server).fault = noValidHostFault(ctx.now);
    // the rebuild never ran: its event ends in Error, as Nova's conductor records a NoValidHost
    return settle(ctx, server, "error", server.powerState, "Error");
  }
  const from = server.host;
  if (from !== null) claimHost(s, from, server.flavor, -1);
  setServerHost(s, server, m.destHost);
  server.availabilityZone = get(s.hosts, m.destHost)?.zone ?? server.availabilityZone;
  rebindPorts(ctx, server);
  server.launchedAt = ctx.now;
  migrationStatus(ctx, server, "done", true);
  settle(ctx, server, before === "stopped" || m.stopAtDestination ? "stopped" : "active");
  ctx.tx.emit("compute.server.evacuated", { id: server.id, projectId: server.projectId, from, to: m.destHost });
}

/**
 * The rebuild on the destination fails (a fault rule on compute.server.evacuate, an override to error): the
 * destination's claim is dropped, the migration `failed`, the server in ERROR on its source host, as Nova
 * moves instance.host only once the evacuation finishes (rt.finish_evacuation). That host is down, so no
 * compute.instance.error: the host's notification covers the server (and sees its evacuation fail).
 */
export function failEvacuation(s: ComputeState, ctx: StepContext, server: Server, fault: ServerFault): void {
  releaseMigration(s, server);
  migrationStatus(ctx, server, "failed", true);
  failServer(s, ctx, server, fault);
}

export const EVACUATE_STEPS: ServerStepDef[] = [{ from: "evacuating", to: "rebuilt", after: (o) => o.actionMs }];

export const EVACUATE_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "evacuating>rebuilt": (s, ctx, server) => finishEvacuation(s, ctx, server),
  "evacuating>error": (s, ctx, server) => failEvacuation(s, ctx, server, serverErrorFault(ctx.now, `Instance ${server.id} went to ERROR while evacuating.`)),
};
