// Instance usage audit log (/os-instance_usage_audit_log, admin; Nova v2.1): the audit task's record for
// the last completed month (before now, or before the date given). The audit is off (Nova's default
// instance_usage_audit=False), so no host has run it: every compute host is listed as not run.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { values } from "../../../kernel/store/table.js";
import { badRequest } from "../errors.js";
import type { ComputeState } from "../state.js";
import type { ComputeDeps } from "./deps.js";

const pyDate = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 19);

/** nova.utils.last_completed_audit_period (unit month): the month that ended at or before `before`. */
function lastMonth(before: number): { begin: number; end: number } {
  const d = new Date(before);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const begin = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
  return { begin, end };
}

function auditLog(s: ComputeState, before: number): Record<string, unknown> {
  const { begin, end } = lastMonth(before);
  const hosts = values(s.hosts).sort((a, b) => a.number - b.number).map((h) => h.id);
  return {
    period_beginning: pyDate(begin),
    period_ending: pyDate(end),
    num_hosts: hosts.length,
    num_hosts_done: 0,
    num_hosts_running: 0,
    num_hosts_not_run: hosts.length,
    hosts_not_run: hosts,
    total_instances: 0,
    total_errors: 0,
    overall_status: `${hosts.length === 0 ? "ALL" : `0 of ${hosts.length}`} hosts done. 0 errors.`,
    log: {},
  };
}

/** `YYYY-MM-DD HH:MM:SS` or with `.ffffff` (strptime's formats; a fraction needs the dotted one). */
const BEFORE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d{1,6})?$/;

export function usageAuditLogRoutes(deps: ComputeDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.1/os-instance_usage_audit_log",
      operation: "compute.instance_usage_audit_log.list",
      policy: "admin",
      handler: (c) => c.json({ instance_usage_audit_logs: auditLog(deps.state(), deps.kernel.clock.now()) }),
    },
    {
      method: "GET",
      path: "/v2.1/os-instance_usage_audit_log/:before",
      operation: "compute.instance_usage_audit_log.show",
      policy: "admin",
      handler: (c) => {
        const raw = c.req.param("before") ?? "";
        const m = BEFORE.exec(raw);
        const ms = m ? Date.parse(`${m[1]}T${m[2]}${m[3] ? m[3].slice(0, 4) : ""}Z`) : NaN;
        if (Number.isNaN(ms)) throw badRequest(`Invalid timestamp for date ${raw}`);
        return c.json({ instance_usage_audit_log: auditLog(deps.state(), ms) });
      },
    },
  ];
}
