// Request bodies of image members (Glance v2 images-sharing-v2): add a member, set a member's status.
// Glance reads only the key it needs and ignores the rest (openstacksdk sends the whole member back).

import * as z from "zod";

export const createMemberBody = z.object({ member: z.string().min(1).max(255) });
export const updateMemberBody = z.object({ status: z.enum(["pending", "accepted", "rejected"]) });
