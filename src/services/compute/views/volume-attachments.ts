// A server's volume attachment as os-volume_attachments shows it: the attachment's id is the volume's;
// `tag` from 2.70, `delete_on_termination` from 2.79.

import type { Microversion } from "../microversion.js";
import type { Server } from "../state.js";

export function volumeAttachmentView(server: Server, a: Server["volumesAttached"][number], mv: Microversion): Record<string, unknown> {
  const view: Record<string, unknown> = { id: a.id, volumeId: a.id, serverId: server.id, device: a.device };
  if (mv >= 70) view.tag = a.tag ?? null;
  if (mv >= 79) view.delete_on_termination = a.deleteOnTermination;
  return view;
}
