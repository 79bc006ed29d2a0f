// Control: POST /tenants makes a test worker its own corner of the cloud in one store update: each service
// that takes part (ServiceModule.tenants) sets up its share (identity: a project with a member user;
// networking: the default security group, a private network + subnet + router gatewayed to the external
// network) and the quota limits asked of it. POST /reset?project= tears it down again (world-state.ts).

import type { Hono } from "hono";
import * as z from "zod";
import type { Kernel } from "../kernel/kernel.js";
import type { NewTenant, ServiceModule } from "../kernel/service.js";
import { baseUrl, type AppEnv } from "../kernel/http/context.js";
import { validate } from "../kernel/http/body.js";
import { ApiError } from "../kernel/errors.js";
import { runOperation } from "../kernel/operation.js";
import type { Assert, Equals } from "../kernel/type-equals.js";
import type { World } from "../world-state.js";
import { cloudsYaml, osEnvironment } from "../clouds.js";
import type { CloudCredentials, Tenant, TenantInput } from "../client/types.js";
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
      .record(z.string(), z.record(z.string(), limit))
      .optional()
      .describe("limits of the project's own, by service (compute, networking, block-storage) and quota key"),
  })
  .strict()
  .refine((t) => t.network !== false || (t.cidr === undefined && t.externalNetwork === undefined), "`cidr` and `externalNetwork` need `network`");

type _Input = Assert<Equals<Omit<z.input<typeof tenantSchema>, "quotas">, Omit<TenantInput, "quotas">>>;

export function tenantRoutes(app: Hono<AppEnv>, kernel: Kernel, world: World, services: readonly ServiceModule[]): void {
  app.post(
    "/tenants",
    handle(async (c) => {
      const body = validate(tenantSchema, await optionalJson(c, kernel.options.maxBodyBytes));
      checkQuotas(services, body.quotas);
      const url = baseUrl(c);
      const { credentials, ...made } = createTenant(kernel, services, body, world.logins.regionName);
      world.logins.addTenant(made.project.id, credentials);
      const tenant: Tenant = { ...made, credentials, osEnvironment: osEnvironment(url, credentials), cloudsYaml: cloudsYaml(url, credentials) };
      return c.json(tenant, 201);
    }),
  );
}

/** Each service's limits name its own quota keys; a service without tenant quotas takes none. */
function checkQuotas(services: readonly ServiceModule[], quotas: Record<string, Record<string, number>> | undefined): void {
  for (const [name, limits] of Object.entries(quotas ?? {})) {
    const keys = services.find((s) => s.name === name)?.tenants?.quotaKeys;
    const takers = services.filter((s) => s.tenants?.quotaKeys).map((s) => s.name);
    if (!keys) throw new ApiError(400, undefined, `quotas.${name}: no service here takes tenant quotas by that name (${takers.join(", ")} do).`);
    const unknown = Object.keys(limits).filter((k) => !keys.includes(k));
    if (unknown.length) throw new ApiError(400, undefined, `quotas.${name}: unknown key ${unknown.join(", ")}; the keys are ${keys.join(", ")}.`);
  }
}

type Made = Omit<Tenant, "osEnvironment" | "cloudsYaml">;

/** Everything in one store update; on any error nothing is kept, the id stream included. */
function createTenant(kernel: Kernel, services: readonly ServiceModule[], body: z.output<typeof tenantSchema>, regionName: string): Made {
  const ids = kernel.ids;
  const saved = ids.save();
  try {
    const projectId = ids.hexId();
    const userId = ids.hexId();
    const salt = ids.hexId().slice(0, 16);
    const projectName = body.name ?? `tenant-${ids.hexId().slice(0, 8)}`;
    const tenant: NewTenant = {
      projectId,
      projectName,
      userId,
      userName: body.username ?? projectName,
      password: body.password ?? ids.secret(),
      salt,
      roleName: body.role ?? "member",
      domainName: "",
      input: body,
      made: {},
    };
    return runOperation(kernel, null, (ctx): Made => {
      for (const service of services) {
        const hooks = service.tenants;
        if (!hooks) continue;
        const slice = ctx.root[service.name];
        hooks.setUp?.(slice, tenant, ctx);
        const limits = body.quotas?.[service.name];
        if (limits) hooks.setQuotas?.(slice, tenant.projectId, limits, ctx);
      }
      const { userName: username, password, roleName, domainName } = tenant;
      const credentials: CloudCredentials = { username, password, projectName, userDomainName: domainName, projectDomainName: domainName, regionName };
      const made = tenant.made as Omit<Made, "credentials" | "user"> & { user: { id: string; name: string } };
      return { ...made, network: made.network ?? null, user: { ...made.user, password, role: roleName }, credentials };
    });
  } catch (error) {
    ids.restore(saved);
    throw error;
  }
}
