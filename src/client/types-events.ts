// The domain events the services publish (`<service>.<resource>.<past-tense>`) and each one's payload, as
// the events journal and emulator.events hand them out: a union discriminated by `type`. Written out here,
// since the client imports nothing; src/control/journals.ts fails to compile if it drifts from the
// services' own event maps (src/services/*/events.ts).

type Owned = { id: string; projectId: string };
type Updated = { id: string; fields: string[] };
type Named = { id: string; name: string };
type Image = { imageId: string; projectId: string | null };

/** Where a role grant applies. */
export type AssignmentScope = { project: string } | { domain: string } | { system: "all" };

/** What a token is scoped to. */
export type TokenScope =
  | { kind: "unscoped" }
  | { kind: "project"; projectId: string }
  | { kind: "domain"; domainId: string }
  | { kind: "system" };

/** An instance-HA notification's type (Masakari's). */
export type NotificationType = "COMPUTE_HOST" | "VM" | "PROCESS";

/** An instance-HA notification's status (Masakari's). */
export type NotificationStatus = "new" | "running" | "error" | "failed" | "ignored" | "finished";

type Outcome = { id: string; type: NotificationType; hostname: string; from: NotificationStatus; flow: string | null };
type Task = { notificationId: string; task: string; attempt: number };

/** Event type -> payload. */
export interface EventPayloads {
  "identity.domain.created": Named;
  "identity.domain.updated": Updated;
  "identity.domain.deleted": Named;
  "identity.project.created": Named & { domainId: string };
  "identity.project.updated": Updated;
  "identity.project.deleted": Named & { domainId: string };
  "identity.user.created": Named & { domainId: string };
  "identity.user.updated": Updated;
  "identity.user.deleted": Named & { domainId: string };
  "identity.role.created": Named;
  "identity.role.updated": Updated;
  "identity.role.deleted": Named;
  "identity.role_assignment.created": { userId: string; roleId: string; scope: AssignmentScope };
  "identity.role_assignment.deleted": { userId: string; roleId: string; scope: AssignmentScope };
  "identity.application_credential.created": { id: string; name: string; userId: string; projectId: string };
  "identity.application_credential.deleted": { id: string; name: string; userId: string; projectId: string };
  "identity.token.issued": { userId: string; scope: TokenScope; auditId: string; methods: string[] };
  "identity.token.revoked": { userId: string; auditId: string };

  "networking.network.created": Owned & { name: string; shared: boolean; external: boolean };
  "networking.network.updated": Updated;
  "networking.network.deleted": Owned & { name: string };
  "networking.subnet.created": Owned & { networkId: string; cidr: string };
  "networking.subnet.updated": Updated;
  "networking.subnet.deleted": Owned & { networkId: string };
  "networking.port.created": Owned & { networkId: string; deviceId: string; deviceOwner: string; fixedIps: Array<{ subnetId: string; ipAddress: string }> };
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
  "networking.qos_policy.created": Owned;
  /** a rule added, updated or deleted is named; a policy update names none */
  "networking.qos_policy.updated": Owned & { ruleAdded?: string; ruleUpdated?: string; ruleDeleted?: string };
  "networking.qos_policy.deleted": Owned;
  "networking.quota.updated": { projectId: string; fields: string[] };
  "networking.quota.deleted": { projectId: string };

  "image.image.created": Image & { name: string | null };
  "image.image.updated": Image;
  "image.image.uploaded": Image & { size: number; checksum: string };
  "image.image.deactivated": Image;
  "image.image.reactivated": Image;
  "image.image.deleted": Image;
  "image.member.created": Image & { memberId: string };
  "image.member.updated": Image & { memberId: string; status: string };
  "image.member.deleted": Image & { memberId: string };

  "block-storage.volume.created": Owned & { name: string | null; size: number; volumeType: string; zone: string };
  "block-storage.volume.updated": Owned & { name: string | null };
  "block-storage.volume.status_changed": Owned & { from: string; to: string };
  /** `serverIds`: the servers the volume is attached to */
  "block-storage.volume.extended": Owned & { size: number; serverIds: string[] };
  "block-storage.volume.retyped": Owned & { volumeType: string };
  "block-storage.volume.attached": Owned & { attachmentId: string; serverId: string | null; device: string | null };
  "block-storage.volume.detached": Owned & { attachmentId: string; serverId: string | null };
  /** the volume is gone: what its notifications need travels with the event (createdAt in ISO 8601) */
  "block-storage.volume.deleted": Owned & {
    userId: string;
    name: string | null;
    size: number;
    volumeTypeId: string;
    zone: string;
    host: string;
    createdAt: string;
  };
  "block-storage.snapshot.created": Owned & { volumeId: string; size: number };
  "block-storage.snapshot.deleted": Owned & { volumeId: string; userId: string; name: string | null; size: number; createdAt: string };
  "block-storage.backup.created": Owned & { volumeId: string; size: number; incremental: boolean };
  "block-storage.backup.failed": Owned & { volumeId: string; reason: string };
  "block-storage.backup.restored": Owned & { volumeId: string };
  "block-storage.backup.deleted": Owned & { volumeId: string };
  "block-storage.volume_type.created": { id: string; name: string };
  "block-storage.volume_type.deleted": { id: string };

  "compute.server.created": Owned & { name: string; flavorId: string; imageId: string | null; host: string | null; zone: string };
  "compute.server.updated": Owned & { name: string };
  "compute.server.metadata_updated": Owned & { keys: string[] };
  "compute.server.state_changed": Owned & { from: string; to: string; vmState: string; taskState: string | null; host: string | null };
  /** the server is gone: what its notifications need travels with the event (times in ISO 8601) */
  "compute.server.deleted": Owned & {
    host: string | null;
    name: string;
    userId: string;
    flavorId: string;
    imageId: string | null;
    zone: string;
    vmState: string;
    createdAt: string;
    launchedAt: string | null;
  };
  "compute.server.locked": Owned & { lockedBy: string; reason: string | null };
  "compute.server.unlocked": Owned;
  "compute.server.state_reset": Owned & { state: string };
  "compute.server.resize_started": Owned & { flavorId: string; from: string | null; to: string };
  "compute.server.resize_confirmed": Owned & { flavorId: string };
  "compute.server.resize_reverted": Owned & { flavorId: string };
  "compute.server.evacuated": Owned & { from: string | null; to: string };
  "compute.server_group.created": { id: string; name: string; projectId: string; policy: string };
  "compute.server_group.deleted": { id: string; projectId: string };
  "compute.flavor.created": { flavorId: string; name: string };
  "compute.flavor.deleted": { flavorId: string };
  "compute.keypair.created": { name: string; userId: string; type: string };
  "compute.keypair.deleted": { name: string; userId: string };
  /** a public image has no owner project */
  "compute.image.created": { imageId: string; name: string; projectId: string | null; serverId: string | null };
  "compute.image.uploaded": { imageId: string; projectId: string | null; serverId: string };
  "compute.image.deleted": { imageId: string; projectId: string | null };
  "compute.service.updated": { host: string; serviceId: string; status: "enabled" | "disabled"; disabledReason: string | null; forcedDown: boolean };
  "compute.host.error": { host: string; serverIds: string[]; at: string };
  "compute.host.recovered": { host: string; at: string };
  /**
   * `host_failure`: its host failed (one per server, besides compute.host.error); `server_error`: the server
   * alone went to ERROR on a host that is up (a lifecycle step failed by a fault rule or sent to error, a failed
   * rebuild, POST /_emulator/compute/servers/{id}/fail), once until it leaves ERROR
   */
  "compute.instance.error": { host: string; serverId: string; projectId: string; cause: "host_failure" | "server_error" };

  "instance-ha.segment.created": { id: string; name: string };
  "instance-ha.segment.updated": { id: string; name: string };
  /** the segment is gone: what its notifications need travels with the event */
  "instance-ha.segment.deleted": { id: string; name: string; seq: number; description: string | null; recoveryMethod: string; serviceType: string; enabled: boolean };
  "instance-ha.host.created": { id: string; name: string; segmentId: string };
  "instance-ha.host.updated": { id: string; name: string; segmentId: string; onMaintenance: boolean; reserved: boolean };
  "instance-ha.host.deleted": { id: string; name: string; segmentId: string; seq: number; type: string; controlAttributes: string; reserved: boolean; onMaintenance: boolean };
  /** every accepted notification, whatever status it starts in: recovery acts on `new` only */
  "instance-ha.notification.created": {
    id: string;
    type: NotificationType;
    hostname: string;
    sourceHostUuid: string;
    segmentId: string;
    status: NotificationStatus;
    payload: Record<string, string>;
    generatedTime: number;
  };
  "instance-ha.notification.status_changed": { id: string; from: NotificationStatus; to: NotificationStatus };
  "instance-ha.notification.running": Outcome;
  "instance-ha.notification.finished": Outcome;
  "instance-ha.notification.ignored": Outcome;
  "instance-ha.notification.error": Outcome & { error: string | null };
  "instance-ha.notification.failed": Outcome & { error: string | null };
  "instance-ha.task.started": Task;
  "instance-ha.task.succeeded": Task;
  /** `final`: no try left, the flow reverts */
  "instance-ha.task.failed": Task & { final: boolean; error: string };
  "instance-ha.task.reverted": Task;
  /** a fault rule delayed a task's try (effect latency or hang) */
  "instance-ha.task.delayed": Task & { ms: number };
  /** the nova_notification driver saw a failure of a host that is in no segment */
  "instance-ha.host.unmanaged": { host: string; source: string };
  /** PUT /_emulator/instance-ha/config replaced the configuration (runs under way keep theirs) */
  "instance-ha.engine.reconfigured": { targets: string[]; drivers: string[] };
  /** an Alertmanager alert that made no notification, and why */
  "instance-ha.alert.skipped": { alertname: string; host: string | null; reason: string };
  /** the driver could not create the notification (refused, or an injected fault) */
  "instance-ha.driver.failed": { driver: string; host: string; error: string };
  /** the AMQP bridge (--amqp-url) reached its broker */
  "amqp.connection.opened": { url: string };
  /** the AMQP bridge lost its broker: notifications are buffered until it reconnects */
  "amqp.connection.lost": { url: string; reason: string; buffered: number };
  /** a notification taken off the bus and acted on */
  "amqp.message.consumed": { messageId: string | null; eventType: string; publisherId: string | null };
  /** a message off the bus that is not a notification the emulator can act on: dead-lettered */
  "amqp.message.rejected": { messageId: string | null; eventType: string | null; reason: string };
  /** the first notification a full buffer refused since the last one it kept */
  "amqp.message.dropped": { eventType: string; bound: number };
}

/** Every event type a service publishes. */
export type EventType = keyof EventPayloads;

/**
 * A domain event as the journal keeps it; `DomainEvent<"compute.host.error">` is that one. Narrow the union
 * on `type` (`if (e.type === "compute.host.error") e.payload.serverIds`).
 */
export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: {
    seq: number;
    type: K;
    at: string;
    payload: EventPayloads[K];
  };
}[T];

/** What the events journal filters by: an exact event type, or a glob (`compute.*`, `compute.*.error`). */
export type EventFilter = EventType | `${string}*${string}`;

/** A glob as a template: each `*` (which matches across dots) any text. */
type GlobPattern<G extends string> = G extends `${infer Head}*${infer Rest}` ? `${Head}${string}${GlobPattern<Rest>}` : G;

/** The events a type or glob matches: `EventMatching<"compute.host.*">` is the union of the two host events. */
export type EventMatching<F extends string> = F extends EventType ? DomainEvent<F> : Extract<DomainEvent, { type: GlobPattern<F> }>;
