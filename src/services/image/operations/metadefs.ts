// Writes of the metadata definitions (Glance v2 metadefs; admin-only by Glance's default policy, which the
// routes declare): namespaces, their objects, properties, tags and resource type associations. A protected
// namespace refuses deletes of itself and of what it holds (403); names are unique within their parent (409).

import { get, put, remove } from "../../../kernel/store/table.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { own } from "../../../kernel/own.js";
import { conflict, forbidden, notFound } from "../errors.js";
import type { AssociationBody, MetadefObjectBody, MetadefPropertyBody, NamespaceBody } from "../schemas/metadefs.js";
import type { ImageState, MetadefNamespace, MetadefObject, MetadefTag } from "../state.js";

type Ctx = Pick<OperationContext, "now" | "caller">;

export const canSeeNamespace = (caller: Caller) => (n: MetadefNamespace) => n.visibility === "public" || caller.isAdmin || n.ownerProjectId === caller.projectId;

export function findNamespace(s: ImageState, caller: Caller, name: string): MetadefNamespace {
  const n = get(s.metadefs.namespaces, name);
  if (!n || !canSeeNamespace(caller)(n)) throw notFound(`Metadata definition namespace=${name} was not found.`);
  return n;
}

const touch = (n: MetadefNamespace, now: number) => {
  n.updatedAt = now;
};

function checkUnprotected(n: MetadefNamespace, what: string): void {
  if (n.protected) throw forbidden(`Namespace ${n.namespace} is protected and cannot be modified${what ? ` (${what})` : ""}.`);
}

function ensureResourceType(s: ImageState, name: string, now: number): void {
  if (!get(s.metadefs.resourceTypes, name)) put(s.metadefs.resourceTypes, { id: name, createdAt: now });
}

const newObject = (body: MetadefObjectBody, now: number): MetadefObject => ({
  name: body.name,
  description: body.description ?? "",
  required: body.required ?? [],
  properties: body.properties ?? {},
  createdAt: now,
  updatedAt: now,
});

function uniqueNames(names: string[], what: string, namespace: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw conflict(`A metadata definition ${what} with name=${name} already exists in namespace=${namespace}.`);
    seen.add(name);
  }
}

export function createNamespace(s: ImageState, ctx: Ctx, body: NamespaceBody): MetadefNamespace {
  if (get(s.metadefs.namespaces, body.namespace)) throw conflict(`Metadata definition namespace=${body.namespace} already exists.`);
  if (body.owner !== undefined && !ctx.caller.isAdmin && body.owner !== ctx.caller.projectId) throw forbidden("Owner must be specified to create a namespace of another project.");
  const objects = (body.objects ?? []).map((o) => newObject(o, ctx.now));
  uniqueNames(objects.map((o) => o.name), "object", body.namespace);
  const tags = (body.tags ?? []).map((t) => ({ name: t.name, createdAt: ctx.now, updatedAt: ctx.now }));
  uniqueNames(tags.map((t) => t.name), "tag", body.namespace);
  const resourceTypes = (body.resource_type_associations ?? []).map(({ name, prefix, properties_target }) => ({ name, ...(prefix === undefined ? {} : { prefix }), ...(properties_target === undefined ? {} : { properties_target }) }));
  uniqueNames(resourceTypes.map((r) => r.name), "resource type association", body.namespace);
  for (const r of resourceTypes) ensureResourceType(s, r.name, ctx.now);
  const n: MetadefNamespace = {
    id: body.namespace,
    namespace: body.namespace,
    displayName: body.display_name ?? body.namespace,
    description: body.description ?? "",
    visibility: body.visibility ?? "private",
    protected: body.protected ?? false,
    ownerProjectId: body.owner ?? ctx.caller.projectId ?? null,
    resourceTypes,
    properties: body.properties ?? {},
    objects,
    tags,
    createdAt: ctx.now,
  };
  put(s.metadefs.namespaces, n);
  return n;
}

/** PUT: the namespace's own attributes (a new `namespace` renames it); what it holds stays. */
export function updateNamespace(s: ImageState, ctx: Ctx, name: string, body: NamespaceBody): MetadefNamespace {
  const n = findNamespace(s, ctx.caller, name);
  if (body.namespace !== name && get(s.metadefs.namespaces, body.namespace)) throw conflict(`Metadata definition namespace=${body.namespace} already exists.`);
  if (body.namespace !== name) {
    remove(s.metadefs.namespaces, name);
    n.id = body.namespace;
    n.namespace = body.namespace;
    put(s.metadefs.namespaces, n);
  }
  const updated = get(s.metadefs.namespaces, body.namespace)!;
  if (body.display_name !== undefined) updated.displayName = body.display_name;
  if (body.description !== undefined) updated.description = body.description;
  if (body.visibility !== undefined) updated.visibility = body.visibility;
  if (body.protected !== undefined) updated.protected = body.protected;
  if (body.owner !== undefined) updated.ownerProjectId = body.owner;
  touch(updated, ctx.now);
  return updated;
}

export function deleteNamespace(s: ImageState, ctx: Ctx, name: string): void {
  const n = findNamespace(s, ctx.caller, name);
  checkUnprotected(n, "");
  remove(s.metadefs.namespaces, name);
}

/** `DELETE .../objects`, `.../properties`, `.../tags`: everything of one kind in the namespace. */
export function clearNamespace(s: ImageState, ctx: Ctx, name: string, kind: "objects" | "properties" | "tags"): void {
  const n = findNamespace(s, ctx.caller, name);
  checkUnprotected(n, kind);
  if (kind === "objects") n.objects = [];
  else if (kind === "properties") n.properties = {};
  else n.tags = [];
  touch(n, ctx.now);
}

function objectAt(n: MetadefNamespace, name: string): number {
  const at = n.objects.findIndex((o) => o.name === name);
  if (at < 0) throw notFound(`Metadata definition object not found for namespace=${n.namespace} and object=${name}`);
  return at;
}

export function createObject(s: ImageState, ctx: Ctx, ns: string, body: MetadefObjectBody): MetadefObject {
  const n = findNamespace(s, ctx.caller, ns);
  if (n.objects.some((o) => o.name === body.name)) throw conflict(`A metadata definition object with name=${body.name} already exists in namespace=${ns}.`);
  const o = newObject(body, ctx.now);
  n.objects.push(o);
  return o;
}

export function updateObject(s: ImageState, ctx: Ctx, ns: string, name: string, body: MetadefObjectBody): MetadefObject {
  const n = findNamespace(s, ctx.caller, ns);
  const at = objectAt(n, name);
  if (body.name !== name && n.objects.some((o) => o.name === body.name)) throw conflict(`A metadata definition object with name=${body.name} already exists in namespace=${ns}.`);
  const before = n.objects[at]!;
  const o: MetadefObject = { ...newObject(body, ctx.now), createdAt: before.createdAt ?? n.createdAt };
  n.objects[at] = o;
  return o;
}

export function deleteObject(s: ImageState, ctx: Ctx, ns: string, name: string): void {
  const n = findNamespace(s, ctx.caller, ns);
  const at = objectAt(n, name);
  checkUnprotected(n, `object ${name}`);
  n.objects.splice(at, 1);
}

function propertyOf(n: MetadefNamespace, name: string): Record<string, unknown> {
  const p = own(n.properties, name);
  if (!p) throw notFound(`Metadata definition property not found for namespace=${n.namespace} and property=${name}`);
  return p;
}

export function createProperty(s: ImageState, ctx: Ctx, ns: string, body: MetadefPropertyBody): Record<string, unknown> {
  const n = findNamespace(s, ctx.caller, ns);
  const { name, ...definition } = body;
  if (own(n.properties, name)) throw conflict(`A metadata definition property with name=${name} already exists in namespace=${ns}.`);
  n.properties[name] = definition;
  touch(n, ctx.now);
  return { name, ...definition };
}

export function updateProperty(s: ImageState, ctx: Ctx, ns: string, name: string, body: MetadefPropertyBody): Record<string, unknown> {
  const n = findNamespace(s, ctx.caller, ns);
  propertyOf(n, name);
  const { name: renamed, ...definition } = body;
  if (renamed !== name && own(n.properties, renamed)) throw conflict(`A metadata definition property with name=${renamed} already exists in namespace=${ns}.`);
  delete n.properties[name];
  n.properties[renamed] = definition;
  touch(n, ctx.now);
  return { name: renamed, ...definition };
}

export function deleteProperty(s: ImageState, ctx: Ctx, ns: string, name: string): void {
  const n = findNamespace(s, ctx.caller, ns);
  propertyOf(n, name);
  checkUnprotected(n, `property ${name}`);
  delete n.properties[name];
  touch(n, ctx.now);
}

export function findTag(n: MetadefNamespace, name: string): MetadefTag {
  const tag = (n.tags ?? []).find((t) => t.name === name);
  if (!tag) throw notFound(`Metadata tag not found for namespace=${n.namespace} and tag=${name}`);
  return tag;
}

const tagConflict = (ns: string, name: string) => conflict(`A metadata tag with name=${name} already exists in namespace=${ns}.`);

export function createTag(s: ImageState, ctx: Ctx, ns: string, name: string): MetadefTag {
  const n = findNamespace(s, ctx.caller, ns);
  n.tags ??= [];
  if (n.tags.some((t) => t.name === name)) throw tagConflict(ns, name);
  const tag = { name, createdAt: ctx.now, updatedAt: ctx.now };
  n.tags.push(tag);
  return tag;
}

/** `POST .../tags`: the namespace's tags become these (or are added to with X-Openstack-Append: true) */
export function createTags(s: ImageState, ctx: Ctx, ns: string, names: string[], append: boolean): MetadefTag[] {
  const n = findNamespace(s, ctx.caller, ns);
  const kept = append ? (n.tags ?? []) : [];
  const all = [...kept.map((t) => t.name), ...names];
  uniqueNames(all, "tag", ns);
  const added = names.map((name) => ({ name, createdAt: ctx.now, updatedAt: ctx.now }));
  n.tags = [...kept, ...added];
  return added;
}

export function updateTag(s: ImageState, ctx: Ctx, ns: string, name: string, renamed: string): MetadefTag {
  const n = findNamespace(s, ctx.caller, ns);
  const tag = findTag(n, name);
  if (renamed !== name && (n.tags ?? []).some((t) => t.name === renamed)) throw tagConflict(ns, renamed);
  tag.name = renamed;
  tag.updatedAt = ctx.now;
  return tag;
}

export function deleteTag(s: ImageState, ctx: Ctx, ns: string, name: string): void {
  const n = findNamespace(s, ctx.caller, ns);
  findTag(n, name);
  checkUnprotected(n, `tag ${name}`);
  n.tags = (n.tags ?? []).filter((t) => t.name !== name);
}

export function associate(s: ImageState, ctx: Ctx, ns: string, body: AssociationBody): MetadefNamespace["resourceTypes"][number] {
  const n = findNamespace(s, ctx.caller, ns);
  if (n.resourceTypes.some((r) => r.name === body.name)) throw conflict(`The metadata definition resource-type association of resource-type=${body.name} to namespace=${ns}, already exists.`);
  ensureResourceType(s, body.name, ctx.now);
  const association = { name: body.name, ...(body.prefix === undefined ? {} : { prefix: body.prefix }), ...(body.properties_target === undefined ? {} : { properties_target: body.properties_target }) };
  n.resourceTypes.push(association);
  touch(n, ctx.now);
  return association;
}

export function dissociate(s: ImageState, ctx: Ctx, ns: string, name: string): void {
  const n = findNamespace(s, ctx.caller, ns);
  const at = n.resourceTypes.findIndex((r) => r.name === name);
  if (at < 0) throw notFound(`The metadata definition resource-type association of resource-type=${name} to namespace=${ns}, was not found.`);
  checkUnprotected(n, `resource type ${name}`);
  n.resourceTypes.splice(at, 1);
  touch(n, ctx.now);
}
