// A server create's block_device_mapping_v2 (nova/compute/api.py _validate_bdm, _check_attach_and_reserve_volume;
// nova/virt/block_device.py): every volume-destined mapping checked before anything is written (400 in Nova's
// words), then per server the given volumes attached and the image/snapshot/blank ones created through block
// storage's for-compute.ts contract, /dev/vda for the root disk and the next free letters for the others.

import type { OperationContext } from "../../../kernel/operation.js";
import { attachToServer, createVolumeForServer, findSnapshot, findVolume } from "../../block-storage/for-compute.js";
import { findImage } from "../../image/for-compute.js";
import type { Server } from "../state.js";
import { badRequest } from "../errors.js";
import { assertAttachable, ROOT_DEVICE, type AttachedVolume } from "./volume-attachments.js";

export interface BlockDevice {
  sourceType?: "volume" | "image" | "snapshot" | "blank";
  destinationType?: "volume" | "local";
  uuid?: string;
  bootIndex?: number | null;
  volumeSize?: number;
  deleteOnTermination?: boolean;
  tag?: string;
}

/** One volume a new server gets: an existing one, or one block storage creates for it. */
interface VolumePlan {
  existing?: string;
  create?: { source: "image" | "snapshot" | "blank"; sourceId?: string; size?: number };
  root: boolean;
  deleteOnTermination: boolean;
  tag: string | null;
}

export interface BlockDevicePlan {
  volumes: VolumePlan[];
  /** the zone an existing volume pins the server to when none was asked (Nova's cross_az_attach=False) */
  zone: string | null;
}

const invalidBdm = (reason: string) => badRequest(`Block Device Mapping is Invalid: ${reason}`);

/** Boot indexes must run 0, 1, 2... (imageRef standing for 0 when no mapping is the root). */
function checkBootSequence(devices: BlockDevice[], imageRef: string | undefined): void {
  const indexes = devices.flatMap((d) => (d.bootIndex !== null && d.bootIndex !== undefined && d.bootIndex >= 0 ? [d.bootIndex] : []));
  if (!indexes.includes(0) && imageRef) indexes.push(0);
  indexes.sort((a, b) => a - b);
  if (indexes.some((v, i) => v !== i)) {
    throw invalidBdm("Boot sequence for the instance and image/block device mapping combination is not valid.");
  }
}

/** Checks every mapping whose destination is a volume; nothing is written. */
export function planBlockDevices(
  ctx: OperationContext,
  devices: BlockDevice[],
  options: { imageRef?: string; count: number; zone: string | null },
): BlockDevicePlan {
  checkBootSequence(devices, options.imageRef);
  let zone = options.zone;
  const volumes: VolumePlan[] = [];
  const seen = new Set<string>();
  for (const d of devices) {
    if (d.destinationType === "local" && (d.sourceType === "volume" || d.sourceType === "snapshot")) {
      throw invalidBdm(`Mapping ${d.sourceType} to local is not supported.`);
    }
    if (d.destinationType !== "volume") continue;
    const root = d.bootIndex === 0;
    const common = { root, deleteOnTermination: d.deleteOnTermination ?? false, tag: d.tag ?? null };
    const size = d.volumeSize && d.volumeSize > 0 ? d.volumeSize : undefined;
    if (d.sourceType === "volume") {
      if (!d.uuid) throw invalidBdm("a volume mapping needs the volume's uuid.");
      const volume = findVolume(ctx.root, ctx.caller, d.uuid);
      if (!volume) throw invalidBdm(`failed to get volume ${d.uuid}.`);
      if (root && !volume.bootable) throw badRequest(`Block Device ${volume.id} is not bootable.`);
      if (seen.has(volume.id)) throw badRequest(`Invalid volume: volume ${volume.id} is mapped more than once`);
      if (options.count > 1 && !volume.multiattach) {
        throw badRequest(`Invalid volume: volume ${volume.id} cannot be attached to more than one instance as it is not multiattach`);
      }
      if (zone !== null && volume.availabilityZone !== zone) {
        throw badRequest(
          `Invalid volume: Instance and volume ${volume.id} are not in the same availability_zone. Instance is in ${zone}. Volume is in ${volume.availabilityZone}`,
        );
      }
      assertAttachable({ id: "", availabilityZone: volume.availabilityZone }, volume);
      zone ??= volume.availabilityZone;
      seen.add(volume.id);
      volumes.push({ ...common, existing: volume.id });
    } else if (d.sourceType === "snapshot") {
      if (!d.uuid || !findSnapshot(ctx.root, ctx.caller, d.uuid)) throw invalidBdm(`failed to get snapshot ${d.uuid ?? ""}.`);
      volumes.push({ ...common, create: { source: "snapshot", sourceId: d.uuid, size } });
    } else if (d.sourceType === "image") {
      if (!d.uuid || !findImage(ctx.root, d.uuid, ctx.caller)) throw invalidBdm(`failed to get image ${d.uuid ?? ""}.`);
      if (size === undefined) throw invalidBdm("Images with destination_type 'volume' need to have a non-zero size specified");
      volumes.push({ ...common, create: { source: "image", sourceId: d.uuid, size } });
    } else if (d.sourceType === "blank") {
      if (size === undefined) throw invalidBdm("Blank volumes (source: 'blank', dest: 'volume') need to have non-zero size");
      volumes.push({ ...common, create: { source: "blank", size } });
    } else {
      throw invalidBdm("a mapping needs a source_type.");
    }
  }
  return { volumes, zone };
}

/** The server's volumes: attached (and created first when the mapping asks), in the plan's order. */
export function attachBlockDevices(ctx: OperationContext, server: Server, plan: BlockDevicePlan): void {
  const taken = new Set<string>([ROOT_DEVICE]);
  let next = 1;
  const nextDevice = () => {
    while (taken.has(`/dev/vd${String.fromCharCode(97 + next)}`)) next++;
    if (next >= 26) throw badRequest("No free disk device names for prefix 'vd'");
    return `/dev/vd${String.fromCharCode(97 + next++)}`;
  };
  const entries: AttachedVolume[] = [];
  for (const v of plan.volumes) {
    const device = v.root ? ROOT_DEVICE : nextDevice();
    let id: string;
    let attachmentId: string;
    if (v.existing) {
      attachmentId = attachToServer(ctx, v.existing, server.id, device, server.host).id;
      id = v.existing;
    } else {
      ({ volumeId: id, attachmentId } = createVolumeForServer(ctx, { ...v.create!, serverId: server.id, device, hostName: server.host }));
    }
    entries.push({ id, deleteOnTermination: v.deleteOnTermination, device, tag: v.tag, attachmentId, bdmUuid: ctx.ids.uuid() });
  }
  server.volumesAttached = entries;
}
