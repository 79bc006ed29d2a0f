// The body Prometheus Alertmanager's webhook receiver POSTs (webhook_config, payload version 4): a group of
// alerts, each firing or resolved, with its labels and annotations. Fields this emulator does not read are
// accepted as they come (Grafana's contact points add their own), only the alerts' shape is checked.

import * as z from "zod";

const labels = z.record(z.string(), z.string());

export const alertSchema = z.looseObject({
  status: z.enum(["firing", "resolved"]),
  labels,
  annotations: labels.optional(),
  startsAt: z.string().optional(),
  endsAt: z.string().optional(),
  generatorURL: z.string().optional(),
  fingerprint: z.string().optional(),
});

export const alertmanagerWebhookSchema = z.looseObject({
  version: z.string().optional(),
  groupKey: z.string().optional(),
  truncatedAlerts: z.number().int().min(0).optional(),
  status: z.enum(["firing", "resolved"]).optional(),
  receiver: z.string().optional(),
  groupLabels: labels.optional(),
  commonLabels: labels.optional(),
  commonAnnotations: labels.optional(),
  externalURL: z.string().optional(),
  alerts: z.array(alertSchema).max(1000),
});

export type AlertmanagerWebhook = z.infer<typeof alertmanagerWebhookSchema>;
export type Alert = z.infer<typeof alertSchema>;
