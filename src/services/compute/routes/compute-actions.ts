// The routes the server actions work adds, mounted from index.ts: tags, instance actions, migrations,
// interfaces, consoles, server password, diagnostics, external events.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { ComputeDeps } from "./deps.js";
import { serverTagRoutes } from "./server-tags.js";
import { instanceActionRoutes } from "./instance-actions.js";
import { migrationRoutes } from "./migrations.js";
import { serverInterfaceRoutes } from "./server-interfaces.js";
import { serverConsoleRoutes } from "./server-consoles.js";
import { externalEventRoutes } from "./external-events.js";

export function computeActionRoutes(deps: ComputeDeps): RouteDef[] {
  return [...serverTagRoutes(deps), ...instanceActionRoutes(deps), ...migrationRoutes(deps), ...serverInterfaceRoutes(deps), ...serverConsoleRoutes(deps), ...externalEventRoutes(deps)];
}
