// What compute does when other services change things: a port deleted through the networking API is
// dropped from the server that held it (Nova hears of it as a network-vif-deleted event); an attached volume
// extended is an `extend_volume` instance action on each server it is attached to (Cinder's volume-extended
// external event, which Nova records as an action whose compute_extend_volume event ends at once).

import type { Kernel } from "../../kernel/kernel.js";
import { runOperation } from "../../kernel/operation.js";
import { get } from "../../kernel/store/table.js";
import { sliceOf, SLICE } from "./state.js";
import type { ComputeState } from "./state.js";
import { recordEventAction } from "./operations/server-instance-actions.js";

export function subscribeCompute(kernel: Kernel): void {
  kernel.events.subscribe("networking.port.deleted", (event) => {
    const { id: portId, deviceId } = event.payload;
    if (typeof portId !== "string" || typeof deviceId !== "string" || deviceId === "") return;
    // read first: the ports a server deletes itself are already gone from it, and need no write
    const held = get(kernel.slice<ComputeState>(SLICE).servers, deviceId);
    if (!held || !held.portIds.includes(portId)) return;
    runOperation(kernel, null, (ctx) => {
      const server = get(sliceOf(ctx.root).servers, deviceId);
      if (!server) return;
      server.portIds = server.portIds.filter((p) => p !== portId);
      server.ownedPortIds = server.ownedPortIds.filter((p) => p !== portId);
    });
  });
  kernel.events.subscribe("block-storage.volume.extended", (event) => {
    const { id: volumeId, serverIds } = event.payload;
    const attached = (s: ComputeState, id: string) => {
      const server = get(s.servers, id);
      return server?.volumesAttached.some((a) => a.id === volumeId) ? server : undefined;
    };
    const servers = serverIds.filter((id) => attached(kernel.slice<ComputeState>(SLICE), id));
    if (servers.length === 0) return;
    runOperation(kernel, null, (ctx) => {
      const s = sliceOf(ctx.root);
      for (const id of servers) {
        const server = attached(s, id);
        if (server) recordEventAction(s, ctx, server, "extend_volume");
      }
    });
  });
}
