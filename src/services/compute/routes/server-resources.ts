// What belongs to a server besides its actions: tags, instance actions, migrations, interfaces, consoles
// (with the server password and diagnostics), and the external events Neutron and Cinder send about servers.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { ComputeDeps } from "./deps.js";
import { serverTagRoutes } from "./server-tags.js";
import { instanceActionRoutes } from "./instance-actions.js";
import { migrationRoutes } from "./migrations.js";
import { serverInterfaceRoutes } from "./server-interfaces.js";
import { serverConsoleRoutes } from "./server-consoles.js";
import { externalEventRoutes } from "./external-events.js";

export function serverResourceRoutes(deps: ComputeDeps): RouteDef[] {
  return [...serverTagRoutes(deps), ...instanceActionRoutes(deps), ...migrationRoutes(deps), ...serverInterfaceRoutes(deps), ...serverConsoleRoutes(deps), ...externalEventRoutes(deps)];
}
