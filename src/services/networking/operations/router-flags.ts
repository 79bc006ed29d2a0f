// Router flags `distributed` (dvr) and `ha` (l3-ha) (neutron/db/l3_dvr_db.py, l3_hamode_db.py): admin-only
// to set, both default false, and changing either needs the router administratively down first.
// `enable_snat` (ext-gw-mode) is the router operations' own: default true, admin-only, kept across updates.

import type { Caller } from "../../../kernel/operation.js";
import { badRequest, policyNotAuthorized } from "../errors.js";
import type { Router } from "../state.js";

export interface RouterFlags {
  distributed?: boolean;
  ha?: boolean;
}

/** The flags live on the router record; a router that never had them set has both false. */
type FlaggedRouter = Router & RouterFlags;

/**
 * Checks and applies `distributed`/`ha` of a create or update body. Call it before any other change of
 * the request, so that a refusal leaves the router as it was.
 */
export function applyRouterFlags(caller: Caller, action: "create_router" | "update_router", router: Router, input: RouterFlags, creating = action === "create_router"): void {
  const r = router as FlaggedRouter;
  if (!caller.isAdmin) {
    if (input.distributed !== undefined) throw policyNotAuthorized(`${action}:distributed`);
    if (input.ha !== undefined) throw policyNotAuthorized(`${action}:ha`);
  }
  const changesDvr = input.distributed !== undefined && input.distributed !== (r.distributed ?? false);
  const changesHa = input.ha !== undefined && input.ha !== (r.ha ?? false);
  if (!creating && changesDvr && router.adminStateUp) {
    throw badRequest("router", "Cannot change the 'distributed' attribute of active routers. Please set router admin_state_up to False prior to upgrade");
  }
  if (!creating && changesHa && router.adminStateUp) {
    throw badRequest("router", "Cannot change HA attribute of active routers. Please set router admin_state_up to False prior to upgrade");
  }
  if (changesDvr) r.distributed = input.distributed;
  if (changesHa) r.ha = input.ha;
}

/** The view fragment `{distributed, ha}`; Neutron's policy (get_router:distributed, :ha) shows it to admins only. */
export function routerFlagsView(router: Router, caller?: Caller): { distributed?: boolean; ha?: boolean } {
  if (caller && !caller.isAdmin) return {};
  const r = router as FlaggedRouter;
  return { distributed: r.distributed ?? false, ha: r.ha ?? false };
}
