// Request bodies of the metadata definitions (Glance v2 metadefs): namespaces, objects, properties, tags and
// resource type associations, with the limits of Glance's schemas. Read-only keys a client sends back from a
// GET (created_at, self, schema...) are accepted and ignored, as Glance's schemas list them.

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";

const READ_ONLY = { created_at: z.unknown().optional(), updated_at: z.unknown().optional(), self: z.unknown().optional(), schema: z.unknown().optional() };
const name80 = z.string().min(1).max(80);

export const propertyDefinition = z
  .object({ title: z.string().max(255), type: z.enum(["array", "boolean", "integer", "number", "object", "string"]) })
  .catchall(z.unknown());
const definitions = ownRecord(z.string().min(1).max(80), propertyDefinition);

export const metadefObjectBody = z.strictObject({
  name: name80,
  description: z.string().max(500).optional(),
  required: z.array(z.string()).optional(),
  properties: definitions.optional(),
  ...READ_ONLY,
});
export type MetadefObjectBody = z.output<typeof metadefObjectBody>;

export const metadefPropertyBody = propertyDefinition.extend({ name: name80 });
export type MetadefPropertyBody = z.output<typeof metadefPropertyBody>;

export const metadefTagBody = z.strictObject({ name: z.string().min(1).max(255), ...READ_ONLY });
export const metadefTagsBody = z.strictObject({ tags: z.array(z.strictObject({ name: z.string().min(1).max(255) })).max(1000) });

export const associationBody = z.strictObject({
  name: name80,
  prefix: z.string().max(80).optional(),
  properties_target: z.string().max(80).optional(),
  ...READ_ONLY,
});
export type AssociationBody = z.output<typeof associationBody>;

export const namespaceBody = z.strictObject({
  namespace: name80,
  display_name: z.string().max(80).optional(),
  description: z.string().max(500).optional(),
  visibility: z.enum(["public", "private"]).optional(),
  protected: z.boolean().optional(),
  owner: z.string().max(255).optional(),
  resource_type_associations: z.array(associationBody).max(100).optional(),
  properties: definitions.optional(),
  objects: z.array(metadefObjectBody).max(1000).optional(),
  tags: z.array(z.strictObject({ name: z.string().min(1).max(255) })).max(1000).optional(),
  ...READ_ONLY,
});
export type NamespaceBody = z.output<typeof namespaceBody>;
