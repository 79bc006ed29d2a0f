// Compute on the message bus (oslo.messaging notifications, as nova-compute sends them): the legacy
// `compute.instance.*` on `notifications` (publisher `compute.<host>`) and the versioned `instance.*` on
// `versioned_notifications` (publisher `nova-compute:<host>`) its events stand for; and what it acts on.

import type { Kernel } from "../../kernel/kernel.js";
import type { EventMap, LoggedEvent } from "../../kernel/events.js";
import type { BusNotification, NotificationPriority, ServiceNotifications } from "../../kernel/notifications.js";
import { computeIncoming } from "./bus-incoming.js";
import { deletedInstance, latestAction, liveInstance, type InstanceFacts } from "./bus-instance.js";
import { faultFields, legacyInstancePayload } from "./bus-legacy.js";
import { instanceActionPayload, instanceCreatePayload, instanceVolumePayload } from "./bus-versioned.js";
import { ACTION_NOTIFICATIONS, phasesOf } from "./bus-actions.js";
import { CONTROLLER } from "./operations/zones.js";

/** The host a notification about a server comes from: its compute host, or the controller for one never placed. */
function hostOf(facts: Pick<InstanceFacts, "host">): string {
  return facts.host ?? CONTROLLER.host;
}

function legacy(facts: InstanceFacts, suffix: string, extra: Record<string, unknown> = {}, priority: NotificationPriority = "INFO"): BusNotification {
  return { topic: "notifications", publisherId: `compute.${hostOf(facts)}`, eventType: `compute.instance.${suffix}`, priority, payload: legacyInstancePayload(facts, extra) };
}

function versioned(facts: InstanceFacts, eventType: string, payload: Record<string, unknown>, priority: NotificationPriority = "INFO", binary = "nova-compute"): BusNotification {
  return { topic: "versioned_notifications", publisherId: `${binary}:${binary === "nova-compute" ? hostOf(facts) : CONTROLLER.host}`, eventType, priority, payload };
}

/** `<name>.<phase>` in both forms; the versioned one only for the actions whose payload is InstanceActionPayload. */
const VERSIONED = new Set(["power_off", "power_on", "reboot", "pause", "unpause", "suspend", "resume", "shelve", "shelve_offload", "unshelve", "restore", "soft_delete", "resize", "resize_finish", "resize_confirm", "resize_revert", "delete"]);

function actionPhase(facts: InstanceFacts, name: string, phase: "start" | "end"): BusNotification[] {
  const out = [legacy(facts, `${name.replace(/_(finish|confirm|revert|prep)$/, ".$1")}.${phase}`)];
  if (VERSIONED.has(name)) out.push(versioned(facts, `instance.${name}.${phase}`, instanceActionPayload(facts)));
  return out;
}

function both(facts: InstanceFacts, name: string): BusNotification[] {
  return [...actionPhase(facts, name, "start"), ...actionPhase(facts, name, "end")];
}

type Payload<K extends keyof EventMap> = EventMap[K];
const payloadOf = <K extends keyof EventMap>(event: LoggedEvent) => event.payload as Payload<K>;

function created(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const facts = liveInstance(kernel, payloadOf<"compute.server.created">(event).id);
  if (!facts) return [];
  return [legacy(facts, "create.start"), versioned(facts, "instance.create.start", instanceCreatePayload(facts))];
}

function stateChanged(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const { id, from, to } = payloadOf<"compute.server.state_changed">(event);
  const facts = liveInstance(kernel, id);
  if (!facts) return [];
  if (from === "BUILD" && to === "ACTIVE") {
    return [legacy(facts, "create.end", { message: "Success" }), versioned(facts, "instance.create.end", instanceCreatePayload(facts))];
  }
  if (from === "BUILD" && to === "ERROR") {
    return [legacy(facts, "create.error", faultFields(facts), "ERROR"), versioned(facts, "instance.create.error", instanceCreatePayload(facts, true), "ERROR")];
  }
  const name = latestAction(kernel, id)?.action;
  const action = name === undefined ? undefined : ACTION_NOTIFICATIONS[name];
  if (!action) return [];
  const out = phasesOf(action, from, to).flatMap((phase) => actionPhase(facts, action.name, phase));
  // the move's end on the destination: finish_resize
  if (action.name === "resize" && out.length > 0) out.push(...both(facts, "resize_finish"));
  return out;
}

function deleted(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const p = payloadOf<"compute.server.deleted">(event);
  const end = deletedInstance(kernel, p, event.at);
  // the delete's start is not an event of its own (the status does not move): sent with its end, as the
  // server was when the delete was taken up
  const start: InstanceFacts = { ...end, vmState: p.vmState, taskState: "deleting", terminatedAt: null, updatedAt: end.createdAt };
  return [...actionPhase(start, "delete", "start"), ...actionPhase(end, "delete", "end")];
}

function resizeStarted(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const facts = liveInstance(kernel, payloadOf<"compute.server.resize_started">(event).id);
  if (!facts) return [];
  return both(facts, "resize_prep");
}

function onServer(name: string) {
  return (event: LoggedEvent, kernel: Kernel): BusNotification[] => {
    const facts = liveInstance(kernel, (event.payload as { id: string }).id);
    return facts ? both(facts, name) : [];
  };
}

function evacuated(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const facts = liveInstance(kernel, payloadOf<"compute.server.evacuated">(event).id);
  if (!facts) return [];
  // Nova's versioned instance.evacuate comes from nova-api; legacy consumers get compute.instance.evacuate
  return [legacy(facts, "evacuate"), versioned(facts, "instance.evacuate", instanceActionPayload(facts), "INFO", "nova-api")];
}

function volume(kind: "attach" | "detach") {
  return (event: LoggedEvent, kernel: Kernel): BusNotification[] => {
    const { id: volumeId, serverId } = event.payload as { id: string; serverId: string | null };
    const facts = serverId === null ? undefined : liveInstance(kernel, serverId);
    // a boot volume is attached by the build, which sends no volume.attach (nor does a delete's detach)
    if (!facts || facts.vmState === "building") return [];
    return [legacy(facts, `volume.${kind}`, { volume_id: volumeId }), versioned(facts, `instance.volume_${kind}.end`, instanceVolumePayload(facts, volumeId))];
  };
}

function hostError(event: LoggedEvent): BusNotification[] {
  const { host, serverIds, at } = payloadOf<"compute.host.error">(event);
  return [
    {
      topic: "notifications",
      publisherId: `compute.${host}`,
      eventType: "compute.host.error",
      priority: "ERROR",
      payload: { host, binary: "nova-compute", state: "down", instances: serverIds, failed_at: at },
    },
  ];
}

function instanceError(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const { host, serverId, cause } = payloadOf<"compute.instance.error">(event);
  const facts = liveInstance(kernel, serverId);
  if (!facts) return [];
  return [legacy({ ...facts, host }, "error", { cause, ...faultFields(facts) }, "ERROR")];
}

export function computeNotifications(_kernel: Kernel): ServiceNotifications {
  return {
    outgoing: {
      "compute.server.created": created,
      "compute.server.state_changed": stateChanged,
      "compute.server.deleted": deleted,
      "compute.server.resize_started": resizeStarted,
      "compute.server.resize_confirmed": onServer("resize_confirm"),
      "compute.server.resize_reverted": onServer("resize_revert"),
      "compute.server.evacuated": evacuated,
      "block-storage.volume.attached": volume("attach"),
      "block-storage.volume.detached": volume("detach"),
      "compute.host.error": hostError,
      "compute.instance.error": instanceError,
    },
    incoming: computeIncoming,
  };
}
