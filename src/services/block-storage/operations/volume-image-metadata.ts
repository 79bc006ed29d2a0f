// A volume's image metadata (cinder/api/contrib/volume_image_metadata.py, the os-set_image_metadata,
// os-unset_image_metadata and os-show_image_metadata actions): keys merged in, one key removed (404 when
// absent), the whole set shown; no change while the volume is in maintenance or uploading (InvalidVolume).

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { own, withoutEntry } from "../../../kernel/own.js";
import { invalidVolumeState, itemNotFound } from "../errors.js";
import type { BlockStorageState, Volume } from "../state.js";
import { visibleVolume } from "./volumes.js";

/** Cinder's GlanceMetadataNotFound */
const glanceMetadataNotFound = (id: string) => itemNotFound(`Glance metadata for volume/snapshot ${id} cannot be found.`);

function changeable(volume: Volume, verb: "Updating" | "Deleting"): void {
  if (volume.status === "maintenance" || volume.status === "uploading") {
    throw invalidVolumeState(`${verb} volume metadata is not allowed for volumes in ${volume.status} status.`);
  }
}

export function imageMetadataOf(s: BlockStorageState, caller: Caller, id: string): Record<string, string> {
  return visibleVolume(s, caller, id).imageMetadata ?? {};
}

/** Merges `metadata` in and answers the whole set, as Cinder does. */
export function setImageMetadata(s: BlockStorageState, ctx: OperationContext, id: string, metadata: Record<string, string>): Record<string, string> {
  const volume = visibleVolume(s, ctx.caller, id);
  changeable(volume, "Updating");
  volume.imageMetadata = { ...volume.imageMetadata, ...metadata };
  volume.updatedAt = ctx.now;
  return volume.imageMetadata;
}

export function unsetImageMetadata(s: BlockStorageState, ctx: OperationContext, id: string, key: string): void {
  const volume = visibleVolume(s, ctx.caller, id);
  if (!volume.imageMetadata || own(volume.imageMetadata, key) === undefined) throw glanceMetadataNotFound(id);
  changeable(volume, "Deleting");
  const rest = withoutEntry(volume.imageMetadata, key);
  // none left: the volume shows no volume_image_metadata, as Cinder adds only a non-empty set
  volume.imageMetadata = Object.keys(rest).length > 0 ? rest : null;
  volume.updatedAt = ctx.now;
}
