// Image members (Glance v2 images-sharing-v2): the owner shares a `shared` image with a project, the member
// project accepts or rejects it, the owner removes it. A member sees only its own membership.

import { own, withoutEntry } from "../../../kernel/own.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { conflict, forbidden, notFound, overLimit } from "../errors.js";
import { membershipOf, owns, type Image, type ImageState, type Member, type MemberStatus } from "../state.js";
import { ownedImage, visibleImage } from "./images.js";

/** Glance's image_member_quota default */
const MAX_MEMBERS = 128;

const memberNotFound = (imageId: string, memberId: string) => notFound(`Member ${memberId} not found for image ${imageId}`);

function sharedImage(image: Image): Image {
  if (image.visibility !== "shared") throw forbidden(`Only shared images have members.`);
  return image;
}

export function addMember(s: ImageState, ctx: OperationContext, id: string, memberId: string): Member {
  const image = sharedImage(ownedImage(s, ctx.caller, id, "share"));
  if (own(image.members, memberId)) throw conflict(`Member ${memberId} already exists for image ${id}`);
  if (Object.keys(image.members).length >= MAX_MEMBERS) throw overLimit(`Maximum number of members exceeded: ${MAX_MEMBERS}`);
  const member: Member = { memberId, status: "pending", createdAt: ctx.now, updatedAt: ctx.now };
  image.members = { ...image.members, [memberId]: member };
  ctx.tx.emit("image.member.created", { imageId: id, projectId: image.ownerProjectId, memberId });
  return member;
}

/** Only the member project itself accepts or rejects (the owner gets 403, as in Glance). */
export function setMemberStatus(s: ImageState, ctx: OperationContext, id: string, memberId: string, status: MemberStatus): Member {
  const image = visibleImage(s, ctx.caller, id);
  const member = own(image.members, memberId);
  if (!member || (!ctx.caller.isAdmin && !owns(ctx.caller, image) && memberId !== ctx.caller.projectId)) throw memberNotFound(id, memberId);
  if (memberId !== ctx.caller.projectId) throw forbidden(`You are not permitted to modify 'status' on this image member.`);
  member.status = status;
  member.updatedAt = ctx.now;
  ctx.tx.emit("image.member.updated", { imageId: id, projectId: image.ownerProjectId, memberId, status });
  return member;
}

export function deleteMember(s: ImageState, ctx: OperationContext, id: string, memberId: string): void {
  const image = visibleImage(s, ctx.caller, id);
  if (!own(image.members, memberId)) throw memberNotFound(id, memberId);
  if (!owns(ctx.caller, image)) throw forbidden(`You are not permitted to delete members of image ${id}.`);
  image.members = withoutEntry(image.members, memberId);
  ctx.tx.emit("image.member.deleted", { imageId: id, projectId: image.ownerProjectId, memberId });
}

/** The owner (and an admin) sees every member; a member only itself; an image not shared has none. */
export function visibleMembers(s: ImageState, caller: Caller, id: string): { image: Image; members: Member[] } {
  const image = visibleImage(s, caller, id);
  if (owns(caller, image)) return { image, members: Object.values(image.members) };
  const mine = membershipOf(caller, image);
  return { image, members: mine ? [mine] : [] };
}

export function visibleMember(s: ImageState, caller: Caller, id: string, memberId: string): { image: Image; member: Member } {
  const { image, members } = visibleMembers(s, caller, id);
  const member = members.find((m) => m.memberId === memberId);
  if (!member) throw memberNotFound(id, memberId);
  return { image, member };
}
