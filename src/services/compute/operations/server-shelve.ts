// shelve, shelveOffload, unshelve (nova/compute/api.py; compute manager shelve_instance,
// shelve_offload_instance, unshelve_instance): a shelve snapshots an image-backed server (`<name>-shelved`)
// and powers it off; offloading (at once when shelved_offload_time is 0, Nova's default; a volume-backed
// server always) gives its host back. Unshelving schedules an offloaded server again and drops the snapshot.

import { get, put } from "../../../kernel/store/table.js";
import type { OperationContext } from "../../../kernel/operation.js";
import { imageById, removeImage } from "../../image/for-compute.js";
import type { ComputeState, Server } from "../state.js";
import { badRequest, conflictingRequest, forbidden } from "../errors.js";
import { changeState, enterPhase, POWER, type ServerStepApplier, type ServerStepDef, type StepContext } from "../lifecycle.js";
import { claimHost, setServerHost, scheduleHost } from "./hosts.js";
import { addServerImage } from "./server-snapshot.js";
import { begin, checkAction, onItsHost, settle } from "./server-action-rules.js";
import { closeActionEvents } from "./server-instance-actions.js";
import { rebindPorts } from "./server-resize.js";
import { onBehalfOf, releaseHost } from "./server-lifecycle.js";
import { computeZones } from "./zones.js";
import { computeHooks } from "../../networking/index.js";
import { rareOf, setRare } from "../server-rare.js";

export function shelve(ctx: OperationContext, server: Server): void {
  checkAction(server, ctx.caller, "shelve", { vm: ["active", "stopped", "paused", "suspended"] });
  if (server.imageId !== null) {
    const image = addServerImage(ctx, server, `${server.name}-shelved`, "active", {
      instance_uuid: server.id,
      user_id: server.userId,
      image_type: "snapshot",
      base_image_ref: server.imageId,
    });
    setExtra(ctx, server.id, { shelvedImageId: image.id });
  }
  begin(ctx, server, "shelving", "shelving");
}

export function shelveOffload(ctx: OperationContext, server: Server): void {
  if (!ctx.caller.isAdmin) throw forbidden("Policy doesn't allow os_compute_api:os-shelve:shelve_offload to be performed.");
  checkAction(server, ctx.caller, "shelveOffload", { vm: ["shelved"] });
  begin(ctx, server, "shelving_offloading", "shelving_offloading");
}

export interface UnshelveInput {
  /** 2.77: the zone to unshelve into; 2.91: null unpins the server from any zone; undefined keeps its pin */
  zone?: string | null;
  /** 2.91 (admin): the host to unshelve onto */
  host?: string;
  version: number;
}

export function unshelve(s: ComputeState, ctx: OperationContext, server: Server, input: UnshelveInput): void {
  checkAction(server, ctx.caller, "unshelve", { vm: ["shelved", "shelved_offloaded"] });
  const { zone, host } = input;
  if ((zone !== undefined || host) && server.vmState !== "shelved_offloaded") {
    throw conflictingRequest(
      input.version >= 91
        ? `Specifying an availability zone or a host when unshelving server "${server.id}" with status "SHELVED" is not supported. The server status must be SHELVED_OFFLOADED.`
        : `Specifying an availability zone when unshelving server ${server.id} with status SHELVED is not supported. The server status must be SHELVED_OFFLOADED.`,
    );
  }
  if (zone && !computeZones(s).some((z) => z.name === zone && z.available)) throw badRequest("The requested availability zone is not available");
  const pinned = zone === undefined ? rareOf(server).requestedZone : zone;
  if (host) {
    if (!ctx.caller.isAdmin) throw forbidden("Policy doesn't allow os_compute_api:os-shelve:unshelve_to_host to be performed.");
    const target = get(s.hosts, host);
    if (!target) throw badRequest(`Compute host ${host} could not be found.`);
    if (pinned && target.zone !== pinned) throw conflictingRequest(`Host "${host}" is not in the availability zone "${pinned}".`);
  }
  setRare(server, "requestedZone", pinned);
  if (host) setExtra(ctx, server.id, { unshelveHost: host });
  begin(ctx, server, "unshelving", "unshelving");
}

function setExtra(ctx: Pick<StepContext, "root">, id: string, patch: { shelvedImageId?: string | null; unshelveHost?: string | null }): void {
  const s = ctx.root.compute as ComputeState;
  const row = get(s.serverExtras, id);
  if (row) Object.assign(row, patch);
  else put(s.serverExtras, { id, ...patch });
}

/** SHELVED_OFFLOADED: the host's claim and the port bindings are let go; the quota stays used. */
function finishOffload(s: ComputeState, ctx: StepContext, server: Server): void {
  const hooks = onBehalfOf(ctx, server) as OperationContext;
  for (const portId of server.portIds) computeHooks.clearPortBinding(hooks, portId);
  releaseHost(s, server);
  server.availabilityZone = rareOf(server).requestedZone ?? "";
  settle(ctx, server, "shelved_offloaded", POWER.SHUTDOWN);
}

/** Back to ACTIVE: an offloaded server needs a host first (none: it stays offloaded, the action in error). */
function finishUnshelve(s: ComputeState, ctx: StepContext, server: Server): void {
  if (server.host === null) {
    const { serverGroupId, requestedZone } = rareOf(server);
    const group = serverGroupId ? get(s.serverGroups, serverGroupId) : undefined;
    const host = get(s.serverExtras, server.id)?.unshelveHost ?? null;
    setExtra(ctx, server.id, { unshelveHost: null });
    const dest = scheduleHost(s, { flavor: server.flavor, zone: requestedZone, serverGroup: group ?? null, serverId: server.id, host });
    if (!dest) {
      enterPhase(ctx, server, null);
      changeState(ctx, server, { taskState: null });
      return closeActionEvents(ctx, server, "Error");
    }
    claimHost(s, dest, server.flavor, 1);
    setServerHost(s, server, dest.id);
    server.availabilityZone = dest.zone;
    rebindPorts(ctx, server);
  }
  const extra = get(s.serverExtras, server.id);
  if (extra?.shelvedImageId) {
    if (imageById(ctx.root, extra.shelvedImageId)) removeImage(ctx, extra.shelvedImageId);
    extra.shelvedImageId = null;
  }
  server.launchedAt = ctx.now;
  settle(ctx, server, "active");
}

/**
 * The phases. SHELVED rests in phase `shelved`, whose step (after shelved_offload_time; 0 at once, negative:
 * never, see transitions.ts) offloads it as Nova's periodic task does; a volume-backed server offloads at once.
 */
export const SHELVE_STEPS: ServerStepDef[] = [
  { from: "shelving", to: "shelved", after: (o) => o.actionMs },
  { from: "shelved", to: "offload_due", after: (o) => o.shelvedOffloadMs },
  { from: "shelving_offloading", to: "shelved_offloaded", after: (o) => o.actionMs },
  { from: "unshelving", to: "unshelved", after: (o) => o.actionMs },
];

export const SHELVE_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "shelving>shelved": onItsHost((_s, ctx, server) => {
    if (server.imageId === null) return begin(ctx, server, "shelving_offloading", "shelving_offloading");
    settle(ctx, server, "shelved", POWER.SHUTDOWN);
    enterPhase(ctx, server, "shelved");
  }),
  "shelved>offload_due": (_s, ctx, server) => {
    if (server.vmState === "shelved" && server.taskState === null) begin(ctx, server, "shelving_offloading", "shelving_offloading");
    else enterPhase(ctx, server, null);
  },
  "shelving_offloading>shelved_offloaded": (s, ctx, server) => finishOffload(s, ctx, server),
  "unshelving>unshelved": (s, ctx, server) => finishUnshelve(s, ctx, server),
};
