// Compute's control operations, mounted at /_emulator/compute (no token; the control API's error shape):
// list the compute hosts, fail one (its nova-compute service goes down; compute.host.error and
// compute.instance.error are published for the instance-HA service) and recover it.

import type { Kernel } from "../../kernel/kernel.js";
import type { ServiceControl } from "../../kernel/control-route.js";
import { ApiError } from "../../kernel/errors.js";
import { runOperation, type OperationContext } from "../../kernel/operation.js";
import { get, values } from "../../kernel/store/table.js";
import { isoSeconds } from "../../kernel/time.js";
import type { ComputeHost, ComputeState } from "./state.js";
import { failHost, recoverHost, serversOn } from "./operations/hosts.js";
import { sliceOf, SLICE } from "./state.js";

function hostView(s: ComputeState, h: ComputeHost) {
  return {
    name: h.id,
    zone: h.zone,
    hostIp: h.hostIp,
    state: h.state,
    status: h.status,
    disabledReason: h.disabledReason,
    forcedDown: h.forcedDown,
    updatedAt: isoSeconds(h.updatedAt),
    vcpus: h.vcpus,
    vcpusUsed: h.vcpusUsed,
    memoryMb: h.memoryMb,
    memoryMbUsed: h.memoryMbUsed,
    localGb: h.localGb,
    localGbUsed: h.localGbUsed,
    runningVms: h.runningVms,
    serverIds: serversOn(s, h.id).map((v) => v.id),
  };
}

const unknownHost = (name: string) => new ApiError(404, undefined, `No compute host named ${name}; GET /_emulator/compute/hosts lists them.`);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const hostName = { name: "Host name (e.g. `compute-1`)." };
const str = { type: "string" };

export function computeControl(kernel: Kernel): ServiceControl {
  const slice = () => kernel.slice<ComputeState>(SLICE);

  /** One operation: the state change and its events commit together, or not at all. */
  const change = (name: string, op: (s: ComputeState, host: ComputeHost, ctx: OperationContext<null>) => { changed: boolean }) =>
    runOperation(kernel, null, (ctx) => {
      const s = sliceOf(ctx.root);
      const host = get(s.hosts, name);
      if (!host) throw unknownHost(name);
      const result = op(s, host, ctx);
      return { ...result, host: hostView(s, host) };
    });

  return {
    routes: [
      {
        method: "GET",
        path: "/hosts",
        summary: "Compute hosts and their nova-compute service",
        responses: { "200": { description: "Every host, in hypervisor id order.", schema: { type: "object", properties: { hosts: { type: "array", items: ref("ComputeHost") } }, required: ["hosts"] } } },
        handler: (c) => {
          const s = slice();
          return c.json({ hosts: values(s.hosts).sort((a, b) => a.number - b.number).map((h) => hostView(s, h)) });
        },
      },
      {
        method: "POST",
        path: "/hosts/:name/fail",
        summary: "Fail a compute host",
        description:
          "The host's nova-compute service goes down (state `down`, `updated_at` now): the scheduler skips it, its hypervisor and service show `down`, its servers show host_status DOWN (2.16+). Publishes `compute.host.error` {host, serverIds, at} and `compute.instance.error` {host, serverId, projectId, cause: \"host_failure\"} for each server on it, in one commit. Failing a host that is already down publishes nothing.",
        params: hostName,
        responses: {
          "200": { description: "The host after the change; `changed` is false when it was already down.", schema: ref("HostChange") },
          "404": "No compute host by that name.",
        },
        handler: (c) => c.json(change(c.req.param("name") ?? "", (s, host, ctx) => failHost(s, ctx, host))),
      },
      {
        method: "POST",
        path: "/hosts/:name/recover",
        summary: "Recover a compute host",
        description: "The service comes back (state `up`) and `compute.host.recovered` {host, at} is published. An admin's disable or forced-down (os-services) stays as it was.",
        params: hostName,
        responses: {
          "200": { description: "The host after the change; `changed` is false when it was already up.", schema: ref("HostChange") },
          "404": "No compute host by that name.",
        },
        handler: (c) => c.json(change(c.req.param("name") ?? "", (_s, host, ctx) => recoverHost(ctx, host))),
      },
    ],
    schemas: () => ({
      ComputeHost: {
        type: "object",
        properties: {
          name: str,
          zone: str,
          hostIp: str,
          state: { enum: ["up", "down"] },
          status: { enum: ["enabled", "disabled"] },
          disabledReason: { type: ["string", "null"] },
          forcedDown: { type: "boolean" },
          updatedAt: { type: "string", format: "date-time" },
          vcpus: { type: "integer" },
          vcpusUsed: { type: "integer" },
          memoryMb: { type: "integer" },
          memoryMbUsed: { type: "integer" },
          localGb: { type: "integer" },
          localGbUsed: { type: "integer" },
          runningVms: { type: "integer" },
          serverIds: { type: "array", items: str },
        },
      },
      HostChange: {
        type: "object",
        properties: { changed: { type: "boolean" }, serverIds: { type: "array", items: str, description: "fail only: the servers on the host" }, host: ref("ComputeHost") },
        required: ["changed", "host"],
      },
    }),
  };
}
