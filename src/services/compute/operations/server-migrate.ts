// migrate (cold, admin: a resize to the same flavor on another host, confirmed or reverted as a resize is)
// and os-migrateLive (admin: the server keeps running, task `migrating`, and lands on another host), with
// the live migration's force_complete (2.22) and abort (2.24) on its migration record.

import { get } from "../../../kernel/store/table.js";
import type { OperationContext } from "../../../kernel/operation.js";
import type { ComputeHost, ComputeState, Server } from "../state.js";
import type { MigrationRecord } from "../server-records.js";
import { badRequest, forbidden, itemNotFound } from "../errors.js";
import type { ServerStepApplier, ServerStepDef, StepContext } from "../lifecycle.js";
import { claimHost, setServerHost, hasRoom, isUp } from "./hosts.js";
import { assertUnlocked, begin, checkAction, checkHostUp, checkState, onItsHost, settle } from "./server-action-rules.js";
import { rebindPorts, startMove } from "./server-resize.js";
import { closeActionEvents } from "./server-instance-actions.js";
import { currentMigration, migrationStatus, otherHost, startMigration } from "./migrations.js";
import { rareOf, setRare } from "../server-rare.js";

const noValidHost = () => badRequest("No valid host was found. There are not enough hosts available.");

function adminOnly(ctx: OperationContext, policy: string): void {
  if (!ctx.caller.isAdmin) throw forbidden(`Policy doesn't allow os_compute_api:os-migrate-server:${policy} to be performed.`);
}

/** The host asked for: it must exist and be another one. */
function wantedHost(s: ComputeState, name: string): ComputeHost {
  const host = get(s.hosts, name);
  if (!host) throw badRequest(`Compute host ${name} could not be found.`);
  return host;
}

export function migrate(s: ComputeState, ctx: OperationContext, server: Server, hostName: string | undefined): void {
  adminOnly(ctx, hostName ? "migrate:host" : "migrate");
  assertUnlocked(server, ctx.caller);
  checkHostUp(s, server);
  checkState(server, "migrate", { vm: ["active", "stopped"] });
  let dest: ComputeHost | undefined;
  if (hostName !== undefined) {
    const wanted = wantedHost(s, hostName);
    if (wanted.id === server.host) throw badRequest("Cannot migrate to the host where the server exists.");
    dest = isUp(wanted) && wanted.status === "enabled" && hasRoom(wanted, server.flavor) ? wanted : undefined;
  } else {
    dest = otherHost(s, server);
  }
  if (!dest) throw noValidHost();
  startMove(s, ctx, server, dest, { id: server.flavorId, snapshot: server.flavor }, "migration");
}

export interface LiveMigrateInput {
  host: string | null;
  /** the negotiated microversion's minor number: from 2.34 pre-checks fail the migration, not the request */
  version: number;
}

export function liveMigrate(s: ComputeState, ctx: OperationContext, server: Server, input: LiveMigrateInput): void {
  adminOnly(ctx, input.host ? "migrate_live:host" : "migrate_live");
  checkAction(server, ctx.caller, "os-migrateLive", { vm: ["active", "paused"] });
  let dest: ComputeHost | undefined;
  let failure: string | undefined;
  if (input.host) {
    const wanted = wantedHost(s, input.host);
    if (wanted.id === server.host) failure = `Unable to migrate instance (${server.id}) to current host (${wanted.id}).`;
    else if (!isUp(wanted)) failure = `Compute service of ${wanted.id} is unavailable at this time.`;
    else dest = hasRoom(wanted, server.flavor) ? wanted : undefined;
  } else {
    dest = otherHost(s, server);
  }
  if (!dest && !failure) failure = "No valid host was found. There are not enough hosts available.";
  if (failure) {
    if (input.version < 34) throw badRequest(failure);
    // asynchronous pre-checks: the migration is recorded in error and the server stays where it is
    startMigration(ctx, server, { type: "live-migration", status: "error", sourceCompute: server.host, destCompute: input.host });
    migrationStatus(ctx, server, "error", true);
    closeActionEvents(ctx, server, "Error");
    return;
  }
  claimHost(s, dest!, server.flavor, 1);
  startMigration(ctx, server, { type: "live-migration", status: "running", sourceCompute: server.host, destCompute: dest!.id });
  setRare(server, "resumeState", server.vmState);
  begin(ctx, server, "live_migrating", "migrating");
}

/** The live migration the server is in, by its id (the record must be the server's own). */
export function liveMigrationOf(s: ComputeState, server: Server, migrationId: string): MigrationRecord {
  const current = currentMigration(s, server.id);
  const found = current && String(current.number) === migrationId ? current : undefined;
  if (!found || found.type !== "live-migration") throw itemNotFound(`Migration ${migrationId} not found for instance ${server.id}`);
  return found;
}

export function forceComplete(s: ComputeState, ctx: OperationContext, server: Server, migrationId: string): void {
  assertUnlocked(server, ctx.caller);
  checkState(server, "force_complete", { vm: ["active"], task: ["migrating"] });
  const m = liveMigrationOf(s, server, migrationId);
  if (m.status !== "running") {
    throw badRequest(`Migration ${migrationId} state of instance ${server.id} is ${m.status}. Cannot force complete while the migration is in this state.`);
  }
  finishLiveMigration(s, ctx, server);
}

export function abortLiveMigration(s: ComputeState, ctx: OperationContext, server: Server, migrationId: string): void {
  assertUnlocked(server, ctx.caller);
  checkState(server, "abort live migration", { vm: ["active", "paused"], task: ["migrating"] });
  const m = liveMigrationOf(s, server, migrationId);
  if (!["running", "queued", "preparing"].includes(m.status)) {
    throw badRequest(`Migration ${migrationId} state of instance ${server.id} is ${m.status}. Cannot abort live migration while the migration is in this state.`);
  }
  if (m.destCompute) claimHost(s, m.destCompute, server.flavor, -1);
  migrationStatus(ctx, server, "cancelled", true);
  const back = rareOf(server).resumeState ?? "active";
  setRare(server, "resumeState", null);
  settle(ctx, server, back);
}

/** The server runs on the destination now: the source's claim goes, ports and volumes follow. */
function finishLiveMigration(s: ComputeState, ctx: StepContext, server: Server): void {
  const m = currentMigration(s, server.id);
  const back = rareOf(server).resumeState ?? "active";
  setRare(server, "resumeState", null);
  if (m?.destCompute && m.destCompute !== server.host) {
    if (server.host !== null) claimHost(s, server.host, server.flavor, -1);
    setServerHost(s, server, m.destCompute);
    server.availabilityZone = get(s.hosts, m.destCompute)?.zone ?? server.availabilityZone;
    rebindPorts(ctx, server);
  }
  migrationStatus(ctx, server, "completed", true);
  settle(ctx, server, back);
  closeActionEvents(ctx, server);
}

export const MIGRATE_STEPS: ServerStepDef[] = [{ from: "live_migrating", to: "live_migrated", after: (o) => o.actionMs }];

export const MIGRATE_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "live_migrating>live_migrated": onItsHost((s, ctx, server) => finishLiveMigration(s, ctx, server)),
};
