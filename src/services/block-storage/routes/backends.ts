// What an admin sees of the storage behind the API (cinder/api/contrib/scheduler_stats.py, capabilities.py):
// the pools volumes land in, with capacities counted from the volumes there, and what each backend's driver
// reports it can do. The backends are the types' volume_backend_name values (the services: routes/services.ts).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { scan } from "../../../kernel/store/table.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { backends, cinderServices, HOST, hostMatches } from "../backends.js";
import { itemNotFound } from "../errors.js";
import { queryBool } from "../schemas/parameter-types.js";
import type { BlockStorageDeps } from "./deps.js";
import { queryParam } from "../../../kernel/http/context.js";

/** Every pool's capacity: a devstack-sized LVM volume group. */
const POOL_GB = 1000;

/** the driver's: devstack's LVM driver */
const DRIVER = { vendor_name: "Open Source", driver_version: "3.0.0", storage_protocol: "iSCSI" };

/** Cinder's standard capabilities (volume/driver.py _init_standard_capabilities), each a boolean */
const property = (title: string, description: string) => ({ title, description, type: "boolean" });
const STANDARD_CAPABILITIES = {
  thin_provisioning: property("Thin Provisioning", "Sets thin provisioning."),
  compression: property("Compression", "Enables compression."),
  qos: property("QoS", "Enables QoS."),
  replication_enabled: property("Replication", "Enables replication."),
};


export function backendRoutes(deps: BlockStorageDeps): RouteDef[] {
  const admin = { policy: "admin" as const };
  return [
    {
      method: "GET",
      path: "/capabilities/:host",
      operation: "block-storage.capabilities.show",
      ...admin,
      handler: (c) => {
        const id = c.req.param("host")!;
        // the first volume service the host names, matched as the services' host filter matches
        const service = cinderServices(deps.state()).find((x) => x.binary === "cinder-volume" && hostMatches(x.host, id));
        if (!service) throw itemNotFound(`Can't find service: ${id}`);
        const backend = service.host.slice(service.host.indexOf("@") + 1);
        return c.json({
          namespace: `OS::Storage::Capabilities::${service.host}`,
          vendor_name: DRIVER.vendor_name,
          volume_backend_name: backend,
          pool_name: null,
          driver_version: DRIVER.driver_version,
          storage_protocol: DRIVER.storage_protocol,
          display_name: null,
          description: null,
          visibility: null,
          replication_targets: [],
          properties: STANDARD_CAPABILITIES,
        });
      },
    },
    {
      method: "GET",
      path: "/scheduler-stats/get_pools",
      operation: "block-storage.pool.list",
      ...admin,
      handler: (c) => {
        const s = deps.state();
        const detail = queryBool(queryParam(c, "detail") ?? "false") ?? false;
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
                  ...DRIVER,
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
