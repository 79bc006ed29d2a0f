// User messages (cinder/message/api.py, message_field.py; api/v3/messages.py, 3.3): a record of work a
// user's request started that failed later (a volume, snapshot or backup that went to error, an extend
// that failed), kept for
// message_ttl (30 days) of virtual time, then gone. The owner reads and deletes them.

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { emptyTable, filter, get, put, remove, type Table } from "../../../kernel/store/table.js";
import { itemNotFound } from "../errors.js";
import type { BlockStorageState, UserMessage } from "../state.js";

/** Cinder's message_ttl default: 2592000 seconds */
export const MESSAGE_TTL_MS = 2_592_000_000;

/** message_field.Resource */
export type MessageResource = "VOLUME" | "VOLUME_SNAPSHOT" | "VOLUME_BACKUP";

/** The message_field.Action entries the emulator records, [id, text]. */
export const ACTIONS = {
  EXTEND_VOLUME: ["007", "extend volume"],
  CREATE_VOLUME_FROM_BACKEND: ["008", "create volume from backend storage"],
  SNAPSHOT_CREATE: ["009", "create snapshot"],
  BACKUP_CREATE: ["013", "create backup"],
} as const;

/** The message_field.Detail entries the emulator records, [id, text]. */
export const DETAILS = {
  DRIVER_FAILED_EXTEND: ["010", "Volume Driver failed to extend volume."],
  DRIVER_FAILED_CREATE: ["012", "Driver failed to create the volume."],
  SNAPSHOT_CREATE_ERROR: ["013", "Snapshot failed to create."],
  BACKUP_CREATE_DRIVER_ERROR: ["020", "Backup driver failed to create backup."],
} as const;

const ACTION_TEXT: Record<string, string> = Object.fromEntries(Object.values(ACTIONS));
const DETAIL_TEXT: Record<string, string> = Object.fromEntries(Object.values(DETAILS));

export const messageNotFound = (id: string) => itemNotFound(`Message ${id} could not be found.`);

export function messageTable(s: BlockStorageState): Table<UserMessage> {
  return (s.messages ??= emptyTable({ groupBy: "projectId" }));
}

export interface MessageInput {
  projectId: string;
  requestId: string | undefined;
  resourceType: MessageResource;
  resourceUuid: string;
  action: keyof typeof ACTIONS;
  detail: keyof typeof DETAILS;
}

/** message API create: ERROR level, expiring after the TTL; the project's expired ones are dropped now. */
export function recordMessage(s: BlockStorageState, ctx: Pick<OperationContext<Caller | null>, "now" | "ids">, input: MessageInput): void {
  const table = messageTable(s);
  for (const old of filter(table, (m) => m.projectId === input.projectId && m.expiresAt <= ctx.now)) remove(table, old.id);
  put(table, {
    id: ctx.ids.uuid(),
    projectId: input.projectId,
    // a resource made outside the API (a seed, an import) has no request: Cinder's context would name one
    requestId: input.requestId ?? ctx.ids.requestId(),
    resourceType: input.resourceType,
    resourceUuid: input.resourceUuid,
    actionId: ACTIONS[input.action][0],
    detailId: DETAILS[input.detail][0],
    createdAt: ctx.now,
    expiresAt: ctx.now + MESSAGE_TTL_MS,
  });
}

/** Whether the message is still kept at `now` (Cinder's periodic cleanup drops those past expires_at). */
export const alive = (m: UserMessage, now: number) => m.expiresAt > now;

/** A message the caller may see (its project's, any for an admin) and still kept; others are 404. */
export function visibleMessage(s: BlockStorageState, caller: Caller, id: string, now: number): UserMessage {
  const m = s.messages && get(s.messages, id);
  if (!m || !alive(m, now) || (!caller.isAdmin && m.projectId !== caller.projectId)) throw messageNotFound(id);
  return m;
}

/** event_id: VOLUME_<resource type>_<action id>_<detail id> */
export const eventIdOf = (m: UserMessage) => `VOLUME_${m.resourceType}_${m.actionId}_${m.detailId}`;
/** user_message: "<action>:<detail>" as the API builds it */
export const userMessageOf = (m: UserMessage) => `${ACTION_TEXT[m.actionId] ?? ""}:${DETAIL_TEXT[m.detailId] ?? "An unknown error occurred."}`;

export function deleteMessage(s: BlockStorageState, ctx: OperationContext, id: string): void {
  visibleMessage(s, ctx.caller, id, ctx.now);
  remove(messageTable(s), id);
}
