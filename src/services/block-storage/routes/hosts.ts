// os-hosts (cinder/api/contrib/hosts.py, admin only, deprecated upstream but still served): the hosts of the
// cinder services, and one volume host's usage, in total and per project, as strings as Cinder answers it.
// Its PUT (enable/disable a host) is not served.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { scan } from "../../../kernel/store/table.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { cinderServices, DEFAULT_ZONE, hostMatches } from "../backends.js";
import { itemNotFound } from "../errors.js";
import type { BlockStorageDeps } from "./deps.js";
import { queryParam } from "../../../kernel/http/context.js";

interface Usage {
  volumes: number;
  volumeGb: number;
  snapshots: number;
  snapshotGb: number;
}

const resource = (host: string, project: string, u: Usage) => ({
  resource: {
    host,
    project,
    volume_count: String(u.volumes),
    total_volume_gb: String(u.volumeGb),
    snapshot_count: String(u.snapshots),
    total_snapshot_gb: String(u.snapshotGb),
  },
});

export function hostRoutes(deps: BlockStorageDeps): RouteDef[] {
  const admin = { policy: "admin" as const };
  return [
    {
      method: "GET",
      path: "/os-hosts",
      operation: "block-storage.host.list",
      ...admin,
      handler: (c) => {
        const updated = isoMicroNoZone(deps.kernel.clock.now());
        const service = queryParam(c, "service");
        const hosts = cinderServices(deps.state())
          .filter((x) => service === undefined || x.binary === service)
          .map((x) => ({ host_name: x.host, service: x.binary, zone: DEFAULT_ZONE, "service-status": "available", "service-state": "enabled", "last-update": updated }));
        return c.json({ hosts });
      },
    },
    {
      method: "GET",
      path: "/os-hosts/:host",
      operation: "block-storage.host.show",
      ...admin,
      handler: (c) => {
        const s = deps.state();
        const host = c.req.param("host")!;
        // a volume service's host, exactly (Cinder's ServiceNotFound otherwise)
        if (!cinderServices(s).some((x) => x.binary === "cinder-volume" && x.host === host)) {
          throw itemNotFound(`Service host=${host} topic=cinder-volume could not be found.`);
        }
        const total: Usage = { volumes: 0, volumeGb: 0, snapshots: 0, snapshotGb: 0 };
        const perProject = new Map<string, Usage>();
        const usage = (project: string) => perProject.get(project) ?? perProject.set(project, { volumes: 0, volumeGb: 0, snapshots: 0, snapshotGb: 0 }).get(project)!;
        const onHost = new Set<string>();
        for (const v of scan(s.volumes)) {
          if (!hostMatches(v.host, host)) continue;
          onHost.add(v.id);
          const u = usage(v.projectId);
          u.volumes += 1;
          u.volumeGb += v.size;
          total.volumes += 1;
          total.volumeGb += v.size;
        }
        for (const snap of scan(s.snapshots)) {
          if (!onHost.has(snap.volumeId)) continue;
          const u = usage(snap.projectId);
          u.snapshots += 1;
          u.snapshotGb += snap.size;
          total.snapshots += 1;
          total.snapshotGb += snap.size;
        }
        return c.json({ host: [resource(host, "(total)", total), ...[...perProject].map(([project, u]) => resource(host, project, u))] });
      },
    },
  ];
}
