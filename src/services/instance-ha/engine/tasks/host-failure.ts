// The host failure flow's first tasks (masakari/engine/drivers/taskflow/host_failure.py): disable the failed
// host's nova-compute service, then choose the servers to evacuate, HA_Enabled ones first.

import { computeServiceOf, serversOnHost, setComputeServiceEnabled } from "../../../compute/for-instance-ha.js";
import type { BaseTask } from "../task.js";

/** [host_failure] service_disable_reason */
export const SERVICE_DISABLE_REASON = "Masakari detected host failed.";

/** oslo's bool_from_string: what Masakari accepts as HA_Enabled=true. */
export function truthy(value: string | undefined): boolean {
  return value !== undefined && ["1", "t", "true", "on", "y", "yes"].includes(value.trim().toLowerCase());
}

/** DisableComputeServiceTask: disable the service, then wait wait_period_after_service_update. */
export function disableComputeNodeTask(): BaseTask {
  let wasEnabled = false;
  return {
    name: "disableComputeNodeTask",
    detailName: "DisableComputeServiceTask",
    execute(ctx) {
      if (ctx.poll === 0) {
        ctx.progress(`Disabling compute service on host: '${ctx.hostname}'`);
        // only a service this task disabled is enabled again on revert, not one an admin had disabled
        wasEnabled = computeServiceOf(ctx.op.root, ctx.hostname)?.status === "enabled";
        setComputeServiceEnabled(ctx.op, ctx.hostname, false, SERVICE_DISABLE_REASON);
        if (ctx.settings.serviceUpdateWaitMs > 0) return { again: ctx.settings.serviceUpdateWaitMs };
      }
      ctx.progress(`Disabled compute service on host: '${ctx.hostname}'`, 1);
    },
    revert(ctx) {
      if (!wasEnabled) return;
      setComputeServiceEnabled(ctx.op, ctx.hostname, true);
      ctx.progress(`Enabled compute service on host: '${ctx.hostname}'`, 1);
    },
  };
}

/** PrepareHAEnabledInstancesTask: the host's servers, HA_Enabled first; none at all ends the flow. */
export function prepareHaEnabledTask(): BaseTask {
  return {
    name: "PrepareHAEnabled",
    detailName: "PrepareHAEnabledInstancesTask",
    execute(ctx) {
      const { hostname: host, settings } = ctx;
      ctx.progress("Preparing instances for evacuation");
      const all = serversOnHost(ctx.op.root, host);
      ctx.progress(`Total instances running on failed host '${host}' is ${all.length}`, 0.3);
      const usable = settings.ignoreInstancesInErrorState ? all.filter((v) => v.vmState !== "error") : all;
      if (usable.length < all.length) ctx.progress(`Ignoring ${all.length - usable.length} instances in error state`, 0.4);
      const ha = usable.filter((v) => truthy(v.metadata[settings.haKey]));
      ctx.progress(`Total HA Enabled instances count: '${ha.length}'`, 0.6);
      const others = settings.evacuateAllInstances ? usable.filter((v) => !truthy(v.metadata[settings.haKey])) : [];
      if (settings.evacuateAllInstances) ctx.progress(`Total Non-HA Enabled instances count: '${others.length}'`, 0.7);
      const ids = [...ha, ...others].map((v) => v.id);
      if (ids.length === 0) {
        ctx.progress(`Skipped host '${host}' recovery as no instances needs to be evacuated`, 1);
        return { endFlow: true };
      }
      ctx.flow.instances = ids;
      ctx.progress(`Instances to be evacuated are: '${ids.join(",")}'`, 1);
    },
  };
}
