// Networking on the message bus: the `<resource>.create.end`, `.update.end` and `.delete.end` notifications
// neutron-server sends on `notifications` (neutron/api/v2/base.py): the API's view of the resource under
// its name, and on a delete its id too, published by `network.controller` (neutron-server's host).

import type { Kernel } from "../../kernel/kernel.js";
import type { EventMap, LoggedEvent } from "../../kernel/events.js";
import type { BusNotification, ServiceNotifications } from "../../kernel/notifications.js";
import { systemCaller } from "../../kernel/operation.js";
import { get } from "../../kernel/store/table.js";
import { SLICE, type NetworkingState } from "./state.js";
import { networkView } from "./views/networks.js";
import { subnetView } from "./views/subnets.js";
import { portView } from "./views/ports.js";
import { routerView } from "./views/routers.js";
import { floatingIpView } from "./views/floating-ips.js";

/** neutron-server runs on the controller (the host nova-scheduler and nova-conductor show too). */
export const NEUTRON_PUBLISHER = "network.controller";

type Resource = "network" | "subnet" | "port" | "router" | "floatingip";

function notification(eventType: string, payload: Record<string, unknown>): BusNotification {
  return { topic: "notifications", publisherId: NEUTRON_PUBLISHER, eventType, priority: "INFO", payload };
}

/** The admin's view of a resource still in state (neutron sends the view of the request's context). */
function viewOf(kernel: Kernel, resource: Resource, id: string): Record<string, unknown> | undefined {
  const s = kernel.slice<NetworkingState>(SLICE);
  switch (resource) {
    case "network": {
      const n = get(s.networks, id);
      return n && networkView(n, systemCaller(n.projectId), s);
    }
    case "subnet": {
      const subnet = get(s.subnets, id);
      return subnet && subnetView(subnet, get(s.networks, subnet.networkId));
    }
    case "port": {
      const p = get(s.ports, id);
      return p && portView(s, p, systemCaller(p.projectId));
    }
    case "router": {
      const r = get(s.routers, id);
      return r && routerView(r);
    }
    case "floatingip": {
      const f = get(s.floatingIps, id);
      return f && floatingIpView(s, f);
    }
  }
}

/** `<resource>.<action>.end` with `{<resource>: view}`, while the resource is there to show. */
function shown(resource: Resource, action: "create" | "update") {
  return (event: LoggedEvent, kernel: Kernel): BusNotification[] => {
    const view = viewOf(kernel, resource, (event.payload as { id: string }).id);
    return view ? [notification(`${resource}.${action}.end`, { [resource]: view })] : [];
  };
}

/** `<resource>.delete.end` with `{<resource>_id, <resource>}`: the view is gone, what the event kept stands in. */
function deleted(resource: Resource, fields: (payload: Record<string, unknown>) => Record<string, unknown>) {
  return (event: LoggedEvent): BusNotification[] => {
    const { id, projectId } = event.payload as { id: string; projectId: string };
    const view = { id, project_id: projectId, tenant_id: projectId, ...fields(event.payload) };
    return [notification(`${resource}.delete.end`, { [`${resource}_id`]: id, [resource]: view })];
  };
}

/** A router update that adds or removes an interface is `router.interface.create` / `.delete` (Neutron's). */
function routerUpdated(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const p = event.payload as EventMap["networking.router.updated"];
  const change = p.interfaceAdded ? (["create", p.interfaceAdded] as const) : p.interfaceRemoved ? (["delete", p.interfaceRemoved] as const) : null;
  if (!change) return shown("router", "update")(event, kernel);
  const [action, iface] = change;
  const info = { id: p.id, tenant_id: p.projectId, project_id: p.projectId, port_id: iface.portId, subnet_id: iface.subnetId, subnet_ids: [iface.subnetId] };
  return [notification(`router.interface.${action}`, { router_interface: info })];
}

export function networkingNotifications(_kernel: Kernel): ServiceNotifications {
  return {
    outgoing: {
      "networking.network.created": shown("network", "create"),
      "networking.network.updated": shown("network", "update"),
      "networking.network.deleted": deleted("network", (p) => ({ name: p.name })),
      "networking.subnet.created": shown("subnet", "create"),
      "networking.subnet.updated": shown("subnet", "update"),
      "networking.subnet.deleted": deleted("subnet", (p) => ({ network_id: p.networkId })),
      "networking.port.created": shown("port", "create"),
      "networking.port.updated": shown("port", "update"),
      "networking.port.deleted": deleted("port", (p) => ({ network_id: p.networkId, device_id: p.deviceId })),
      "networking.router.created": shown("router", "create"),
      "networking.router.updated": routerUpdated,
      "networking.router.deleted": deleted("router", () => ({})),
      "networking.floatingip.created": shown("floatingip", "create"),
      "networking.floatingip.updated": shown("floatingip", "update"),
      "networking.floatingip.deleted": deleted("floatingip", (p) => ({ floating_ip_address: p.floatingIpAddress })),
    },
  };
}
