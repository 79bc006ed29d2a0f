// Keystone OS-OAUTH1 consumers (keystone/oauth1/core.py): create (with a generated secret), list, show,
// update (never the id or secret), delete (with its request and access tokens, so the tokens issued with
// them stop validating). Admin only (the routes say so). The tokens themselves: oauth1-flow.ts.

import { get, put, remove, scan } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import { validationError } from "../errors.js";
import { dropOAuthTokens } from "./oauth1-access-tokens.js";
import type { ConsumerCreate, ConsumerUpdate } from "../schemas/oauth1.js";
import type { IdentityState } from "../state.js";
import type { OAuthConsumer } from "../delegation-state.js";

function extraOf(body: Record<string, unknown>): Record<string, unknown> {
  const { description: _description, secret: _secret, id: _id, links: _links, ...extra } = body;
  return extra;
}

export function requireConsumer(s: IdentityState, id: string): OAuthConsumer {
  const consumer = get(s.oauthConsumers, id);
  // Keystone's oauth1 backend words it so (a NotFound with its own message)
  if (!consumer) throw new ApiError(404, "Not Found", "Consumer not found");
  return consumer;
}

export function createConsumer(s: IdentityState, id: string, secret: string, body: ConsumerCreate): OAuthConsumer {
  const consumer: OAuthConsumer = { id, description: body.description ?? null, secret, extra: extraOf(body) };
  put(s.oauthConsumers, consumer);
  return consumer;
}

export function listConsumers(s: IdentityState): OAuthConsumer[] {
  return [...scan(s.oauthConsumers)];
}

export function updateConsumer(s: IdentityState, id: string, patch: ConsumerUpdate): OAuthConsumer {
  const consumer = requireConsumer(s, id);
  if (patch.id !== undefined && patch.id !== id) {
    throw validationError(`Expecting to find id in consumer. The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.`);
  }
  if (patch.description !== undefined) consumer.description = patch.description;
  Object.assign(consumer.extra, extraOf(patch));
  return consumer;
}

export function deleteConsumer(s: IdentityState, id: string): void {
  requireConsumer(s, id);
  dropOAuthTokens(s, (t) => t.consumerId === id);
  remove(s.oauthConsumers, id);
}

