// The events networking publishes (`networking.<resource>.<past-tense>`) and their payloads; the end of
// this file merges them into the kernel's EventMap, so every emit and subscribe of them is checked.

import type { FixedIp } from "./state.js";

type Owned = { id: string; projectId: string };
type Updated = { id: string; fields: string[] };

export type NetworkingEvents = {
  "networking.network.created": Owned & { name: string; shared: boolean; external: boolean };
  "networking.network.updated": Updated;
  "networking.network.deleted": Owned & { name: string };
  "networking.subnet.created": Owned & { networkId: string; cidr: string };
  "networking.subnet.updated": Updated;
  "networking.subnet.deleted": Owned & { networkId: string };
  "networking.port.created": Owned & { networkId: string; deviceId: string; deviceOwner: string; fixedIps: FixedIp[] };
  "networking.port.updated": Owned & { networkId: string; deviceId: string; deviceOwner: string; status: string };
  "networking.port.deleted": Owned & { networkId: string; deviceId: string };
  "networking.router.created": Owned;
  /** an interface added or removed is named; a plain update names neither */
  "networking.router.updated": Owned & {
    interfaceAdded?: { portId: string; subnetId: string };
    interfaceRemoved?: { portId: string; subnetId: string };
  };
  "networking.router.deleted": Owned;
  "networking.floatingip.created": Owned & { floatingIpAddress: string; portId: string | null };
  "networking.floatingip.updated": Owned & { portId: string | null; status: string };
  "networking.floatingip.deleted": Owned & { floatingIpAddress: string };
  "networking.security_group.created": Owned & { name: string };
  "networking.security_group.updated": Owned;
  "networking.security_group.deleted": Owned;
  "networking.security_group_rule.created": Owned & { securityGroupId: string };
  "networking.security_group_rule.deleted": Owned & { securityGroupId: string };
  /** a rule added, updated or deleted is named; a policy update names none */
  "networking.qos_policy.created": Owned;
  "networking.qos_policy.updated": Owned & { ruleAdded?: string; ruleUpdated?: string; ruleDeleted?: string };
  "networking.qos_policy.deleted": Owned;
  "networking.quota.updated": { projectId: string; fields: string[] };
  "networking.quota.deleted": { projectId: string };
};

// merged into the kernel's one event map: every `tx.emit` and `events.subscribe` in the program is checked
declare module "../../kernel/events.js" {
  interface EventMap extends NetworkingEvents {}
}
