// What the directory route tables share: ids and salts for new rows, Keystone's collection
// body, the query-string booleans Keystone accepts, and Keystone's read rules on one project or domain.

import { isAdmin, type Principal } from "../../../kernel/auth/principal.js";
import { get } from "../../../kernel/store/table.js";
import { forbidden } from "../errors.js";
import type { IdentityState } from "../state.js";
import { queryParam, baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { collectionLinks } from "../views.js";
import type { IdentityDeps } from "./deps.js";

export interface DirectoryKit {
  /** a Keystone-style id: 32 hex */
  newId(): string;
  salt(): string;
}

export function directoryKit(deps: IdentityDeps): DirectoryKit {
  return {
    newId: () => deps.kernel.ids.hexId(),
    salt: () => deps.kernel.ids.hexId().slice(0, 16),
  };
}

/** A path parameter the route pattern guarantees. */
export function param(c: Ctx, name: string): string {
  return c.req.param(name) ?? "";
}

/** `{"<plural>": [...], "links": {self, previous, next}}`, self as the client addressed it. */
export function listResponse(c: Ctx, plural: string, items: unknown[]): Response {
  const url = new URL(c.req.url);
  return c.json({ [plural]: items, links: collectionLinks(`${baseUrl(c)}${url.pathname}${url.search}`) });
}

const FALSE_WORDS = ["0", "f", "false", "off", "n", "no"];

/** A boolean filter as Keystone reads it (oslo's bool_from_string, default true): only false words are false. */
export function boolQuery(c: Ctx, key: string): boolean | undefined {
  const value = queryParam(c, key);
  return value === undefined ? undefined : !FALSE_WORDS.includes(value.trim().toLowerCase());
}

/** A flag such as include_names: on when present, unless it says 0 or false. */
export function flagQuery(c: Ctx, key: string): boolean {
  const value = queryParam(c, key);
  return value !== undefined && !["0", "false"].includes(value.trim().toLowerCase());
}

const isReader = (p: Principal) => p.roles.includes("reader") || p.roles.includes("member") || isAdmin(p);

/**
 * Keystone's get_project (and project tag reads): an admin, a system reader, a reader on the project's
 * domain, or a token scoped to the project itself. A project that does not exist is then a 404.
 */
export function assertProjectReader(s: IdentityState, caller: Principal, projectId: string): void {
  if (isAdmin(caller) || (caller.system && isReader(caller)) || caller.projectId === projectId) return;
  const domainId = get(s.projects, projectId)?.domainId;
  if (caller.domainId !== undefined && caller.domainId === domainId && isReader(caller)) return;
  throw forbidden();
}

/**
 * Keystone's get_domain: an admin, a system reader, a token scoped to the domain, or a token scoped to a
 * project of the domain.
 */
export function assertDomainReader(s: IdentityState, caller: Principal, domainId: string): void {
  if (isAdmin(caller) || (caller.system && isReader(caller)) || caller.domainId === domainId) return;
  if (caller.projectId !== undefined && get(s.projects, caller.projectId)?.domainId === domainId) return;
  throw forbidden();
}
