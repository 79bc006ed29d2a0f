// The explicit list of cloud services this emulator runs. Adding a service is one line here and one
// folder under services/ whose index.ts exports its ServiceDefinition (kernel/service.ts).

import type { z } from "zod";
import type { ServiceDefinition, ServiceModule } from "./kernel/service.js";
import type { PlatformOptions } from "./kernel/options.js";
import { catalogOf, type CatalogService } from "./catalog.js";
import { identity } from "./services/identity/index.js";
import { networking } from "./services/networking/index.js";
import { image } from "./services/image/index.js";
import { objectStorage } from "./services/object-storage/index.js";
import { s3 } from "./services/s3/index.js";
import { blockStorage } from "./services/block-storage/index.js";
import { compute } from "./services/compute/index.js";
import { instanceHa } from "./services/instance-ha/index.js";

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
