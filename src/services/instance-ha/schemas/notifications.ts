// Request bodies of /notifications (masakari/api/openstack/ha/schemas/{notifications,payload}.py).
// `upstream`: Masakari's exactly: {"notification": {type, hostname, generated_time, payload}}, all four,
// type COMPUTE_HOST, VM or PROCESS, each type's closed payload. `spec` (the default): the spec's webhook
// body as well (the bare record, generated_time defaulting to now), the spec's type names COMPUTE_INSTANCE
// and COMPUTE_PROCESS (stored as VM and PROCESS, shown by the spec's names: views/notifications.ts), and
// the spec's one payload shape {event STOPPED|STARTED, cluster_status, host_status} for every type, besides
// Masakari's payloads that name the instance or the process.

import * as z from "zod";
import type { PlatformOptions } from "../../../kernel/options.js";
import { ownRecord } from "../../../kernel/own.js";
import { validate } from "../../../kernel/http/body.js";
import type { NotificationType } from "../state.js";

export type Profile = PlatformOptions["profile"];

export const MASAKARI_TYPES = ["COMPUTE_HOST", "VM", "PROCESS"] as const;
export const NOTIFICATION_TYPES = ["COMPUTE_HOST", "VM", "PROCESS", "COMPUTE_INSTANCE", "COMPUTE_PROCESS"] as const;
export type NotificationTypeName = (typeof NOTIFICATION_TYPES)[number];

const SPEC_NAMES: Record<string, NotificationType> = { COMPUTE_INSTANCE: "VM", COMPUTE_PROCESS: "PROCESS" };
const SHOWN_AS: Record<NotificationType, string> = { COMPUTE_HOST: "COMPUTE_HOST", VM: "COMPUTE_INSTANCE", PROCESS: "COMPUTE_PROCESS" };

/** The type a notification is stored with (Masakari's name). */
export const storedType = (type: NotificationTypeName): NotificationType => SPEC_NAMES[type] ?? (type as NotificationType);

/** The name a stored type is shown by: the spec's, or Masakari's under `upstream`. */
export const shownType = (type: NotificationType, profile: Profile): string => (profile === "upstream" ? type : SHOWN_AS[type]);

/** A list's `type` filter: either name under `spec`; Masakari compares the value as given. */
export const typeFilter = (raw: string, profile: Profile): string => (profile === "upstream" ? raw : (SPEC_NAMES[raw] ?? raw));

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:?\d{2})?$/i;

/** An ISO 8601 date-time as Masakari's `date-time` format takes it (`T` or a space; no zone means UTC), in ms (microseconds as its fraction). */
export function parseDateTime(value: string): number | undefined {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  // microseconds kept as the fraction of a millisecond: Masakari shows generated_time to the microsecond
  const micros = Number((m[7] ?? "").padEnd(6, "0"));
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, Math.floor(micros / 1000));
  const back = new Date(utc);
  // Date.UTC rolls 2031-02-30 over into March: a date that does not exist is refused
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  const zone = m[8];
  const fraction = (micros % 1000) / 1000;
  if (!zone || zone.toUpperCase() === "Z") return utc + fraction;
  const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  const offset = (Number(z[2]) * 60 + Number(z[3])) * 60_000;
  return (z[1] === "+" ? utc - offset : utc + offset) + fraction;
}

export const dateTime = z.string().transform((v, ctx) => {
  const ms = parseDateTime(v);
  if (ms === undefined) {
    ctx.addIssue({ code: "custom", message: `'${v}' is not a 'date-time'` });
    return z.NEVER;
  }
  return ms;
});

const hostname = z.string().max(255).regex(/^[a-zA-Z0-9-._]*$/, "does not match '^[a-zA-Z0-9-._]*$'");
const payload = ownRecord(z.string().regex(/^[a-zA-Z0-9-_:. ]{1,255}$/, "is not a valid payload key"), z.string());

const specFields = z.strictObject({ type: z.enum(NOTIFICATION_TYPES), hostname, generated_time: dateTime.optional(), payload });
const masakariFields = z.strictObject({ type: z.enum(MASAKARI_TYPES), hostname, generated_time: dateTime, payload });

const specCreate = z.union([z.strictObject({ notification: specFields }), specFields]);
const masakariCreate = z.strictObject({ notification: masakariFields });

/** The create body each profile takes. */
export const notificationCreateSchema = (profile: Profile) => (profile === "upstream" ? masakariCreate : specCreate);

type AnyCreateBody = z.infer<typeof specCreate> | z.infer<typeof masakariCreate>;
export type NotificationCreateBody = z.infer<typeof specFields>;

/** The notification's fields, whichever form the body came in. */
export const notificationOf = (body: AnyCreateBody): NotificationCreateBody => ("notification" in body ? body.notification : body);

const event = z.enum(["STARTED", "STOPPED"]);
const hostStatus = z.enum(["NORMAL", "UNKNOWN"]).optional();
const clusterStatus = z.enum(["ONLINE", "OFFLINE"]).optional();
const processName = z.string().min(1).max(4096);
const masakariVm = z.strictObject({ instance_uuid: z.guid(), vir_domain_event: z.string().min(1).max(255), event: z.string().min(1).max(255) });

/** Masakari's payload of each type (payload.py), closed objects. */
const MASAKARI_PAYLOADS: Record<NotificationType, z.ZodType> = {
  COMPUTE_HOST: z.strictObject({ event, host_status: hostStatus, cluster_status: clusterStatus }),
  PROCESS: z.strictObject({ process_name: processName, event }),
  VM: masakariVm,
};

/**
 * The spec's: its one shape for every type, where an instance notification may name the instance
 * (instance_uuid) and a process notification the process (process_name); Masakari's VM payload (it has a
 * vir_domain_event) and PROCESS payload stay valid.
 */
const SPEC_PAYLOADS: Record<NotificationType, z.ZodType> = {
  COMPUTE_HOST: MASAKARI_PAYLOADS.COMPUTE_HOST,
  PROCESS: z.strictObject({ event, host_status: hostStatus, cluster_status: clusterStatus, process_name: processName.optional() }),
  VM: z.strictObject({ event, host_status: hostStatus, cluster_status: clusterStatus, instance_uuid: z.guid().optional() }),
};

/** A 400 naming the payload's fields when it is not one its type takes (in the profile). */
export function validatePayload(type: NotificationType, payload: Record<string, string>, profile: Profile = "spec"): void {
  const masakari = profile === "upstream" || (type === "VM" && payload.vir_domain_event !== undefined);
  validate(z.strictObject({ payload: (masakari ? MASAKARI_PAYLOADS : SPEC_PAYLOADS)[type] }), { payload });
}
