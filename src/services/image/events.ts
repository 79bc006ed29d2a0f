// The events the image service publishes (`image.<resource>.<past-tense>`) and their payloads;
// the end of this file merges them into the kernel's EventMap.

type Image = { imageId: string; projectId: string | null };

export type ImageEvents = {
  "image.image.created": Image & { name: string | null };
  "image.image.updated": Image;
  "image.image.uploaded": Image & { size: number; checksum: string };
  "image.image.deactivated": Image;
  "image.image.reactivated": Image;
  "image.image.deleted": Image;
  "image.member.created": Image & { memberId: string };
  "image.member.updated": Image & { memberId: string; status: string };
  "image.member.deleted": Image & { memberId: string };
};

// merged into the kernel's one event map: every `tx.emit` and `events.subscribe` in the program is checked
declare module "../../kernel/events.js" {
  interface EventMap extends ImageEvents {}
}
