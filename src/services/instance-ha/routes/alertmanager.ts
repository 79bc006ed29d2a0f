// POST /alertmanager: the `webhook` notification driver's Alertmanager intake (not a Masakari API; monitoring
// tools send this body). Each firing alert a label rule (engine config `alertmanager.rules`) matches becomes a
// notification through the same create as POST /notifications; resolved alerts, alerts no rule matches and
// hosts in no segment are reported, not refused. 200 with what became of each alert. Admin only.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { ApiError } from "../../../kernel/errors.js";
import { conflictingRequest, policyRefused } from "../errors.js";
import { createNotification } from "../operations/notifications.js";
import { alertmanagerWebhookSchema, type Alert } from "../schemas/alertmanager.js";
import { hostByName } from "../state.js";
import { DEFAULT_ALERT_RULES, type AlertRule } from "../engine/config.js";
import { recoveryEngineOf } from "../engine/index.js";
import { driverFault } from "../engine/faults.js";
import type { InstanceHaDeps } from "./deps.js";
import { sendersOnly } from "./senders.js";

export const WEBHOOK_DRIVER = "webhook";

type Outcome =
  | { alert: number; alertname: string; fingerprint: string | null; hostname: string; status: "created"; notification_uuid: string; notification_status: string }
  | { alert: number; alertname: string; fingerprint: string | null; hostname: string | null; status: "skipped"; reason: string };

/** The rule an alert's labels match (every pattern, case-insensitive, whole value), and the host it names. */
export function matchAlert(rules: readonly AlertRule[], alert: Alert): { rule: AlertRule; host: string | null } | undefined {
  const rule = rules.find((r) => Object.entries(r.match).every(([label, p]) => alert.labels[label] !== undefined && new RegExp(`^(?:${p})$`, "i").test(alert.labels[label])));
  if (!rule) return undefined;
  const raw = rule.hostLabels.map((l) => alert.labels[l]).find((v) => v !== undefined && v !== "");
  // Prometheus's `instance` label is `host:port`
  return { rule, host: raw === undefined ? null : raw.replace(/:\d+$/, "") };
}

export function alertmanagerRoutes(deps: InstanceHaDeps): RouteDef[] {
  return [
    route({
      method: "POST",
      path: "/alertmanager",
      operation: "instance-ha.alertmanager.receive",
      policy: "admin",
      forbidden: () => policyRefused("os_masakari_api:notifications:create"),
      schema: alertmanagerWebhookSchema,
      schemaFor: sendersOnly(deps, alertmanagerWebhookSchema),
      handler: (c, body) => {
        const engine = recoveryEngineOf(deps.kernel);
        const settings = engine?.settings();
        if (settings && !settings.drivers.includes(WEBHOOK_DRIVER)) {
          throw conflictingRequest("The webhook notification driver is off (notificationDrivers); no alert was taken.");
        }
        const rules = settings?.alertRules ?? DEFAULT_ALERT_RULES;
        const interval = settings?.duplicateIntervalSeconds ?? deps.options.duplicateNotificationDetectionIntervalSeconds;
        const results = body.alerts.map((alert, index): Outcome => {
          const base = { alert: index, alertname: alert.labels.alertname ?? "", fingerprint: alert.fingerprint ?? null };
          const skip = (hostname: string | null, reason: string): Outcome => ({ ...base, hostname, status: "skipped", reason });
          if (alert.status === "resolved") return skip(null, "resolved: nothing to recover");
          const matched = matchAlert(rules, alert);
          if (!matched) return skip(null, "no label rule matches the alert");
          const { rule, host } = matched;
          if (host === null) return skip(null, `the alert has none of the labels ${rule.hostLabels.join(", ")}`);
          if (!hostByName(deps.state(), host)) return skip(host, "the host is in no failover segment");
          const fault = driverFault(deps.kernel, WEBHOOK_DRIVER, host);
          if (fault?.kind === "fail") return skip(host, fault.message);
          try {
            // one update per alert: a refusal (maintenance, a duplicate) leaves the others' notifications
            const n = deps.write(c, (s, ctx) =>
              createNotification(s, ctx, { type: rule.type, hostname: host, payload: { ...rule.payload } }, { duplicateNotificationDetectionIntervalSeconds: interval, profile: deps.profile }),
            );
            return { ...base, hostname: host, status: "created", notification_uuid: n.id, notification_status: n.status };
          } catch (error) {
            if (error instanceof ApiError && error.status < 500) return skip(host, error.message);
            throw error;
          }
        });
        const skipped = results.filter((r) => r.status === "skipped");
        if (skipped.length > 0) {
          deps.write(c, (_s, ctx) => {
            for (const r of skipped) ctx.tx.emit("instance-ha.alert.skipped", { alertname: r.alertname, host: r.hostname, reason: r.reason });
          });
        }
        return c.json({ created: results.length - skipped.length, skipped: skipped.length, alerts: results });
      },
    }),
  ];
}
