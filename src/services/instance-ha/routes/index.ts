// The instance HA service's route table, in matching order: discovery, then segments, hosts, notifications
// and the Alertmanager receiver under /v1 and /v1/{project_id} (the token's project only, paths.ts).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { Kernel } from "../../../kernel/kernel.js";
import type { InstanceHaOptions } from "../options.js";
import type { Profile } from "../schemas/notifications.js";
import { instanceHaDeps } from "./deps.js";
import { v1 } from "./paths.js";
import { discoveryRoutes } from "./discovery.js";
import { segmentRoutes } from "./segments.js";
import { hostRoutes } from "./hosts.js";
import { notificationRoutes } from "./notifications.js";
import { alertmanagerRoutes } from "./alertmanager.js";

export function instanceHaRoutes(kernel: Kernel, options: InstanceHaOptions, profile: Profile = "spec"): RouteDef[] {
  const deps = instanceHaDeps(kernel, options, profile);
  return [...discoveryRoutes(), ...v1([...segmentRoutes(deps), ...hostRoutes(deps), ...notificationRoutes(deps), ...alertmanagerRoutes(deps)], profile)];
}
