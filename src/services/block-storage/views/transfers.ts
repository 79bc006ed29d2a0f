// Volume transfers on the wire (cinder/api/views/transfers.py): the summary (lists, accept), the detail
// (show, list detail) and the create answer, the only one with the auth key; from 3.55 no_snapshots, from
// 3.57 the history fields (a pending transfer has no destination yet and is not accepted).

import type { Ctx } from "../../../kernel/http/context.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import type { Microversion } from "../microversion.js";
import type { Transfer } from "../state.js";
import { resourceLinks } from "./links.js";

const WITH_SNAPSHOTS = 55;
const WITH_HISTORY = 57;

/** every link names Cinder's collection, whichever path was asked */
const links = (c: Ctx, t: Transfer) => resourceLinks(c, "os-volume-transfer", t.id);

export function transferSummary(c: Ctx, t: Transfer): Record<string, unknown> {
  return { id: t.id, volume_id: t.volumeId, name: t.name, links: links(c, t) };
}

export function transferDetail(c: Ctx, t: Transfer, version: Microversion, authKey?: string): Record<string, unknown> {
  return {
    id: t.id,
    created_at: isoMicroNoZone(t.createdAt),
    name: t.name,
    volume_id: t.volumeId,
    ...(authKey === undefined ? {} : { auth_key: authKey }),
    links: links(c, t),
    ...(version >= WITH_SNAPSHOTS ? { no_snapshots: t.noSnapshots } : {}),
    ...(version >= WITH_HISTORY ? { destination_project_id: null, source_project_id: t.sourceProjectId, accepted: false } : {}),
  };
}
