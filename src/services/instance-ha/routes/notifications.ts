// /notifications (masakari/api/openstack/ha/notifications.py, vmoves.py): create (202, always `new`), list
// with status, source_host_uuid, type (the spec's names or Masakari's) and generated-since filters, show
// (recovery_workflow_details from 1.1), and a host notification's vmoves (1.3). Admin only. The body, the
// type names and the payloads follow the profile (schemas/notifications.ts).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { get } from "../../../kernel/store/table.js";
import { badRequest, itemNotFound, notificationWithoutVMoves, policyRefused, vmoveNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import { createNotification, findNotification } from "../operations/notifications.js";
import { notificationCreateSchema, notificationOf, parseDateTime, shownType, typeFilter, type Profile } from "../schemas/notifications.js";
import type { Notification, VMove } from "../state.js";
import { notificationView, vmoveView } from "../views/notifications.js";
import type { InstanceHaDeps } from "./deps.js";
import { sendersOnly } from "./senders.js";
import { listPage, listQuery, seqLookup, seqScan } from "./list.js";
import { sortValue } from "./segments.js";

const SORT_KEYS = ["created_at", "updated_at", "type", "status", "generated_time", "source_host_uuid", "uuid", "id"];
const VMOVE_SORT_KEYS = ["created_at", "updated_at", "type", "status", "start_time", "end_time", "source_host", "dest_host", "uuid", "id"];

const notificationId = (c: Ctx) => c.req.param("notification_id")!;
const rule = (name: string) => ({ policy: "admin" as const, forbidden: () => policyRefused(`os_masakari_api:notifications:${name}`) });
const vmoveRule = (name: string) => ({ policy: "admin" as const, forbidden: () => policyRefused(`os_masakari_api:vmoves:${name}`) });

function notificationSortValue(n: Notification, key: string, profile: Profile) {
  if (key === "generated_time") return n.generatedTime;
  if (key === "type") return shownType(n.type, profile);
  if (key === "source_host_uuid") return n.sourceHostUuid;
  return sortValue(n, key);
}

function vmoveSortValue(v: VMove, key: string) {
  if (key === "start_time") return v.startTime;
  if (key === "end_time") return v.endTime;
  return sortValue(v, key);
}

/** Vmoves arrived in 1.3: before it the path is unknown, as in Masakari. */
function vmovesOf(c: Ctx, deps: InstanceHaDeps): Notification {
  if (microversion(c) < 3) throw itemNotFound("The resource could not be found.");
  const notification = findNotification(deps.state(), notificationId(c));
  if (notification.type !== "COMPUTE_HOST") throw notificationWithoutVMoves(notification.id);
  return notification;
}

export function notificationRoutes(deps: InstanceHaDeps): RouteDef[] {
  return [
    route({
      method: "POST",
      path: "/notifications",
      operation: "instance-ha.notification.create",
      ...rule("create"),
      schema: notificationCreateSchema(deps.profile),
      schemaFor: sendersOnly(deps, notificationCreateSchema(deps.profile)),
      handler: (c, created) => {
        const body = notificationOf(created);
        const notification = deps.write(c, (s, ctx) =>
          createNotification(
            s,
            ctx,
            { type: body.type, hostname: body.hostname, generatedTime: body.generated_time, payload: body.payload },
            { ...deps.options, profile: deps.profile },
          ),
        );
        return c.json({ notification: notificationView(notification, microversion(c), false, deps.profile) }, 202);
      },
    }),
    {
      method: "GET",
      path: "/notifications",
      operation: "instance-ha.notification.list",
      ...rule("index"),
      handler: (c) => {
        const query = listQuery(c, deps.kernel.options.maxPageSize, SORT_KEYS);
        const [status, source, rawType, rawSince] = ["status", "source_host_uuid", "type", "generated-since"].map((k) => queryParam(c, k));
        const type = rawType === undefined ? undefined : typeFilter(rawType, deps.profile);
        const since = rawSince === undefined ? undefined : parseDateTime(rawSince);
        if (rawSince !== undefined && since === undefined) throw badRequest(`Invalid generated-since value: ${rawSince}`);
        const match = (n: Notification) =>
          (status === undefined || n.status === status) &&
          (source === undefined || n.sourceHostUuid === source) &&
          (type === undefined || n.type === type) &&
          (since === undefined || n.generatedTime >= since);
        const rows = listPage(deps.state().notifications, query, match, (n, key) => notificationSortValue(n, key, deps.profile), seqLookup(deps.state(), "notification"));
        return c.json({ notifications: rows.map((n) => notificationView(n, microversion(c), false, deps.profile)) });
      },
    },
    {
      method: "GET",
      path: "/notifications/:notification_id",
      operation: "instance-ha.notification.show",
      ...rule("detail"),
      handler: (c) => c.json({ notification: notificationView(findNotification(deps.state(), notificationId(c)), microversion(c), true, deps.profile) }),
    },
    {
      method: "GET",
      path: "/notifications/:notification_id/vmoves",
      operation: "instance-ha.vmove.list",
      ...vmoveRule("index"),
      handler: (c) => {
        const notification = vmovesOf(c, deps);
        const query = listQuery(c, deps.kernel.options.maxPageSize, VMOVE_SORT_KEYS);
        const [type, status] = [queryParam(c, "type"), queryParam(c, "status")];
        const match = (v: VMove) => (type === undefined || v.type === type) && (status === undefined || v.status === status);
        const rows = listPage(notification.vmoves, query, match, vmoveSortValue, seqScan(notification.vmoves));
        return c.json({ vmoves: rows.map((v) => vmoveView(v, notification.id)) });
      },
    },
    {
      method: "GET",
      path: "/notifications/:notification_id/vmoves/:vmove_id",
      operation: "instance-ha.vmove.show",
      ...vmoveRule("detail"),
      handler: (c) => {
        const notification = vmovesOf(c, deps);
        const vmove = get(notification.vmoves, c.req.param("vmove_id")!);
        if (!vmove) throw vmoveNotFound(c.req.param("vmove_id")!);
        return c.json({ vmove: vmoveView(vmove, notification.id) });
      },
    },
  ];
}
