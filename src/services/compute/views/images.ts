// Image records through the compute proxy (nova/api/openstack/compute/views/images.py): the summary and
// the full record with Nova's status and progress, size, metadata, links (with the Glance `alternate`) and
// `server` for snapshots.

import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { isoSeconds } from "../../../kernel/time.js";
import type { Image } from "../../image/for-compute.js";
import { apiImageStatus } from "../operations/images.js";
import { resourceLinks } from "./collection.js";

function imageLinks(c: Ctx, image: Image) {
  return [
    ...resourceLinks(c, "images", image.id),
    { rel: "alternate", type: "application/vnd.openstack.image", href: `${baseUrl(c)}/image/images/${image.id}` },
  ];
}

export function imageSummary(c: Ctx, image: Image): Record<string, unknown> {
  return { id: image.id, name: image.name, links: imageLinks(c, image) };
}

const PROGRESS: Partial<Record<Image["status"], number>> = { queued: 25, saving: 50, active: 100 };

export function imageView(c: Ctx, image: Image): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: image.id,
    name: image.name,
    status: apiImageStatus(image),
    progress: PROGRESS[image.status] ?? 0,
    minDisk: image.minDisk,
    minRam: image.minRam,
    created: isoSeconds(image.createdAt),
    updated: isoSeconds(image.updatedAt),
    metadata: { ...image.metadata },
    "OS-EXT-IMG-SIZE:size": image.size,
    links: imageLinks(c, image),
  };
  if (image.serverId) view.server = { id: image.serverId, links: resourceLinks(c, "servers", image.serverId) };
  return view;
}
