// The identity service module (Keystone v3 at /identity): the only file other code imports. It also
// installs the kernel's token resolver, which every authenticated route of every service uses.

import type { ServiceDefinition, ServiceModule } from "../../kernel/service.js";
import { identityResources } from "./resources.js";
import { identityTenants } from "./tenants.js";
import { identityOptions, securityCompliance, type IdentityOptions } from "./options.js";
import { buildServiceApp } from "../../kernel/http/service-app.js";
import { noTx } from "../../kernel/seed-helpers.js";
import { baseUrl } from "../../kernel/http/context.js";
import { get, values } from "../../kernel/store/table.js";
import { envelope } from "./errors.js";
import { findByName, initialIdentityState, nameKey, type IdentityState } from "./state.js";
import { loadIdentitySeed } from "./seed.js";

/** its section of a seed world (src/services.ts gathers the sections) */
export type { IdentitySeedSection } from "./seed.js";
import { resetIdentityProject } from "./operations/reset.js";
import { identityRoutes } from "./routes/index.js";
import { SLICE } from "./state.js";
import { TokenCache } from "./token-cache.js";
import { TokenSweeper } from "./token-sweep.js";
import { seedCatalog } from "./catalog-seed.js";

// its events (events.ts merges them into the kernel's EventMap wherever this module is compiled)
export type { IdentityEvents } from "./events.js";
export type { IdentityState } from "./state.js";
export type { IdentityOptions } from "./options.js";

export function identityService(options: IdentityOptions): ServiceModule<IdentityState> {
  const mountPath = "/identity";
  const tokens = new TokenCache();
  return {
    name: SLICE,
    mountPath,
    catalog: [{ type: "identity", name: "keystone", path: mountPath }],
    envelope,
    resources: identityResources,
    tenants: identityTenants,
    initialState: initialIdentityState,
    loadSeed: (draft, section) => {
      loadIdentitySeed(draft, { tx: noTx }, section);
      seedCatalog(draft, options.catalog, options.region);
    },
    resetProject: resetIdentityProject,
    start(kernel) {
      // every authenticated request of every service resolves its token
      kernel.setTokenResolver({ resolve: (token) => tokens.principal(kernel.slice<IdentityState>(SLICE), token, kernel.clock.now()) });
      // tokens past any use are forgotten on the clock (a CLI logs in before every call)
      const sweeper = new TokenSweeper(kernel);
      kernel.events.subscribe("identity.token.issued", () => sweeper.plan());
    },
    routes(kernel) {
      return buildServiceApp(
        kernel,
        {
          name: SLICE,
          mountPath,
          envelope,
          // Keystone names where to authenticate on every 401
          errorHeaders: (c, error): Record<string, string> =>
            error.status === 401 ? { "WWW-Authenticate": `Keystone uri="${baseUrl(c)}/identity/v3"` } : {},
        },
        identityRoutes(kernel, options, tokens),
      );
    },
    health: (kernel) => {
      const s = kernel.slice<IdentityState>(SLICE);
      if (!s) return { ready: false, detail: "no state" };
      const domain = get(s.domains, "default") ? "default domain present" : "no default domain";
      return { ready: true, detail: `${s.users.size} users, ${s.projects.size} projects, ${domain}` };
    },
  };
}

/** Selectors other services may use to read identity's state (slice `identity` of the root). */
export const identitySelectors = {
  /** every project id, in creation order */
  projectIds(root: Readonly<Record<string, unknown>>): string[] {
    const s = root[SLICE] as IdentityState | undefined;
    return s ? values(s.projects).map((p) => p.id) : [];
  },
  /** a project's id from its name (in domain `default` unless named) or its id */
  projectId(root: Readonly<Record<string, unknown>>, ref: string, domainId = "default"): string | undefined {
    const s = root[SLICE] as IdentityState | undefined;
    if (!s) return undefined;
    if (get(s.projects, ref)) return ref;
    return findByName(s, s.projects, nameKey.project(domainId, ref))?.id;
  },
};

/** Identity as src/services.ts lists it: Keystone's [security_compliance] options, the catalog of every service. */
export const identity: ServiceDefinition<typeof identityOptions.fields> = {
  name: SLICE,
  options: identityOptions,
  create: (o, platform) =>
    identityService({
      catalog: platform.catalog,
      region: o.region,
      tokenTtlSeconds: o.tokenTtlSeconds,
      profile: o.profile,
      securityCompliance: securityCompliance(o.securityCompliance),
    }),
};
