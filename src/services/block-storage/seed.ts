// Loads the `block-storage` section of a seed world: volume types (the default type first, as Cinder
// creates `__DEFAULT__`), which one volumes get when they name none, and quota overrides. Ids not given
// derive from names, so the world has the same ids in every run and after every reset.

import * as z from "zod";
import type { Kernel } from "../../kernel/kernel.js";
import { ApiError } from "../../kernel/errors.js";
import { validate } from "../../kernel/http/body.js";
import { ownRecord } from "../../kernel/own.js";
import { derivedId, uuidOf } from "../../kernel/seed-helpers.js";
import { find, get, put } from "../../kernel/store/table.js";
import { identitySelectors } from "../identity/index.js";
import { DEFAULT_TYPE_NAME, type BlockStorageState } from "./state.js";

const typeSeed = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1).max(255),
  description: z.string().nullable().default(null),
  is_public: z.boolean().default(true),
  extra_specs: ownRecord(z.string(), z.string()).default({}),
  /** projects a private type is shared with, by name or id */
  projects: z.array(z.string()).default([]),
});

const quotaSeed = z.looseObject({ project: z.string().min(1) });

const seedSchema = z.strictObject({
  volume_types: z.array(typeSeed).default([]),
  /** the type volumes get when they name none (default `__DEFAULT__`, created when absent) */
  default_type: z.string().min(1).optional(),
  quotas: z.array(quotaSeed).default([]),
});

/** The section as a world document writes it (src/client/types-world.ts writes it out for the client). */
export type BlockStorageSeedSection = z.input<typeof seedSchema>;

const seedError = (message: string) => new ApiError(400, undefined, `Invalid block-storage seed: ${message}`);

export function loadBlockStorageSeed(s: BlockStorageState, section: unknown, _kernel: Kernel, world: Readonly<Record<string, unknown>>): void {
  const doc = validate(seedSchema, section ?? {}, true);
  const project = (ref: string, what: string) => {
    const id = identitySelectors.projectId(world, ref);
    if (!id) throw seedError(`${what} names project ${ref}, which the identity seed does not have`);
    return id;
  };
  // a merged world's section lands on the types already there, and keeps their default unless it names one
  const defaultName = doc.default_type ?? get(s.volumeTypes, s.defaultTypeId)?.name ?? DEFAULT_TYPE_NAME;
  const types = doc.volume_types.some((t) => t.name === defaultName) || find(s.volumeTypes, (t) => t.name === defaultName)
    ? doc.volume_types
    : [{ name: defaultName, description: "Default Volume Type", is_public: true, extra_specs: {}, projects: [] }, ...doc.volume_types];
  for (const t of types) {
    if (find(s.volumeTypes, (x) => x.name === t.name)) throw seedError(`volume type ${t.name} is listed twice`);
    put(s.volumeTypes, {
      id: ("id" in t && t.id) || uuidOf(derivedId("block-storage.volume_type", t.name)),
      name: t.name,
      description: t.description,
      isPublic: t.is_public,
      extraSpecs: { ...t.extra_specs },
      qosSpecsId: null,
      projectIds: t.projects.map((p) => project(p, `volume type ${t.name}`)),
    });
  }
  s.defaultTypeId = find(s.volumeTypes, (t) => t.name === defaultName)!.id;
  for (const q of doc.quotas) {
    const { project: ref, ...limits } = q;
    for (const [k, v] of Object.entries(limits)) if (typeof v !== "number" || !Number.isInteger(v) || v < -1) throw seedError(`quota ${k} of ${ref} must be an integer >= -1`);
    put(s.quotas, { id: project(ref, "a quota"), limits: limits as Record<string, number> });
  }
}
