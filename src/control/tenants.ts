// Control: POST /tenants makes a test worker its own corner of the cloud in one store update: a project with
// a member user, its default security group, a private network + subnet (a free 10.x.y.0/24) + router
// gatewayed to the external network, and optional quota limits. POST /reset?project= tears it down again.

import type { Hono } from "hono";
import * as z from "zod";
import type { Kernel } from "../kernel/kernel.js";
import { baseUrl, type AppEnv } from "../kernel/http/context.js";
import { validate } from "../kernel/http/body.js";
import type { Assert, Equals } from "../kernel/type-equals.js";
import type { World } from "../world-state.js";
import { cloudsYaml, osEnvironment } from "../clouds.js";
import type { CloudCredentials, Tenant, TenantInput } from "../client/types.js";
import { createTenantIdentity } from "../services/identity/for-control.js";
import { createTenantNetwork, ensureDefaultSecurityGroup, NETWORKING_QUOTA_KEYS, setTenantQuotas as setNetworkingQuotas } from "../services/networking/for-control.js";
import { COMPUTE_QUOTA_KEYS, setTenantQuotas as setComputeQuotas } from "../services/compute/for-control.js";
import { BLOCK_STORAGE_QUOTA_KEYS, setTenantQuotas as setBlockStorageQuotas } from "../services/block-storage/for-control.js";
import { handle, optionalJson } from "./http.js";

const limit = z.number().int().min(-1).describe("-1 is unlimited");

export const tenantSchema = z
  .object({
    name: z.string().min(1).max(64).optional().describe("the project's name; `tenant-<hex>` when absent"),
    username: z.string().min(1).max(255).optional().describe("the member user's name; the project's name when absent"),
    password: z.string().min(1).max(255).optional().describe("generated when absent"),
    role: z.string().min(1).optional().describe("the user's role on the project; `member` when absent"),
    network: z.boolean().optional().describe("a private network, subnet and router (true when absent)"),
    cidr: z.string().min(1).optional().describe("the subnet's IPv4 CIDR; a free 10.x.y.0/24 when absent"),
    externalNetwork: z.string().min(1).optional().describe("the router's gateway network (name or id); the default external network when absent"),
    quotas: z
      .object({
        compute: z.partialRecord(z.enum(COMPUTE_QUOTA_KEYS), limit).optional(),
        networking: z.partialRecord(z.enum(NETWORKING_QUOTA_KEYS), limit).optional(),
        "block-storage": z.partialRecord(z.enum(BLOCK_STORAGE_QUOTA_KEYS), limit).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((t) => t.network !== false || (t.cidr === undefined && t.externalNetwork === undefined), "`cidr` and `externalNetwork` need `network`");

type _Input = Assert<Equals<z.input<typeof tenantSchema>, TenantInput>>;

export function tenantRoutes(app: Hono<AppEnv>, kernel: Kernel, world: World): void {
  app.post(
    "/tenants",
    handle(async (c) => {
      const body = validate(tenantSchema, await optionalJson(c, kernel.options.maxBodyBytes));
      const url = baseUrl(c);
      const { credentials, ...made } = createTenant(kernel, body, world.logins.regionName);
      world.logins.addTenant(made.project.id, credentials);
      const tenant: Tenant = { ...made, credentials, osEnvironment: osEnvironment(url, credentials), cloudsYaml: cloudsYaml(url, credentials) };
      return c.json(tenant, 201);
    }),
  );
}

type Made = Omit<Tenant, "osEnvironment" | "cloudsYaml">;

/** Everything in one store update; on any error nothing is kept, the id stream included. */
function createTenant(kernel: Kernel, body: z.output<typeof tenantSchema>, regionName: string): Made {
  const ids = kernel.ids;
  const saved = ids.save();
  try {
    const projectId = ids.hexId();
    const userId = ids.hexId();
    const salt = ids.hexId().slice(0, 16);
    const name = body.name ?? `tenant-${ids.hexId().slice(0, 8)}`;
    const username = body.username ?? name;
    const password = body.password ?? ids.secret();
    const role = body.role ?? "member";
    return kernel.store.update((draft, tx): Made => {
      const ctx = { now: kernel.clock.now(), ids, tx };
      const identity = createTenantIdentity(draft, tx, { projectId, projectName: name, userId, userName: username, password, salt, roleName: role });
      const securityGroupId = ensureDefaultSecurityGroup(draft, ctx, projectId);
      const network = body.network === false ? null : createTenantNetwork(draft, ctx, { projectId, name, cidr: body.cidr, externalNetwork: body.externalNetwork });
      if (body.quotas?.networking) setNetworkingQuotas(draft, ctx, projectId, body.quotas.networking);
      if (body.quotas?.compute) setComputeQuotas(draft, projectId, body.quotas.compute);
      if (body.quotas?.["block-storage"]) setBlockStorageQuotas(draft, projectId, body.quotas["block-storage"]);
      const domain = identity.domainName;
      const credentials: CloudCredentials = { username, password, projectName: name, userDomainName: domain, projectDomainName: domain, regionName };
      return { project: identity.project, user: { ...identity.user, password, role }, network, securityGroupId, credentials };
    });
  } catch (error) {
    ids.restore(saved);
    throw error;
  }
}
