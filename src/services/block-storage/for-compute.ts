// The contract block storage offers compute (listed after it in services.ts): what Nova's volume
// attachments need, run on the root draft of compute's own operation so the server's and the volume's
// records commit together. Errors are Cinder's (400 InvalidVolume, 404 VolumeNotFound); compute may
// translate them into Nova's words.

import type { Caller, OperationContext } from "../../kernel/operation.js";
import { get } from "../../kernel/store/table.js";
import { attach, detach } from "./operations/volume-actions.js";
import { sliceOf } from "./routes/deps.js";
import type { VolumeAttachment } from "./state.js";

type Root = Readonly<Record<string, unknown>>;

/** What compute may know of a volume: enough to refuse an attach or a boot before it writes anything. */
export interface VolumeInfo {
  id: string;
  projectId: string;
  status: string;
  size: number;
  availabilityZone: string;
  multiattach: boolean;
  bootable: boolean;
  /** servers it is attached to */
  serverIds: string[];
}

/** A volume the caller may use, or undefined (another project's counts as absent). */
export function findVolume(root: Root, caller: Pick<Caller, "projectId" | "isAdmin">, id: string): VolumeInfo | undefined {
  const s = sliceOf(root);
  const v = s && get(s.volumes, id);
  if (!v || (!caller.isAdmin && v.projectId !== caller.projectId)) return undefined;
  return {
    id: v.id,
    projectId: v.projectId,
    status: v.status,
    size: v.size,
    availabilityZone: v.availabilityZone,
    multiattach: v.multiattach,
    bootable: v.bootable,
    serverIds: v.attachments.flatMap((a) => (a.serverId ? [a.serverId] : [])),
  };
}

/** Attaches the volume to the server at `device` (the volume `in-use`), as os-attach does. */
export function attachToServer(ctx: OperationContext, volumeId: string, serverId: string, device: string, hostName: string | null): VolumeAttachment {
  return attach(sliceOf(ctx.root), ctx, volumeId, { serverId, hostName, mountpoint: device, mode: "rw" });
}

/** Detaches the volume from the server (the volume `available` once nothing else holds it). */
export function detachFromServer(ctx: OperationContext, volumeId: string, serverId: string): void {
  const s = sliceOf(ctx.root);
  const attachment = get(s.volumes, volumeId)?.attachments.find((a) => a.serverId === serverId);
  detach(s, ctx, volumeId, attachment?.id ?? `${serverId}-none`);
}
