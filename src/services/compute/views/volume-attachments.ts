// A server's volume attachment as os-volume_attachments shows it: the attachment's id is the volume's;
// `tag` from 2.70, `delete_on_termination` from 2.79; from 2.89 no `id`, but Cinder's `attachment_id` and the
// block device mapping's `bdm_uuid` (not in the attach answer: Nova forgot 2.89 there, and keeps it so).

import type { Microversion } from "../microversion.js";
import type { AttachedVolume, Server } from "../state.js";

export function volumeAttachmentView(server: Server, a: AttachedVolume, mv: Microversion, attachAnswer = false): Record<string, unknown> {
  const v289 = mv >= 89 && !attachAnswer;
  const view: Record<string, unknown> = v289 ? {} : { id: a.id };
  Object.assign(view, { volumeId: a.id, serverId: server.id, device: a.device });
  if (mv >= 70) view.tag = a.tag ?? null;
  if (mv >= 79) view.delete_on_termination = a.deleteOnTermination;
  if (v289) Object.assign(view, { attachment_id: a.attachmentId ?? null, bdm_uuid: a.bdmUuid ?? null });
  return view;
}
