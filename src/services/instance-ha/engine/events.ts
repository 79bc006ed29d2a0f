// The events the recovery engine publishes (merged into the kernel's EventMap at the end of this file): a
// notification's outcome, each task's tries, and the nova_notification driver's decisions.

import type { NotificationStatus, NotificationType } from "../state.js";

type Outcome = { id: string; type: NotificationType; hostname: string; from: NotificationStatus; flow: string | null };
type Task = { notificationId: string; task: string; attempt: number };

export type InstanceHaEngineEvents = {
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
};

// merged into the kernel's one event map: every `tx.emit` and `events.subscribe` in the program is checked
declare module "../../../kernel/events.js" {
  interface EventMap extends InstanceHaEngineEvents {}
}
