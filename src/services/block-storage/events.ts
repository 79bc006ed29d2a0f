// The events block storage publishes (`block-storage.<resource>.<past-tense>`) and their payloads;
// the end of this file merges them into the kernel's EventMap.

type Volume = { id: string; projectId: string };

export type BlockStorageEvents = {
  "block-storage.volume.created": Volume & { name: string | null; size: number; volumeType: string; zone: string };
  "block-storage.volume.updated": Volume & { name: string | null };
  "block-storage.volume.status_changed": Volume & { from: string; to: string };
  /** `serverIds`: the servers it is attached to (Cinder tells Nova of each with a volume-extended event) */
  "block-storage.volume.extended": Volume & { size: number; serverIds: string[] };
  "block-storage.volume.retyped": Volume & { volumeType: string };
  "block-storage.volume.attached": Volume & { attachmentId: string; serverId: string | null; device: string | null };
  "block-storage.volume.detached": Volume & { attachmentId: string; serverId: string | null };
  /** the volume is gone: what its notifications need travels with the event (createdAt in ISO 8601) */
  "block-storage.volume.deleted": Volume & {
    userId: string;
    name: string | null;
    size: number;
    volumeTypeId: string;
    zone: string;
    host: string;
    createdAt: string;
  };
  "block-storage.snapshot.created": Volume & { volumeId: string; size: number };
  "block-storage.snapshot.deleted": Volume & { volumeId: string; userId: string; name: string | null; size: number; createdAt: string };
  "block-storage.backup.created": Volume & { volumeId: string; size: number; incremental: boolean };
  "block-storage.backup.failed": Volume & { volumeId: string; reason: string };
  "block-storage.backup.restored": Volume & { volumeId: string };
  "block-storage.backup.deleted": Volume & { volumeId: string };
  "block-storage.volume_type.created": { id: string; name: string };
  "block-storage.volume_type.deleted": { id: string };
};

// merged into the kernel's one event map: every `tx.emit` and `events.subscribe` in the program is checked
declare module "../../kernel/events.js" {
  interface EventMap extends BlockStorageEvents {}
}
