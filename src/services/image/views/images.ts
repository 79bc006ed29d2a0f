// Image catalog records -> Glance v2 image records (images-images-v2 "Show image"): custom properties at
// the top level, size and checksums null until data arrives, links relative to the API root as Glance gives them.

import { isoSeconds } from "../../../kernel/time.js";
import type { Image } from "../state.js";
import { locationsOf } from "../operations/locations.js";

export function imageView(i: Image) {
  const hasData = i.checksum !== null;
  return {
    // a server's image defaults to a snapshot of it; its own properties (a backup's image_type) win
    ...(i.serverId ? { instance_uuid: i.serverId, image_type: "snapshot" } : {}),
    ...i.metadata,
    // the stores holding the bytes (multi-store Glance): this cloud's one, once there are bytes
    ...(i.data ? { stores: "file" } : {}),
    id: i.id,
    name: i.name,
    status: i.status,
    visibility: i.visibility,
    protected: i.protected,
    os_hidden: i.osHidden,
    owner: i.ownerProjectId,
    checksum: i.checksum,
    os_hash_algo: i.osHashAlgo ?? (hasData ? "sha512" : null),
    os_hash_value: i.osHashValue,
    size: hasData || i.status === "active" ? i.size : null,
    virtual_size: null,
    min_disk: i.minDisk,
    min_ram: i.minRam,
    disk_format: i.diskFormat,
    container_format: i.containerFormat,
    created_at: isoSeconds(i.createdAt),
    updated_at: isoSeconds(i.updatedAt),
    tags: [...i.tags],
    // show_multiple_locations on (as tempest's manage_locations expects)
    locations: locationsOf(i),
    self: `/v2/images/${i.id}`,
    file: `/v2/images/${i.id}/file`,
    schema: "/v2/schemas/image",
  };
}
