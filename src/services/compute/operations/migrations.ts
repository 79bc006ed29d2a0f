// Migration records (nova.objects.Migration; os-migrations): one per resize, cold migration, live migration
// and evacuation, its status following the move. The server's current record is found through its extras.

import { filter, get, peek, put } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import type { ComputeHost, ComputeState, Server } from "../state.js";
import type { MigrationRecord } from "../server-records.js";
import type { StepContext } from "../lifecycle.js";
import { sliceOf } from "../state.js";
import { hasRoom, isUp } from "./hosts.js";
import { rareOf } from "../server-rare.js";

type Ctx = Pick<StepContext, "now" | "root" | "ids"> & { caller: Caller | null };

export interface NewMigration {
  type: MigrationRecord["type"];
  status: string;
  sourceCompute: string | null;
  destCompute: string | null;
  newFlavorId?: string;
}

/** Records a move of the server and makes it the server's current one. */
export function startMigration(ctx: Ctx, server: Server, m: NewMigration): MigrationRecord {
  const s = sliceOf(ctx.root);
  const row: MigrationRecord = {
    id: ctx.ids.uuid(),
    number: s.nextMigrationNumber++,
    serverId: server.id,
    projectId: server.projectId,
    userId: ctx.caller?.userId || server.userId,
    type: m.type,
    status: m.status,
    sourceCompute: m.sourceCompute,
    destCompute: m.destCompute,
    sourceZone: server.availabilityZone,
    oldFlavorId: server.flavorId,
    newFlavorId: m.newFlavorId ?? server.flavorId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  put(s.migrations, row);
  const extra = get(s.serverExtras, server.id);
  if (extra) extra.migrationId = row.id;
  else put(s.serverExtras, { id: server.id, migrationId: row.id });
  return row;
}

/** The server's current migration record, if it has one. */
export function currentMigration(s: ComputeState, serverId: string): MigrationRecord | undefined {
  const id = peek(s.serverExtras, serverId)?.migrationId;
  return id ? get(s.migrations, id) : undefined;
}

/** Moves the server's current record on; `done` statuses also end it being current. */
export function migrationStatus(ctx: Pick<StepContext, "now" | "root">, server: Server, status: string, done = false): void {
  const s = sliceOf(ctx.root);
  const row = currentMigration(s, server.id);
  if (!row) return;
  row.status = status;
  row.updatedAt = ctx.now;
  if (done) get(s.serverExtras, server.id)!.migrationId = null;
}

/** Another host that can take the server: up, enabled, in its zone (if it asked for one), with room; the
 * most free RAM first, as the scheduler weighs. */
export function otherHost(s: ComputeState, server: Server): ComputeHost | undefined {
  const candidates = filter(
    s.hosts,
    (h) => h.id !== server.host && isUp(h) && h.status === "enabled" && (!rareOf(server).requestedZone || h.zone === rareOf(server).requestedZone) && hasRoom(h, server.flavor),
  );
  candidates.sort((a, b) => b.memoryMb - b.memoryMbUsed - (a.memoryMb - a.memoryMbUsed) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return candidates[0];
}
