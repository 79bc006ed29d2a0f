// Server tags (nova/api/openstack/compute/server_tags.py, 2.26): at most 50 per server, changed only while
// the server is at rest in one of Nova's accepted vm_states; 409 otherwise, as `Cannot '<action>' ...`.

import type { OperationContext } from "../../../kernel/operation.js";
import type { ComputeState, Server } from "../state.js";
import { badRequest, invalidState, itemNotFound } from "../errors.js";
import { visibleServer } from "./servers.js";

/** nova.objects.instance.MAX_TAG_COUNT */
export const MAX_TAGS = 50;

const TAG_STATES = new Set(["active", "paused", "suspended", "stopped"]);

function taggable(s: ComputeState, ctx: OperationContext, id: string, action: string): Server {
  const server = visibleServer(s, ctx.caller, id);
  if (!TAG_STATES.has(server.vmState)) throw invalidState(action, server.id, "vm_state", server.vmState);
  return server;
}

const tooMany = () => badRequest(`The number of tags exceeded the per-server limit ${MAX_TAGS}`);

function touched(ctx: OperationContext, server: Server): void {
  server.updatedAt = ctx.now;
  ctx.tx.emit("compute.server.updated", { id: server.id, projectId: server.projectId, name: server.name });
}

/** PUT /tags: replaces them all (duplicates collapse, order kept). */
export function replaceTags(s: ComputeState, ctx: OperationContext, id: string, tags: string[]): string[] {
  const unique = [...new Set(tags)];
  const server = taggable(s, ctx, id, "update tags");
  server.tags = unique;
  touched(ctx, server);
  return [...unique];
}

/**
 * PUT /tags/{tag}: true when the tag is new (201), false when it was there (204). Nova checks the state,
 * then the tag, then the count (a full server refuses even a tag it has).
 */
export function addTag(s: ComputeState, ctx: OperationContext, id: string, tag: string, valid: boolean): boolean {
  const server = taggable(s, ctx, id, "update tag");
  if (!valid) throw badRequest(`Tag '${tag}' is invalid. It must be a non empty string without characters '/' and ','.`);
  if (server.tags.length >= MAX_TAGS) throw tooMany();
  if (server.tags.includes(tag)) return false;
  server.tags.push(tag);
  touched(ctx, server);
  return true;
}

export function deleteTag(s: ComputeState, ctx: OperationContext, id: string, tag: string): void {
  const server = taggable(s, ctx, id, "delete tag");
  if (!server.tags.includes(tag)) throw itemNotFound(`Instance ${server.id} has no tag '${tag}'`);
  server.tags = server.tags.filter((t) => t !== tag);
  touched(ctx, server);
}

export function deleteAllTags(s: ComputeState, ctx: OperationContext, id: string): void {
  const server = taggable(s, ctx, id, "delete tags");
  server.tags = [];
  touched(ctx, server);
}
