// Service apps mounted on the first request under their mount path rather than at startup: a service's
// route table, and in the bundle the route modules with their zod schemas (scripts/build-defer.mjs), cost
// nothing until a client uses the service. Once mounted, its routes sit in the app's router like any other,
// so every later request takes the same path as if they had been there from the start.

import type { Hono } from "hono";
import type { Kernel } from "../kernel.js";
import type { ServiceModule } from "../service.js";
import type { AppEnv, Ctx } from "./context.js";
import type { MaybePromise } from "./maybe-promise.js";
import { routeTable, unmatchedHandler, type RouteDef } from "./service-app.js";

export interface Mount {
  service: ServiceModule;
  mounted: boolean;
  /** the service's app, once built (to mount it, or to read its route table) */
  app?: Hono<AppEnv>;
  /** the service's 404/405 for a path under its mount that none of its routes matched (service-app.ts) */
  unmatched?: (c: Ctx) => MaybePromise<Response>;
}

export class ServiceMounts {
  readonly #mounts: Mount[];
  /** the longest mount path first, so a service mounted below another's path owns its own paths */
  readonly #byLength: Mount[];

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly kernel: Kernel,
    services: readonly ServiceModule[],
  ) {
    this.#mounts = services.map((service) => ({ service, mounted: false }));
    this.#byLength = [...this.#mounts].sort((a, b) => b.service.mountPath.length - a.service.mountPath.length);
  }

  /** The service whose mount path holds `path`, if any. */
  owner(path: string): Mount | undefined {
    return this.#byLength.find((m) => within(path, m.service.mountPath));
  }

  /** A service's route table, its app built (not mounted) if no request has reached it yet. */
  routeTable(service: ServiceModule): ReadonlyArray<Readonly<RouteDef>> {
    const mount = this.#mounts.find((m) => m.service === service);
    return mount ? routeTable(this.#appOf(mount)) : [];
  }

  #appOf(mount: Mount): Hono<AppEnv> {
    return (mount.app ??= mount.service.routes(this.kernel));
  }

  /**
   * Adds `mount`'s routes to the app, with those of every service nested with it (mounted above or below
   * its path, or below one of those), in the list's order, as mounting them all at startup would: a parent's
   * parameter route never answers for a child's path the router does not know yet. False when it was
   * mounted already.
   */
  mount(mount: Mount): boolean {
    if (mount.mounted) return false;
    const family = new Set([mount]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const m of this.#mounts) {
        if (family.has(m) || ![...family].some((f) => nested(f.service.mountPath, m.service.mountPath))) continue;
        family.add(m);
        grew = true;
      }
    }
    for (const m of this.#mounts) {
      if (!family.has(m) || m.mounted) continue;
      // marked first: a route table that throws (a bug) is not added twice by the next request
      m.mounted = true;
      const serviceApp = this.#appOf(m);
      this.app.route(m.service.mountPath, serviceApp);
      m.unmatched = unmatchedHandler(serviceApp);
    }
    return true;
  }
}

function within(path: string, mountPath: string): boolean {
  return mountPath === "/" || path === mountPath || path.startsWith(`${mountPath}/`);
}

function nested(a: string, b: string): boolean {
  return within(a, b) || within(b, a);
}
