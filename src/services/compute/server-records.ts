// The records Nova keeps beside a server's own (state.ts): its instance action log (os-instance-actions, kept
// after the server is deleted, as Nova keeps it), its moves (os-migrations) and its system_metadata.

/** One event of an instance action (nova.objects.InstanceActionEvent): `compute_<method>` on a host. */
export interface InstanceActionEvent {
  event: string;
  startTime: number;
  finishTime: number | null;
  /** null while running, then "Success" or "Error" */
  result: string | null;
  host: string | null;
}

/** One request made on a server (nova.objects.InstanceAction), keyed by its request id. */
export interface InstanceAction {
  requestId: string;
  action: string;
  projectId: string;
  userId: string;
  startTime: number;
  updatedAt: number;
  /** "Error" when the action failed (Nova's message) */
  message: string | null;
  events: InstanceActionEvent[];
}

/** A server's log, oldest first. */
export interface InstanceActionLog {
  /** the server id */
  id: string;
  projectId: string;
  actions: InstanceAction[];
}

/** A move of a server between hosts (nova.objects.Migration). */
export interface MigrationRecord {
  /** the uuid (2.59 `uuid`) */
  id: string;
  number: number;
  serverId: string;
  projectId: string;
  userId: string;
  type: "resize" | "migration" | "live-migration" | "evacuation";
  status: string;
  sourceCompute: string | null;
  destCompute: string | null;
  sourceZone: string;
  oldFlavorId: string;
  newFlavorId: string;
  createdAt: number;
  updatedAt: number;
}

/** What the server actions keep about a server beyond its record (Nova's system_metadata), by server id. */
export interface ServerExtra {
  id: string;
  /** the snapshot a shelve took, deleted when the server is unshelved */
  shelvedImageId?: string | null;
  /** the host an unshelve asked for (2.91), until the server is placed */
  unshelveHost?: string | null;
  /** the encrypted password the guest posted (os-server-password); "" once cleared */
  password?: string;
  /** the migration record of the move under way (resize, migrate, live migration, evacuation) */
  migrationId?: string | null;
  /** a createBackup being uploaded: its image, backup_type and rotation (applied once it is active) */
  backup?: { imageId: string; type: string; rotation: number } | null;
}
