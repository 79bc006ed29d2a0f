// The JSON-schema documents Glance serves at /v2/schemas/* (glance/api/v2/{images,image_members,tasks}.py
// get_schema): clients such as glanceclient fetch them to validate and to tell base attributes from custom
// properties. Built once from the same enums the request schemas use.

import { CONTAINER_FORMATS, DISK_FORMATS, VISIBILITIES } from "../schemas/images.js";

const uuid = "^([0-9a-fA-F]){8}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){12}$";
const readOnly = (type: unknown, description: string, extra: Record<string, unknown> = {}) => ({ type, readOnly: true, description, ...extra });
const STATUSES = ["queued", "saving", "active", "killed", "deleted", "uploading", "importing", "pending_delete", "deactivated"];

function imageProperties() {
  return {
    id: { type: "string", description: "An identifier for the image", pattern: uuid },
    name: { type: ["null", "string"], description: "Descriptive name for the image", maxLength: 255 },
    status: readOnly("string", "Status of the image", { enum: STATUSES }),
    visibility: { type: "string", description: "Scope of image accessibility", enum: [...VISIBILITIES] },
    protected: { type: "boolean", description: "If true, image will not be deletable." },
    os_hidden: { type: "boolean", description: "If true, image will not appear in default image list response." },
    checksum: readOnly(["null", "string"], "md5 hash of image contents.", { maxLength: 32 }),
    os_hash_algo: readOnly(["null", "string"], "Algorithm to calculate the os_hash_value", { maxLength: 64 }),
    os_hash_value: readOnly(["null", "string"], "Hexdigest of the image contents using the algorithm specified by the os_hash_algo", { maxLength: 128 }),
    owner: { type: ["null", "string"], description: "Owner of the image", maxLength: 255 },
    size: readOnly(["null", "integer"], "Size of image file in bytes"),
    virtual_size: readOnly(["null", "integer"], "Virtual size of image in bytes"),
    container_format: { type: ["null", "string"], description: "Format of the container", enum: [null, ...CONTAINER_FORMATS] },
    disk_format: { type: ["null", "string"], description: "Format of the disk", enum: [null, ...DISK_FORMATS] },
    created_at: readOnly("string", "Date and time of image registration"),
    updated_at: readOnly("string", "Date and time of the last image modification"),
    tags: { type: "array", description: "List of strings related to the image", items: { type: "string", maxLength: 255 } },
    direct_url: readOnly("string", "URL to access the image file kept in external store"),
    min_ram: { type: "integer", description: "Amount of ram (in MB) required to boot image." },
    min_disk: { type: "integer", description: "Amount of disk space (in GB) required to boot image." },
    self: readOnly("string", "An image self url"),
    file: readOnly("string", "An image file url"),
    stores: readOnly("string", "Store in which image data resides.  Only present when the operator has enabled multiple stores."),
    schema: readOnly("string", "An image schema url"),
    locations: { type: "array", description: "A set of URLs to access the image file kept in external store", items: { type: "object" } },
  };
}

const imageLinks = [
  { rel: "self", href: "{self}" },
  { rel: "enclosure", href: "{file}" },
  { rel: "describedby", href: "{schema}" },
];

export function imageSchema() {
  return { name: "image", properties: imageProperties(), additionalProperties: { type: "string" }, links: imageLinks };
}

const collectionLinks = (item: string) => [
  { rel: "first", href: "{first}" },
  { rel: "next", href: "{next}" },
  { rel: "describedby", href: "{schema}" },
  { rel: "item", href: `{${item}}` },
];

export function imagesSchema() {
  return {
    name: "images",
    properties: {
      images: { type: "array", items: imageSchema() },
      schema: { type: "string" },
      first: { type: "string" },
      next: { type: "string" },
    },
    links: collectionLinks("self"),
  };
}

export function memberSchema() {
  return {
    name: "member",
    properties: {
      created_at: { type: "string", description: "Date and time of image member creation" },
      image_id: { type: "string", description: "An identifier for the image", pattern: uuid },
      member_id: { type: "string", description: "An identifier for the image member (tenantId)" },
      status: { type: "string", description: "The status of this image member", enum: ["pending", "accepted", "rejected"] },
      updated_at: { type: "string", description: "Date and time of last modification of image member" },
      schema: { type: "string", readOnly: true },
    },
  };
}

export function membersSchema() {
  return { name: "members", properties: { members: { type: "array", items: memberSchema() }, schema: { type: "string" } }, links: [{ rel: "describedby", href: "{schema}" }] };
}

export function taskSchema() {
  return {
    name: "task",
    properties: {
      id: { type: "string", description: "An identifier for the task", pattern: uuid },
      type: { type: "string", description: "The type of task represented by this content", enum: ["import", "api_image_import"] },
      status: { type: "string", description: "The current status of this task", enum: ["pending", "processing", "success", "failure"] },
      input: { type: ["null", "object"], description: "The parameters required by task, JSON blob" },
      result: { type: ["null", "object"], description: "The result of current task, JSON blob" },
      owner: { type: "string", description: "An identifier for the owner of this task" },
      message: { type: "string", description: "Human-readable informative message only included when appropriate (usually on failure)" },
      image_id: { type: "string", description: "Image associated with the task" },
      request_id: { type: ["null", "string"], description: "Request ID associated with the task" },
      user_id: { type: "string", description: "User associated with the task" },
      expires_at: { type: ["null", "string"], description: "Datetime when this resource would be subject to removal" },
      created_at: { type: "string", description: "Datetime when this resource was created" },
      updated_at: { type: "string", description: "Datetime when this resource was updated" },
      self: { type: "string" },
      schema: { type: "string" },
    },
  };
}

export function tasksSchema() {
  return { name: "tasks", properties: { tasks: { type: "array", items: taskSchema() }, schema: { type: "string" }, first: { type: "string" }, next: { type: "string" } }, links: collectionLinks("self") };
}
