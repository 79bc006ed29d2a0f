// Compute services (/os-services, admin; Nova v2.1): the nova-compute service of each host and the
// controller's nova-scheduler and nova-conductor (zone internal),
// filtered by host and binary; PUT by service id from 2.53 (status with disabled_reason, forced_down), and
// before 2.53 the enable / disable / disable-log-reason / force-down actions on {host, binary}.

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { get, values } from "../../../kernel/store/table.js";
import { microversion } from "../microversion.js";
import { badRequest, itemNotFound } from "../errors.js";
import type { ComputeHost, ComputeState } from "../state.js";
import { CONTROLLER } from "../operations/zones.js";
import { updateService, type ServicePatch } from "../operations/hosts.js";
import { serviceActionSchema, serviceDisableLogSchema, serviceForceDownSchema, serviceUpdateSchema } from "../schemas/hosts.js";
import { controlServiceView, serviceView, type ControlService } from "../views/hosts.js";
import { UUID } from "../schemas/parameter-types.js";
import type { ComputeDeps } from "./deps.js";

const BINARY = "nova-compute";

/** nova-scheduler and nova-conductor on the controller, numbered after the compute services. */
function controlServices(hosts: ComputeHost[]): ControlService[] {
  const last = hosts.reduce((n, h) => Math.max(n, h.number), 0);
  return CONTROLLER.binaries.map((binary, i) => ({
    binary,
    host: CONTROLLER.host,
    number: last + 1 + i,
    // fixed, as the controller's services are the same in every emulator
    uuid: `00000000-0000-4000-8000-00000000000${i + 1}`,
  }));
}

function hostOf(s: ComputeState, host: string, binary: string) {
  const row = binary === BINARY ? get(s.hosts, host) : undefined;
  if (!row) throw itemNotFound(`Service ${binary} on host ${host} could not be found.`);
  return row;
}

const serviceBody = z.union([serviceUpdateSchema, serviceActionSchema, serviceDisableLogSchema, serviceForceDownSchema]);
type ServiceBody = z.output<typeof serviceBody>;

export function serviceRoutes(deps: ComputeDeps): RouteDef[] {
  /** 2.53+: PUT /os-services/{service_id} */
  const updateById = (c: Ctx, id: string, body: z.output<typeof serviceUpdateSchema>) => {
    const mv = microversion(c);
    if (body.status === undefined && body.forced_down === undefined) {
      throw badRequest("At least one of status or forced_down must be specified in the request body.");
    }
    if (body.disabled_reason !== undefined && body.status !== "disabled") {
      throw badRequest("Specifying 'disabled_reason' with status 'enabled' or without a status is invalid.");
    }
    if (!UUID.test(id)) throw badRequest(`Invalid uuid ${id}`);
    const patch: ServicePatch = { status: body.status, disabledReason: body.disabled_reason, forcedDown: body.forced_down };
    const host = deps.write(c, (s, ctx) => {
      const row = values(s.hosts).find((h) => h.serviceId === id.toLowerCase());
      if (!row) throw itemNotFound(`Service ${id} could not be found.`);
      return updateService(ctx, row, patch);
    });
    return c.json({ service: serviceView(host, mv, deps.kernel.clock.now()) });
  };

  /** the body of a legacy action (before 2.53); an action the version does not have is a 404 whatever the body */
  const legacySchema = (c: Ctx, action: string) => {
    switch (action) {
      case "enable":
      case "disable":
        return serviceActionSchema;
      case "disable-log-reason":
        return serviceDisableLogSchema;
      case "force-down":
        if (microversion(c) >= 11) return serviceForceDownSchema;
    }
    throw itemNotFound(`Unknown action ${action}`);
  };

  /** before 2.53: PUT /os-services/{enable|disable|disable-log-reason|force-down} with {host, binary} */
  const legacyAction = (c: Ctx, action: string, body: ServiceBody) => {
    switch (action) {
      case "enable":
      case "disable": {
        const b = body as z.output<typeof serviceActionSchema>;
        const status = action === "enable" ? "enabled" : "disabled";
        deps.write(c, (s, ctx) => updateService(ctx, hostOf(s, b.host, b.binary), { status }));
        return c.json({ service: { host: b.host, binary: b.binary, status } });
      }
      case "disable-log-reason": {
        const b = body as z.output<typeof serviceDisableLogSchema>;
        deps.write(c, (s, ctx) => updateService(ctx, hostOf(s, b.host, b.binary), { status: "disabled", disabledReason: b.disabled_reason }));
        return c.json({ service: { host: b.host, binary: b.binary, status: "disabled", disabled_reason: b.disabled_reason } });
      }
      default: {
        const b = body as z.output<typeof serviceForceDownSchema>;
        deps.write(c, (s, ctx) => updateService(ctx, hostOf(s, b.host, b.binary), { forcedDown: b.forced_down }));
        return c.json({ service: { host: b.host, binary: b.binary, forced_down: b.forced_down } });
      }
    }
  };

  return [
    {
      method: "GET",
      path: "/v2.1/os-services",
      operation: "compute.service.list",
      policy: "admin",
      handler: (c) => {
        const mv = microversion(c);
        const host = queryParam(c, "host");
        const binary = queryParam(c, "binary");
        const now = deps.kernel.clock.now();
        const hosts = values(deps.state().hosts).sort((a, b) => a.number - b.number);
        const rows = hosts.filter((h) => (host === undefined || h.id === host) && (binary === undefined || binary === BINARY));
        const control = controlServices(hosts).filter((svc) => (host === undefined || svc.host === host) && (binary === undefined || svc.binary === binary));
        return c.json({ services: [...rows.map((h) => serviceView(h, mv, now)), ...control.map((svc) => controlServiceView(svc, mv, now))] });
      },
    },
    route({
      method: "PUT",
      path: "/v2.1/os-services/:serviceId",
      operation: "compute.service.update",
      // 2.53+ by id, before that the legacy enable/disable/disable-log-reason/force-down bodies
      schema: serviceBody,
      schemaFor: (c) => (microversion(c) >= 53 ? serviceUpdateSchema : legacySchema(c, c.req.param("serviceId") ?? "")),
      policy: "admin",
      handler: (c, body) => {
        const id = c.req.param("serviceId") ?? "";
        return microversion(c) >= 53 ? updateById(c, id, body as z.output<typeof serviceUpdateSchema>) : legacyAction(c, id, body);
      },
    }),
  ];
}
