// The contract block storage offers compute's volume proxy (Nova before 2.36: os-volumes; Nova asks Cinder,
// nova/api/openstack/compute/volumes.py): the caller's volumes in Nova's terms, create and delete by
// Cinder's own rules. Reads take the ROOT state; writes run on the root draft of compute's operation.
// Cinder's refusals are thrown as they are: compute words them as Nova does.

import type { Caller, OperationContext } from "../../kernel/operation.js";
import { get, values } from "../../kernel/store/table.js";
import { createVolume, deleteVolume } from "./operations/volumes.js";
import { sliceOf, type BlockStorageState, type Volume } from "./state.js";

type Root = Readonly<Record<string, unknown>>;

/** A volume as Nova's proxy shows it (the attachments of the volume's servers). */
export interface ProxyVolume {
  id: string;
  status: string;
  size: number;
  availabilityZone: string;
  createdAt: number;
  name: string | null;
  description: string | null;
  volumeType: string | null;
  snapshotId: string | null;
  metadata: Record<string, string>;
  attachments: Array<{ id: string; serverId: string; device: string }>;
}

function proxyOf(s: BlockStorageState, v: Volume): ProxyVolume {
  return {
    id: v.id,
    status: v.status,
    size: v.size,
    availabilityZone: v.availabilityZone,
    createdAt: v.createdAt,
    name: v.name,
    description: v.description,
    volumeType: get(s.volumeTypes, v.volumeTypeId)?.name ?? null,
    snapshotId: v.snapshotId,
    metadata: { ...v.metadata },
    attachments: v.attachments.flatMap((a) => (a.serverId && a.status === "attached" ? [{ id: a.id, serverId: a.serverId, device: a.device ?? "" }] : [])),
  };
}

const mayRead = (caller: Pick<Caller, "projectId" | "isAdmin">, v: Volume) => caller.isAdmin || v.projectId === caller.projectId;

/** The caller's project's volumes, newest first (Nova lists its project's, admins included). */
export function proxyVolumes(root: Root, caller: Pick<Caller, "projectId">): ProxyVolume[] {
  const s = sliceOf(root);
  return values(s.volumes)
    .filter((v) => v.projectId === caller.projectId)
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((v) => proxyOf(s, v));
}

export function proxyVolume(root: Root, caller: Pick<Caller, "projectId" | "isAdmin">, id: string): ProxyVolume | undefined {
  const s = sliceOf(root);
  const v = get(s.volumes, id);
  return v && mayRead(caller, v) ? proxyOf(s, v) : undefined;
}

export interface ProxyVolumeInput {
  size: number;
  name?: string | null;
  description?: string | null;
  volumeType?: string | null;
  availabilityZone?: string | null;
  snapshotId?: string | null;
  metadata?: Record<string, string>;
}

/** Creates a volume as POST /volumes would: Cinder's checks, quota, events and `creating` step. */
export function createProxyVolume(ctx: OperationContext, input: ProxyVolumeInput): ProxyVolume {
  const s = sliceOf(ctx.root);
  const v = createVolume(s, ctx, {
    name: input.name ?? null,
    description: input.description ?? null,
    size: input.size,
    volume_type: input.volumeType ?? null,
    availability_zone: input.availabilityZone ?? null,
    snapshot_id: input.snapshotId ?? null,
    metadata: input.metadata ?? null,
  });
  return proxyOf(s, v);
}

/** Deletes by Cinder's rules (not attached, no snapshots, a deletable status). */
export function deleteProxyVolume(ctx: OperationContext, id: string): void {
  deleteVolume(sliceOf(ctx.root), ctx, id, { cascade: false, force: false });
}
