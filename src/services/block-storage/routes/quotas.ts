// Quota sets and limits (cinder/api/contrib/quotas.py, cinder/api/v3/limits.py): a project's limits (with
// `usage=true` each as {limit, in_use, reserved, allocated}), the defaults, the admin update and delete
// (back to the defaults), and /limits' absolute counts. Users read their own project's limits and defaults
// (volume_extension:quotas:show guards both); admins any.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { forbidden } from "../errors.js";
import { defaultLimit, deleteQuotas, limitOf, quotaKeys, updateQuotas, usedOf } from "../operations/quotas.js";
import { queryBool } from "../schemas/parameter-types.js";
import { updateQuotaBody } from "../schemas/quotas.js";
import { invalidInput } from "../errors.js";
import type { BlockStorageDeps } from "./deps.js";

const NON_QUOTA_KEYS = ["tenant_id", "id", "skip_validation"];

export function quotaRoutes(deps: BlockStorageDeps): RouteDef[] {
  const target = (c: Ctx) => {
    const project = c.req.param("project_id_target")!;
    const caller = deps.caller(c);
    if (!caller.isAdmin && project !== caller.projectId) throw forbidden("Policy doesn't allow volume_extension:quotas:show to be performed.");
    return project;
  };
  const quotaSet = (projectId: string, usage: boolean) => {
    const s = deps.state();
    const entries = quotaKeys(s).map((k) => {
      const limit = limitOf(s, projectId, k);
      return [k, usage ? { limit, in_use: usedOf(s, projectId, k), reserved: 0, allocated: 0 } : limit] as const;
    });
    return { id: projectId, ...Object.fromEntries(entries) };
  };
  return [
    {
      method: "GET",
      path: "/os-quota-sets/:project_id_target",
      operation: "block-storage.quota.show",
      handler: (c) => c.json({ quota_set: quotaSet(target(c), queryBool(queryParam(c, "usage") ?? "false") ?? false) }),
    },
    {
      method: "GET",
      path: "/os-quota-sets/:project_id_target/defaults",
      operation: "block-storage.quota.defaults",
      handler: (c) => {
        const project = target(c);
        const keys = quotaKeys(deps.state());
        return c.json({ quota_set: { id: project, ...Object.fromEntries(keys.map((k) => [k, defaultLimit(deps.state(), k)])) } });
      },
    },
    route({
      method: "PUT",
      path: "/os-quota-sets/:project_id_target",
      operation: "block-storage.quota.update",
      policy: "admin",
      schema: updateQuotaBody,
      handler: (c, { quota_set }) => {
        const project = c.req.param("project_id_target")!;
        const changes: Record<string, number> = {};
        for (const [key, value] of Object.entries(quota_set)) {
          // not limits (Cinder's NON_QUOTA_KEYS): cinderclient always sends tenant_id, clients echo the id back
          if (NON_QUOTA_KEYS.includes(key)) continue;
          if (typeof value !== "number") throw invalidInput(`Quota limit for ${key} must be an integer.`);
          Object.defineProperty(changes, key, { value, enumerable: true, writable: true, configurable: true });
        }
        deps.write(c, (s) => updateQuotas(s, project, changes));
        const { id: _id, ...limits } = quotaSet(project, false);
        return c.json({ quota_set: limits });
      },
    }),
    {
      method: "DELETE",
      path: "/os-quota-sets/:project_id_target",
      operation: "block-storage.quota.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteQuotas(s, c.req.param("project_id_target")!));
        return c.body(null, 200);
      },
    },
    {
      method: "GET",
      path: "/limits",
      operation: "block-storage.limits.show",
      handler: (c) => {
        const s = deps.state();
        const project = deps.caller(c).projectId;
        const limit = (k: string) => limitOf(s, project, k);
        const used = (k: string) => usedOf(s, project, k);
        return c.json({
          limits: {
            rate: [],
            absolute: {
              maxTotalVolumes: limit("volumes"),
              maxTotalSnapshots: limit("snapshots"),
              maxTotalVolumeGigabytes: limit("gigabytes"),
              maxTotalBackups: limit("backups"),
              maxTotalBackupGigabytes: limit("backup_gigabytes"),
              totalVolumesUsed: used("volumes"),
              totalGigabytesUsed: used("gigabytes"),
              totalSnapshotsUsed: used("snapshots"),
              totalBackupsUsed: used("backups"),
              totalBackupGigabytesUsed: used("backup_gigabytes"),
            },
          },
        });
      },
    },
    {
      method: "GET",
      path: "/os-availability-zone",
      operation: "block-storage.availability_zone.list",
      handler: (c) => c.json({ availabilityZoneInfo: [{ zoneName: "nova", zoneState: { available: true } }] }),
    },
  ];
}
