// os-services (cinder/api/v3/services.py, admin only): the cinder services with what an admin set of them,
// and the changes: enable, disable, disable-log-reason (one binary on one host), freeze and thaw (a
// backend's volume service). Set-log, get-log and failover_host are not served (404, as an unknown action).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { cinderServices, DEFAULT_ZONE, hostMatches, serviceStateOf } from "../backends.js";
import { invalidInput } from "../errors.js";
import { microversion } from "../microversion.js";
import { setFrozen, setServiceDisabled } from "../operations/services.js";
import { disableLogReasonBody, enableAndDisableBody, freezeAndThawBody } from "../schemas/services.js";
import type { BlockStorageDeps } from "./deps.js";

/** 3.7 shows each service's cluster; 3.26 lets freeze and thaw name a cluster; 3.49 shows a backend's state */
const CLUSTER_SUPPORT = 7;
const REPLICATION_CLUSTER = 26;
const BACKEND_STATE_REPORT = 49;

/** The host a change names (Cinder's get_cluster_host); from 3.26 freeze and thaw may name a cluster instead. */
function hostOf(c: Ctx, body: { host?: string | null; cluster?: string | null }, clusters: boolean): string {
  if (clusters && microversion(c) >= REPLICATION_CLUSTER) {
    if (Boolean(body.cluster) === Boolean(body.host)) throw invalidInput("One and only one of cluster and host must be set.");
    // no service here belongs to a cluster
    if (body.cluster) throw invalidInput(`No service found with cluster=${body.cluster}`);
  }
  if (!body.host) throw invalidInput("Host field is missing.");
  return body.host;
}

export function serviceRoutes(deps: BlockStorageDeps): RouteDef[] {
  const admin = { policy: "admin" as const };
  const now = () => deps.kernel.clock.now();
  const answer = (host: string, b: { binary?: string; service?: string }, disabled: boolean) => ({
    host, service: b.service ?? "", binary: b.binary ?? "", status: disabled ? "disabled" : "enabled", disabled,
  });
  return [
    {
      method: "GET",
      path: "/os-services",
      operation: "block-storage.service.list",
      ...admin,
      handler: (c) => {
        const s = deps.state();
        const version = microversion(c);
        const binary = queryParam(c, "binary");
        const host = queryParam(c, "host");
        const services = cinderServices(s)
          .filter((x) => (binary === undefined || x.binary === binary) && (host === undefined || hostMatches(x.host, host)))
          .map(({ binary, host }) => {
            const state = serviceStateOf(s, binary, host);
            const volume = binary === "cinder-volume";
            return {
              binary, host, zone: DEFAULT_ZONE,
              status: state?.disabled ? "disabled" : "enabled",
              state: "up",
              // an admin's change shows as the last update, as Cinder's modified_at does
              updated_at: isoMicroNoZone(now()),
              ...(version >= BACKEND_STATE_REPORT && volume ? { backend_state: "up" } : {}),
              ...(version >= CLUSTER_SUPPORT ? { cluster: null } : {}),
              disabled_reason: state?.disabledReason ?? null,
              ...(volume ? { replication_status: "not-capable", active_backend_id: null, frozen: state?.frozen ?? false } : {}),
            };
          });
        return c.json({ services });
      },
    },
    route({
      method: "PUT",
      path: "/os-services/enable",
      operation: "block-storage.service.enable",
      ...admin,
      schema: enableAndDisableBody,
      handler: (c, b) => {
        const host = hostOf(c, b, false);
        deps.write(c, (s, ctx) => setServiceDisabled(s, host, b.binary || b.service!, false, null, ctx.now));
        // tempest's schema (and Cinder before its v3 services controller) names the cleared reason
        return c.json({ ...answer(host, b, false), disabled_reason: null });
      },
    }),
    route({
      method: "PUT",
      path: "/os-services/disable",
      operation: "block-storage.service.disable",
      ...admin,
      schema: enableAndDisableBody,
      handler: (c, b) => {
        const host = hostOf(c, b, false);
        deps.write(c, (s, ctx) => setServiceDisabled(s, host, b.binary || b.service!, true, serviceStateOf(s, b.binary || b.service!, host)?.disabledReason ?? null, ctx.now));
        return c.json(answer(host, b, true));
      },
    }),
    route({
      method: "PUT",
      path: "/os-services/disable-log-reason",
      operation: "block-storage.service.disable_log_reason",
      ...admin,
      schema: disableLogReasonBody,
      handler: (c, b) => {
        const host = hostOf(c, b, false);
        const binary = b.binary || b.service!;
        deps.write(c, (s, ctx) => setServiceDisabled(s, host, binary, true, b.disabled_reason ?? serviceStateOf(s, binary, host)?.disabledReason ?? null, ctx.now));
        return c.json({ ...answer(host, b, true), disabled_reason: b.disabled_reason ?? null });
      },
    }),
    ...(["freeze", "thaw"] as const).map((action) =>
      route({
        method: "PUT",
        path: `/os-services/${action}`,
        operation: `block-storage.service.${action}`,
        ...admin,
        schema: freezeAndThawBody,
        handler: (c, b) => {
          const host = hostOf(c, b, true);
          deps.write(c, (s, ctx) => setFrozen(s, host, action === "freeze", ctx.now));
          return c.body(null, 200);
        },
      }),
    ),
  ];
}
