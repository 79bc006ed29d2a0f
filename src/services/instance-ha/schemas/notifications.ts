// Request bodies of /notifications (masakari/api/openstack/ha/schemas/{notifications,payload}.py). Masakari
// wants {"notification": {type, hostname, generated_time, payload}}, all four; the spec's webhook body is
// the bare record without generated_time, so both forms are accepted and generated_time defaults to now.
// The spec's COMPUTE_INSTANCE and COMPUTE_PROCESS are Masakari's VM and PROCESS.

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";
import { validate } from "../../../kernel/http/body.js";
import type { NotificationType } from "../state.js";

export const NOTIFICATION_TYPES = ["COMPUTE_HOST", "VM", "PROCESS", "COMPUTE_INSTANCE", "COMPUTE_PROCESS"] as const;
export type NotificationTypeName = (typeof NOTIFICATION_TYPES)[number];

const SPEC_NAMES: Record<string, NotificationType> = { COMPUTE_INSTANCE: "VM", COMPUTE_PROCESS: "PROCESS" };

/** The type a notification is stored and shown with. */
export const storedType = (type: NotificationTypeName): NotificationType => SPEC_NAMES[type] ?? (type as NotificationType);

/** A list's `type` filter, read the same way. */
export const typeFilter = (raw: string): string => SPEC_NAMES[raw] ?? raw;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:?\d{2})?$/i;

/** An ISO 8601 date-time as Masakari's `date-time` format takes it (`T` or a space; no zone means UTC), in ms. */
export function parseDateTime(value: string): number | undefined {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = Math.floor(Number(`0.${m[7] ?? "0"}`) * 1000);
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const back = new Date(utc);
  // Date.UTC rolls 2031-02-30 over into March: a date that does not exist is refused
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  const zone = m[8];
  if (!zone || zone.toUpperCase() === "Z") return utc;
  const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  const offset = (Number(z[2]) * 60 + Number(z[3])) * 60_000;
  return z[1] === "+" ? utc - offset : utc + offset;
}

export const dateTime = z.string().transform((v, ctx) => {
  const ms = parseDateTime(v);
  if (ms === undefined) {
    ctx.addIssue({ code: "custom", message: `'${v}' is not a 'date-time'` });
    return z.NEVER;
  }
  return ms;
});

const fields = z.strictObject({
  type: z.enum(NOTIFICATION_TYPES),
  hostname: z.string().max(255).regex(/^[a-zA-Z0-9-._]*$/, "does not match '^[a-zA-Z0-9-._]*$'"),
  generated_time: dateTime.optional(),
  payload: ownRecord(z.string().regex(/^[a-zA-Z0-9-_:. ]{1,255}$/, "is not a valid payload key"), z.string()),
});

export const notificationCreateSchema = z.union([z.strictObject({ notification: fields }), fields]);
export type NotificationCreateBody = z.infer<typeof fields>;

/** The notification's fields, whichever form the body came in. */
export const notificationOf = (body: z.infer<typeof notificationCreateSchema>): NotificationCreateBody =>
  "notification" in body ? body.notification : body;

const event = z.enum(["STARTED", "STOPPED"]);

/** The payload each type takes (payload.py), closed objects. */
const PAYLOADS: Record<NotificationType, z.ZodType> = {
  COMPUTE_HOST: z.strictObject({
    event,
    host_status: z.enum(["NORMAL", "UNKNOWN"]).optional(),
    cluster_status: z.enum(["ONLINE", "OFFLINE"]).optional(),
  }),
  PROCESS: z.strictObject({ process_name: z.string().min(1).max(4096), event }),
  VM: z.strictObject({ instance_uuid: z.guid(), vir_domain_event: z.string(), event: z.string() }),
};

/** A 400 naming the payload's fields when it is not one its type takes. */
export function validatePayload(type: NotificationType, payload: Record<string, string>): void {
  validate(z.strictObject({ payload: PAYLOADS[type] }), { payload });
}
