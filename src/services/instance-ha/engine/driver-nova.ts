// The nova_notification driver: compute's bus events become notifications, as Masakari's monitors would
// send them. compute.host.error -> a COMPUTE_HOST STOPPED notification for the host's segment; a
// compute.instance.error of a server that went to ERROR on a host that still runs (cause server_error) -> an
// instance notification (VM, shown as COMPUTE_INSTANCE) naming the server. Those a host failure raises
// (cause host_failure) are ignored: the host's own notification covers its servers (the instance monitor
// runs on the host and dies with it). A host in no segment is an event, not an error. Fault rules reach it
// as `instance-ha.driver.nova_notification`.

import type { Kernel } from "../../../kernel/kernel.js";
import { runOperation } from "../../../kernel/operation.js";
import type { Tx } from "../../../kernel/store/store.js";
import { computeServiceOf } from "../../compute/for-instance-ha.js";
import { createNotification, type NotificationInput } from "../operations/notifications.js";
import type { EngineSettings } from "./settings.js";
import { sliceOf, SLICE } from "../state.js";
import { hostByName, type InstanceHaState } from "../state.js";
import { driverFault } from "./faults.js";

export const NOVA_DRIVER = "nova_notification";

/** Subscribes once; the driver acts only while `notificationDrivers` names it (a reconfiguration may turn it off). */
export function startNovaNotificationDriver(kernel: Kernel, settings: () => EngineSettings): void {
  /** an event of the driver's own: one update that writes nothing */
  const publish = (emit: (tx: Tx) => void) => runOperation(kernel, null, (op) => emit(op.tx));

  const notify = (host: string, source: string, input: NotificationInput) => {
    if (!settings().drivers.includes(NOVA_DRIVER)) return;
    if (!hostByName(kernel.slice<InstanceHaState>(SLICE), host)) {
      return publish((tx) => tx.emit("instance-ha.host.unmanaged", { host, source }));
    }
    const create = () => {
      try {
        runOperation(kernel, null, (op) => createNotification(sliceOf(op.root), op, { ...input, generatedTime: op.now }, {
          duplicateNotificationDetectionIntervalSeconds: settings().duplicateIntervalSeconds,
        }));
      } catch (error) {
        // refused (the host on maintenance, a duplicate): what a monitor sees as a 4xx; logged as an event
        publish((tx) => tx.emit("instance-ha.driver.failed", { driver: NOVA_DRIVER, host, error: error instanceof Error ? error.message : String(error) }));
      }
    };
    const fault = driverFault(kernel, NOVA_DRIVER, host);
    if (fault?.kind === "fail") return publish((tx) => tx.emit("instance-ha.driver.failed", { driver: NOVA_DRIVER, host, error: fault.message }));
    if (fault?.kind === "delay") return void kernel.clock.plan({ owner: SLICE, name: "driver-delay", at: kernel.clock.now() + fault.ms }, create);
    create();
  };

  kernel.events.subscribe("compute.host.error", (event) => {
    const { host } = event.payload;
    notify(host, "compute.host.error", { type: "COMPUTE_HOST", hostname: host, payload: { event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" } });
  });

  kernel.events.subscribe("compute.instance.error", (event) => {
    const { host, serverId, cause } = event.payload;
    if (cause === "host_failure" || computeServiceOf(kernel.store.state, host)?.state !== "up") return;
    notify(host, "compute.instance.error", {
      type: "VM",
      hostname: host,
      payload: { event: "LIFECYCLE", instance_uuid: serverId, vir_domain_event: "STOPPED_FAILED" },
    });
  });
}
