// The contract between the emulator and a cloud service: one folder per service, whose index.ts exports a
// ServiceDefinition (its options, and how its module is made) that src/services.ts lists. Everything the
// emulator does with "every service" (seeding, resets, tenants, the control API, the catalog, the options)
// goes through the module's declarations here, so adding a service touches no other folder.

import type { Hono } from "hono";
import type { z } from "zod";
import type { ErrorEnvelope } from "./errors.js";
import type { Kernel } from "./kernel.js";
import type { Tx } from "./store/store.js";
import type { AppEnv } from "./http/context.js";
import type { OperationContext } from "./operation.js";
import type { PlatformOptions, ServiceOptions } from "./options.js";
import type { ResourceKind } from "./resources.js";
import type { ServiceControl } from "./control-route.js";
import type { ServiceNotifications } from "./notifications.js";

/**
 * A service as src/services.ts lists it. Its options are parsed with every other option before any module
 * exists (flags, variables, config keys); `create` then makes the module from the parsed values.
 */
export interface ServiceDefinition<F extends z.ZodRawShape = {}> {
  name: string;
  options?: ServiceOptions<F>;
  create(options: PlatformOptions & z.output<z.ZodObject<F>>, platform: Platform): ServiceModule;
}

/** What the emulator hands every service it makes besides the options. */
export interface Platform {
  /** every mounted service's catalog entries, and the control API's; filled once all modules are made */
  catalog: CatalogEntry[];
}

export interface ServiceModule<S = unknown> {
  /** state key, journal and fault-rule label (e.g. `identity`) */
  name: string;
  /** where the service is mounted (e.g. `/identity`) */
  mountPath: string;
  /** what the identity service's catalog lists for this service (none: not listed) */
  catalog?: CatalogEntry[];
  /**
   * the JSON error envelope of an OpenStack service (absent for other shapes: S3's XML, Swift's HTML); the
   * edge a service declares (credentials, error shape, body limits, request ids) is its ServiceHttp
   * (http/service-app.ts), handed to buildServiceApp in `routes`
   */
  envelope?: ErrorEnvelope;
  initialState(): S;
  /**
   * Its state holds blob references ({id, size, md5}: object bytes, image data). Only these slices are
   * walked for them (a snapshot's blobs checked on import, the blobs a saved state still names).
   */
  holdsBlobs?: boolean;
  /**
   * Loads this service's section of a seed world into its slice (already initialised). `world` is the
   * whole state being seeded, read-only: services earlier in the list are already loaded, so a loader may
   * read them through their exported selectors (networking reads identity's projects).
   */
  loadSeed(draft: S, section: unknown, kernel: Kernel, world: Readonly<Record<string, unknown>>): void;
  /** Puts one project's resources back as they are in `seeded` (the slice right after seeding). */
  resetProject?(draft: S, seeded: S, projectId: string, context: ResetContext): void;
  /** Builds the service's routes; called once, after the kernel exists. */
  routes(kernel: Kernel): Hono<AppEnv>;
  /** Registers transitions, event subscriptions, the token resolver; called once. */
  start?(kernel: Kernel): void;
  /**
   * Control operations of this service's own (a compute host failing, say), mounted under
   * /_emulator/<name>; the control API's error shape and no token, like the rest of /_emulator.
   */
  control?(kernel: Kernel): ServiceControl;
  /**
   * The operations of work no request carries (a lifecycle step, a recovery task, a driver) that a fault
   * rule may name; with the route tables' operations and their variants, what a rule is checked against.
   */
  stepOperations?(kernel: Kernel): readonly string[];
  /**
   * What the service sends on and takes from the message bus (the AMQP bridge, src/bus/, when configured):
   * its domain events as oslo.messaging notifications, and the notifications it acts on. Read only when a
   * bridge runs.
   */
  notifications?(kernel: Kernel): ServiceNotifications;
  /** Readiness for /_emulator/health. */
  health?(kernel: Kernel): { ready: boolean; detail?: string };
  /** The kinds of resource the control API lists and reads the status of (GET /_emulator/resources). */
  resources?: ResourceKind<S>[];
  /** This service's part of a tenant (POST /_emulator/tenants) and of a tenant's teardown. */
  tenants?: TenantHooks<S>;
  /**
   * The world was replaced under the service (a reset, a seed, a snapshot import): state it keeps outside
   * the store (instance HA's recovery runs) is dropped or rebuilt from the new state.
   */
  worldReplaced?(kernel: Kernel, how: "reset" | "import"): void;
  /**
   * What is wrong with the rows of a snapshot's slice being imported (already checked to have a fresh
   * slice's shape), beyond that shape: the records the service keeps in a form of its own. Undefined when
   * none; otherwise the import is a 400 and nothing changes.
   */
  snapshotProblem?(slice: S): string | undefined;
}

/**
 * A tenant as the services make it, in one store update: the ids and names the control API chose, the
 * request's other fields for the service that reads them, and what each service made, merged into the answer.
 */
export interface NewTenant {
  projectId: string;
  projectName: string;
  userId: string;
  userName: string;
  password: string;
  /** salt of the password hash */
  salt: string;
  roleName: string;
  /** the domain project and user live in (OS_*_DOMAIN_NAME), set by the service that makes them */
  domainName: string;
  /** the request's fields beyond the names (`network`, `cidr`, `externalNetwork`) */
  input: Readonly<Record<string, unknown>>;
  /** what the services made, by the answer's field (`project`, `user`, `network`, `securityGroupId`) */
  made: Record<string, unknown>;
}

/** Every hook runs inside the tenant's (or the reset's) one store update, on this service's draft slice. */
export interface TenantHooks<S> {
  /** the limits `quotas.<service name>` of POST /_emulator/tenants may set */
  quotaKeys?: readonly string[];
  setUp?(draft: S, tenant: NewTenant, ctx: OperationContext<null>): void;
  setQuotas?(draft: S, projectId: string, limits: Record<string, number>, ctx: OperationContext<null>): void;
  /**
   * After every service's resetProject: a project the seed world lacks goes, with what only it held. Returns
   * the ids of the users removed along with it, for the other services' `dropUsers`.
   */
  dropProject?(draft: S, seeded: S, projectId: string, tx: Tx): readonly string[];
  /** users another service removed (a tenant's teardown): what they owned goes too (Nova's key pairs) */
  dropUsers?(draft: S, userIds: readonly string[]): void;
}

/** One service in the token catalog: public, internal and admin endpoints at `path` below the base URL. */
export interface CatalogEntry {
  /** service type clients look up (`compute`, `network`, `volumev3`) */
  type: string;
  name: string;
  /** path below the base URL; `{project_id}` is filled from the token's project */
  path: string;
}

/**
 * What a per-project reset may use besides its own slice. All services reset in one update, in list order,
 * so `world` (the whole draft) already holds the earlier services' reset slices: a service repairs its links
 * into them through their exported functions (compute lets go of ports networking took back).
 */
export interface ResetContext {
  kernel: Kernel;
  world: Record<string, unknown>;
  /** the update's transaction: afterCommit for lifecycle bookkeeping (a removed resource's pending step) */
  tx: Tx;
}
