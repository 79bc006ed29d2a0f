// Loads the `image` section of a seed world: the image catalog, per-project image limits and the metadata
// definitions. Ids not given derive from names, so the world has the same ids in every run and after every reset. Older worlds list images under `compute:`;
// compute hands those here (for-compute.ts), and errors then name the section they came from.

import * as z from "zod";
import type { Kernel } from "../../kernel/kernel.js";
import { ApiError } from "../../kernel/errors.js";
import { validate } from "../../kernel/http/body.js";
import { ownRecord } from "../../kernel/own.js";
import { derivedId, uuidOf } from "../../kernel/seed-helpers.js";
import { get, put, remove } from "../../kernel/store/table.js";
import { identitySelectors } from "../identity/index.js";
import { addImage } from "./catalog.js";
import { imageQuotas } from "./operations/quotas.js";
import type { ImageState } from "./state.js";

const count = z.number().int().min(0);

/** the resource types of Glance's shipped metadata definitions (etc/metadefs) */
const SEEDED_RESOURCE_TYPES = ["OS::Cinder::Volume", "OS::Glance::Image", "OS::Nova::Aggregate", "OS::Nova::Flavor", "OS::Nova::Server", "OS::Trove::Instance"];

const imageSeed = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  /** the owning project (name in domain `default`, or id) */
  project: z.string().optional(),
  visibility: z.enum(["public", "private", "shared", "community"]).default("public"),
  status: z.enum(["queued", "saving", "active", "killed", "deleted"]).default("active"),
  disk_format: z.string().default("qcow2"),
  container_format: z.string().default("bare"),
  min_disk: count.default(0),
  min_ram: count.default(0),
  size: count.default(0),
  properties: ownRecord(z.string(), z.string()).default({}),
  tags: z.array(z.string().min(1).max(255)).default([]),
  protected: z.boolean().default(false),
});

const limit = z.number().int().min(-1);
/** a project's limits (Keystone unified limits in upstream); -1 is unlimited, sizes in MiB */
const limitsSeed = z.strictObject({
  project: z.string().min(1),
  image_count_total: limit.optional(),
  image_size_total: limit.optional(),
});

// a property definition needs the two attributes Glance makes mandatory; the rest is kept as given
const propertyDefinition = z
  .object({ title: z.string(), type: z.enum(["array", "boolean", "integer", "number", "object", "string"]) })
  .catchall(z.unknown());
const definition = ownRecord(z.string(), propertyDefinition);
const namespaceSeed = z.strictObject({
  namespace: z.string().min(1).max(80),
  display_name: z.string().optional(),
  description: z.string().default(""),
  visibility: z.enum(["public", "private"]).default("public"),
  protected: z.boolean().default(true),
  project: z.string().optional(),
  resource_types: z.array(z.strictObject({ name: z.string().min(1), prefix: z.string().optional(), properties_target: z.string().optional() })).default([]),
  properties: definition.default({}),
  objects: z
    .array(z.strictObject({ name: z.string().min(1), description: z.string().default(""), required: z.array(z.string()).default([]), properties: definition.default({}) }))
    .default([]),
});

const seedSchema = z.strictObject({
  images: z.array(imageSeed).default([]),
  limits: z.array(limitsSeed).default([]),
  metadefs: z.array(namespaceSeed).default([]),
});

/** The section as a world document writes it (src/client/types-world.ts writes it out for the client). */
export type ImageSeedSection = z.input<typeof seedSchema>;

/**
 * Images compute handed over from its section in the seeding pass under way (keyed by that pass's root
 * draft). Compute is listed first and loads first, but these came after the `image:` section's in the
 * worlds that had only `compute:` ones (a world extending the default), so they move behind them.
 */
const handedOver = new WeakMap<object, string[]>();

/** Seeding happens outside any API call: it publishes no events and draws no ids. */
export function loadImageSeed(
  s: ImageState,
  section: unknown,
  kernel: Kernel,
  world: Readonly<Record<string, unknown>>,
  sectionName = "image",
): void {
  const seed = validate(seedSchema, section ?? {}, true);
  const later = sectionName === "image" ? (handedOver.get(world) ?? []).map((id) => remove(s.images, id)!) : [];
  if (sectionName === "image") handedOver.delete(world);
  const ctx = { ids: kernel.ids, now: kernel.clock.now() };
  for (const i of seed.images) {
    const id = i.id ?? uuidOf(derivedId("image", i.name));
    if (get(s.images, id)) throw seedError(sectionName, `Image ${i.name} (${id}) already exists`);
    let ownerProjectId: string | null = null;
    if (i.project !== undefined) {
      ownerProjectId = identitySelectors.projectId(world, i.project) ?? null;
      if (!ownerProjectId) throw seedError(sectionName, `Image ${i.name} names project ${i.project}, which the identity seed does not have`);
    }
    addImage(s, ctx, {
      id,
      name: i.name,
      ownerProjectId,
      status: i.status,
      visibility: i.visibility,
      minDisk: i.min_disk,
      minRam: i.min_ram,
      size: i.size,
      diskFormat: i.disk_format,
      containerFormat: i.container_format,
      metadata: i.properties,
      tags: i.tags,
      protected: i.protected,
    });
    if (sectionName !== "image") handedOver.set(world, [...(handedOver.get(world) ?? []), id]);
  }
  const projectOf = (name: string) => {
    const id = identitySelectors.projectId(world, name);
    if (!id) throw seedError(sectionName, `Project ${name} is not in the identity seed`);
    return id;
  };
  for (const { project, ...limits } of seed.limits) imageQuotas.set(s, projectOf(project), limits);
  // the resource types Glance's metadefs load (glance-manage db_load_metadefs) creates
  if (sectionName === "image") for (const name of SEEDED_RESOURCE_TYPES) if (!get(s.metadefs.resourceTypes, name)) put(s.metadefs.resourceTypes, { id: name, createdAt: ctx.now });
  for (const n of seed.metadefs) {
    if (get(s.metadefs.namespaces, n.namespace)) throw seedError(sectionName, `Metadata namespace ${n.namespace} already exists`);
    put(s.metadefs.namespaces, {
      id: n.namespace,
      namespace: n.namespace,
      displayName: n.display_name ?? n.namespace,
      description: n.description,
      visibility: n.visibility,
      protected: n.protected,
      ownerProjectId: n.project === undefined ? null : projectOf(n.project),
      resourceTypes: n.resource_types,
      properties: n.properties,
      objects: n.objects,
      createdAt: ctx.now,
    });
    for (const r of n.resource_types) if (!get(s.metadefs.resourceTypes, r.name)) put(s.metadefs.resourceTypes, { id: r.name, createdAt: ctx.now });
  }
  for (const image of later) {
    if (get(s.images, image.id)) throw seedError("compute", `Image ${image.name} (${image.id}) already exists`);
    put(s.images, image);
  }
}

function seedError(section: string, message: string): ApiError {
  return new ApiError(400, undefined, `Seed ${section}: ${message}.`);
}
