// The explicit list of cloud services this emulator runs. Adding a service is one line here and one
// folder under services/ whose index.ts exports its ServiceDefinition (kernel/service.ts).

import type { z } from "zod";
import type { ServiceDefinition, ServiceModule } from "./kernel/service.js";
import type { PlatformOptions } from "./kernel/options.js";
import { catalogOf, type CatalogService } from "./catalog.js";
import { identity, type IdentitySeedSection } from "./services/identity/index.js";
import { networking, type NetworkingSeedSection } from "./services/networking/index.js";
import { image, type ImageSeedSection } from "./services/image/index.js";
import { objectStorage } from "./services/object-storage/index.js";
import { s3 } from "./services/s3/index.js";
import { blockStorage, type BlockStorageSeedSection } from "./services/block-storage/index.js";
import { compute, type ComputeSeedSection } from "./services/compute/index.js";
import { instanceHa, type InstanceHaSeedSection } from "./services/instance-ha/index.js";
import type { Assert, Equals } from "./kernel/type-equals.js";
import type { WorldSections } from "./client/types-world.js";

/** The services' events, merged into the kernel's EventMap by each service's events.ts. */
export type { EventMap } from "./kernel/events.js";

/**
 * In dependency order: a service may call those listed before it, through their index.ts or a
 * for-<consumer>.ts contract (compute boots from image's catalog and attaches block storage's volumes; block
 * storage backs up into object storage; S3 serves object storage's containers, signed with identity's EC2
 * keys; instance HA asks compute); the other direction is an event. Identity publishes every service's catalog.
 */
export const SERVICES = [identity, networking, image, objectStorage, s3, blockStorage, compute, instanceHa] as const;

type FieldsOf<D> = D extends ServiceDefinition<infer F> ? F : never;
type Intersect<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every listed service's option fields, spread into config.ts's one options schema. */
export type ServiceOptionFields = Intersect<FieldsOf<(typeof SERVICES)[number]>>;

/** What the services read of the parsed options: the platform's, and each one's own. */
export type ServicesOptions = PlatformOptions & z.output<z.ZodObject<ServiceOptionFields>>;

/** The modules of `definitions`, made from the parsed options; identity's catalog lists every one of them. */
export function createServices(definitions: readonly ServiceDefinition<any>[], options: ServicesOptions): ServiceModule[] {
  const catalog: CatalogService[] = [];
  // ServicesOptions holds each listed definition's own fields and the platform's: each reads its own
  const services = definitions.map((definition) => definition.create(options as unknown as Parameters<typeof definition.create>[0], { catalog }));
  catalog.push(...catalogOf(services));
  return services;
}

export function defaultServices(options: ServicesOptions): ServiceModule[] {
  return createServices(SERVICES, options);
}

/**
 * A seed world's sections, each as its service's loader parses it (null or absent: nothing). Object storage
 * and S3 seed nothing (containers and buckets come through their APIs). Compute's `images` (older worlds)
 * are handed to the image service's loader, which parses them as its own.
 */
export interface SeedSections {
  identity?: IdentitySeedSection | null;
  networking?: NetworkingSeedSection | null;
  image?: ImageSeedSection | null;
  "object-storage"?: Record<string, never> | null;
  s3?: Record<string, never> | null;
  "block-storage"?: BlockStorageSeedSection | null;
  compute?: (Omit<ComputeSeedSection, "images"> & { images?: NonNullable<ImageSeedSection["images"]> }) | null;
  "instance-ha"?: InstanceHaSeedSection | null;
}

// the client's world documents (src/client/types-world.ts) are what the loaders parse, section by section
type _World = Assert<Equals<DeepPlain<SeedSections>, DeepPlain<WorldSections>>>;

/** A type as plain nested objects, so Equals compares members rather than how zod or a hand wrote them. */
type DeepPlain<T> = T extends readonly (infer E)[] ? DeepPlain<E>[] : T extends object ? { [K in keyof T]: DeepPlain<T[K]> } : T;
