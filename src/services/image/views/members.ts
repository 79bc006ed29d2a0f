// Image members -> Glance v2 member records (images-sharing-v2).

import { isoSeconds } from "../../../kernel/time.js";
import type { Member } from "../state.js";

export function memberView(imageId: string, m: Member) {
  return {
    created_at: isoSeconds(m.createdAt),
    image_id: imageId,
    member_id: m.memberId,
    schema: "/v2/schemas/member",
    status: m.status,
    updated_at: isoSeconds(m.updatedAt),
  };
}
