// The metadata-definition schema documents Glance serves at /v2/schemas/metadefs/* (glance/api/v2/metadef_*.py
// get_schema, rendered raw: `additionalProperties: false`, the mandatory attributes as `required`, shared
// `definitions` lifted to the collection document). Clients validate metadefs bodies against them.

type Doc = Record<string, unknown>;

const TYPES = ["array", "boolean", "integer", "number", "object", "string", null];
const stamp = (what: string) => ({ type: "string", readOnly: true, description: what, format: "date-time" });
const readOnlyString = { readOnly: true, type: "string" };

/** The `property` shape every metadefs document shares, keyed by property name. */
function propertyFields(): Doc {
  return {
    name: { type: "string", maxLength: 80 },
    title: { type: "string" },
    description: { type: "string" },
    operators: { type: "array", items: { type: "string" } },
    type: { type: "string", enum: TYPES },
    required: { $ref: "#/definitions/stringArray" },
    minimum: { type: "number" },
    maximum: { type: "number" },
    maxLength: { $ref: "#/definitions/positiveInteger" },
    minLength: { $ref: "#/definitions/positiveIntegerDefault0" },
    pattern: { type: "string", format: "regex" },
    enum: { type: "array" },
    readonly: { type: "boolean" },
    default: {},
    items: { type: "object", properties: { type: { type: "string", enum: TYPES }, enum: { type: "array" } } },
    maxItems: { $ref: "#/definitions/positiveInteger" },
    minItems: { $ref: "#/definitions/positiveIntegerDefault0" },
    uniqueItems: { type: "boolean", default: false },
    additionalItems: { type: "boolean" },
  };
}

function numberDefinitions(stringArrayMin: boolean): Doc {
  return {
    positiveInteger: { type: "integer", minimum: 0 },
    positiveIntegerDefault0: { allOf: [{ $ref: "#/definitions/positiveInteger" }, { default: 0 }] },
    stringArray: { type: "array", items: { type: "string" }, ...(stringArrayMin ? { minItems: 1 } : {}), uniqueItems: true },
  };
}

function namespaceDefinitions(): Doc {
  return {
    ...numberDefinitions(false),
    property: { type: "object", additionalProperties: { type: "object", required: ["title", "type"], properties: propertyFields() } },
  };
}

function item(name: string, properties: Doc, required: string[], definitions?: Doc): Doc {
  return { name, properties, additionalProperties: false, ...(definitions ? { definitions } : {}), ...(required.length ? { required } : {}) };
}

/** A list document: the item schema without its definitions, which move up to the list. */
function collection(name: string, itemDoc: Doc, keyed = false): Doc {
  const { definitions, ...rest } = itemDoc;
  return {
    name,
    properties: {
      [name]: keyed ? { type: "object", additionalProperties: rest } : { type: "array", items: rest },
      first: { type: "string" },
      next: { type: "string" },
      schema: { type: "string" },
    },
    links: [
      { rel: "first", href: "{first}" },
      { rel: "next", href: "{next}" },
      { rel: "describedby", href: "{schema}" },
    ],
    ...(definitions ? { definitions } : {}),
  };
}

const named = { type: "object", properties: { name: { type: "string" } } };

function namespace(): Doc {
  return item(
    "namespace",
    {
      namespace: { type: "string", description: "The unique namespace text.", maxLength: 80 },
      display_name: { type: "string", description: "The user friendly name for the namespace.", maxLength: 80 },
      description: { type: "string", description: "A user friendly description of the namespace.", maxLength: 500 },
      visibility: { type: "string", description: "Scope of namespace accessibility.", enum: ["public", "private"] },
      protected: { type: "boolean", description: "If true, the namespace cannot be deleted." },
      owner: { type: "string", description: "Owner of the namespace.", maxLength: 255 },
      created_at: stamp("Date and time of namespace creation"),
      updated_at: stamp("Date and time of the last namespace modification"),
      schema: readOnlyString,
      self: readOnlyString,
      resource_type_associations: {
        type: "array",
        items: { type: "object", properties: { name: { type: "string" }, prefix: { type: "string" }, properties_target: { type: "string" } } },
      },
      properties: { $ref: "#/definitions/property" },
      objects: {
        type: "array",
        items: {
          type: "object",
          properties: {
            name: { type: "string" },
            description: { type: "string" },
            required: { $ref: "#/definitions/stringArray" },
            properties: { $ref: "#/definitions/property" },
          },
        },
      },
      tags: { type: "array", items: named },
    },
    ["namespace"],
    namespaceDefinitions(),
  );
}

function object(): Doc {
  return item(
    "object",
    {
      name: { type: "string", maxLength: 80 },
      description: { type: "string" },
      required: { $ref: "#/definitions/stringArray" },
      properties: { $ref: "#/definitions/property" },
      schema: readOnlyString,
      self: readOnlyString,
      created_at: stamp("Date and time of object creation"),
      updated_at: stamp("Date and time of the last object modification"),
    },
    ["name"],
    namespaceDefinitions(),
  );
}

function property(requireName: boolean): Doc {
  return item("property", propertyFields(), ["type", "title", ...(requireName ? ["name"] : [])], numberDefinitions(true));
}

function resourceType(): Doc {
  return item(
    "resource_type_association",
    {
      name: { type: "string", description: "The resource type's name, aligned with Heat resource type names where possible.", maxLength: 80 },
      prefix: { type: "string", description: "The prefix properties take when applied to this resource type, separator included (such as a colon).", maxLength: 80 },
      properties_target: { type: "string", description: "Which of the resource type's key/value sets the namespace targets.", maxLength: 80 },
      created_at: stamp("Date and time of resource type association"),
      updated_at: stamp("Date and time of the last resource type association modification"),
    },
    ["name"],
  );
}

function tag(): Doc {
  return item(
    "tag",
    { name: { type: "string", maxLength: 80 }, created_at: stamp("Date and time of tag creation"), updated_at: stamp("Date and time of the last tag modification") },
    ["name"],
  );
}

/** Every metadefs schema document by its path under /v2/schemas/metadefs/. */
export const METADEF_SCHEMAS: Record<string, () => Doc> = {
  namespace,
  namespaces: () => collection("namespaces", namespace()),
  resource_type: resourceType,
  resource_types: () => collection("resource_type_associations", resourceType()),
  property: () => property(true),
  properties: () => collection("properties", property(false), true),
  object,
  objects: () => collection("objects", object()),
  tag,
  tags: () => collection("tags", tag()),
};
