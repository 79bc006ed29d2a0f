// The contract between the kernel and a cloud service module: one folder per service, one object each.

import type { Hono } from "hono";
import type { ErrorEnvelope } from "./errors.js";
import type { Kernel } from "./kernel.js";
import type { Tx } from "./store/store.js";
import type { AppEnv } from "./http/context.js";

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
  control?(kernel: Kernel): Hono<AppEnv>;
  /** The OpenAPI document of `control`'s routes; the control API's document mounts it under /_emulator/<name>. */
  controlOpenApi?(): ControlOpenApi;
  /** Readiness for /_emulator/health. */
  health?(kernel: Kernel): { ready: boolean; detail?: string };
}

/**
 * OpenAPI 3.1 paths (relative to the service's control mount: `/hosts` for /_emulator/compute/hosts) and the
 * component schemas they reference. Built on the first request for the document, not at startup.
 */
export interface ControlOpenApi {
  paths: Record<string, Record<string, unknown>>;
  schemas?: Record<string, Record<string, unknown>>;
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
