// What an admin sees of the storage behind the API (cinder/api/contrib/services.py, scheduler_stats.py):
// the cinder services (scheduler, a volume service per backend, backup) and the pools volumes land in,
// with capacities counted from the volumes there. The backends are the types' volume_backend_name values.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { scan } from "../../../kernel/store/table.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { backends, cinderServices, DEFAULT_ZONE, HOST, hostMatches } from "../backends.js";
import { queryBool } from "../schemas/parameter-types.js";
import type { BlockStorageDeps } from "./deps.js";

/** Every pool's capacity: a devstack-sized LVM volume group. */
const POOL_GB = 1000;


export function backendRoutes(deps: BlockStorageDeps): RouteDef[] {
  const admin = { policy: "admin" as const };
  return [
    {
      method: "GET",
      path: "/os-services",
      operation: "block-storage.service.list",
      ...admin,
      handler: (c) => {
        const updated = isoMicroNoZone(deps.kernel.clock.now());
        const all = cinderServices(deps.state()).map(({ binary, host }) => ({
          binary, host, zone: DEFAULT_ZONE, status: "enabled", state: "up", updated_at: updated, disabled_reason: null,
        }));
        const binary = c.req.query("binary");
        const host = c.req.query("host");
        return c.json({ services: all.filter((x) => (binary === undefined || x.binary === binary) && (host === undefined || hostMatches(x.host, host))) });
      },
    },
    {
      method: "GET",
      path: "/scheduler-stats/get_pools",
      operation: "block-storage.pool.list",
      ...admin,
      handler: (c) => {
        const s = deps.state();
        const detail = queryBool(c.req.query("detail") ?? "false") ?? false;
        const allocated = new Map<string, number>();
        for (const v of scan(s.volumes)) allocated.set(v.host, (allocated.get(v.host) ?? 0) + v.size);
        const pools = backends(s).map((b) => {
          const name = `${HOST}@${b}#${b}`;
          const used = allocated.get(name) ?? 0;
          return detail
            ? {
                name,
                capabilities: {
                  pool_name: b,
                  volume_backend_name: b,
                  storage_protocol: "iSCSI",
                  vendor_name: "Open Source",
                  driver_version: "3.0.0",
                  total_capacity_gb: POOL_GB,
                  free_capacity_gb: Math.max(0, POOL_GB - used),
                  allocated_capacity_gb: used,
                  reserved_percentage: 0,
                  thin_provisioning_support: true,
                  multiattach: true,
                  timestamp: isoMicroNoZone(deps.kernel.clock.now()),
                },
              }
            : { name };
        });
        return c.json({ pools });
      },
    },
  ];
}
