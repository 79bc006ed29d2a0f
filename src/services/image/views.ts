// Image catalog records -> Glance v2 image records, custom properties at the top.

import { isoSeconds } from "../../kernel/time.js";
import type { Image } from "./state.js";

export function imageView(i: Image) {
  return {
    ...i.metadata,
    id: i.id,
    name: i.name,
    status: i.status,
    visibility: i.visibility,
    protected: false,
    os_hidden: false,
    owner: i.ownerProjectId,
    checksum: null,
    os_hash_algo: null,
    os_hash_value: null,
    size: i.status === "active" ? i.size : null,
    virtual_size: null,
    min_disk: i.minDisk,
    min_ram: i.minRam,
    disk_format: i.diskFormat,
    container_format: i.containerFormat,
    created_at: isoSeconds(i.createdAt),
    updated_at: isoSeconds(i.updatedAt),
    tags: [],
    self: `/v2/images/${i.id}`,
    file: `/v2/images/${i.id}/file`,
    schema: "/v2/schemas/image",
    ...(i.serverId ? { instance_uuid: i.serverId, image_type: "snapshot" } : {}),
  };
}
