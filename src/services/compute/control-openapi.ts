// The OpenAPI fragment documenting compute's control operations (control.ts), which the control API's
// document mounts under /_emulator/compute: list the hosts, fail one, recover it.

import { fail, list, ok, op, ref, str } from "../../control/openapi-parts.js";
import type { ControlOpenApi } from "../../kernel/service.js";

const hostName = [{ name: "name", in: "path", required: true, description: "Host name (e.g. `compute-1`).", schema: str }];

export const computeControlOpenApi = (): ControlOpenApi => ({
  paths: {
    "/hosts": {
      get: op("compute", "Compute hosts and their nova-compute service", { "200": ok("Every host, in hypervisor id order.", list("hosts", "ComputeHost")) }),
    },
    "/hosts/{name}/fail": {
      post: op(
        "compute",
        "Fail a compute host",
        { "200": ok("The host after the change; `changed` is false when it was already down.", ref("HostChange")), "404": fail("No compute host by that name.") },
        {
          description:
            "The host's nova-compute service goes down (state `down`, `updated_at` now): the scheduler skips it, its hypervisor and service show `down`, its servers show host_status DOWN (2.16+). Publishes `compute.host.error` {host, serverIds, at} and `compute.instance.error` {host, serverId, projectId} for each server on it, in one commit. Failing a host that is already down publishes nothing.",
          parameters: hostName,
        },
      ),
    },
    "/hosts/{name}/recover": {
      post: op(
        "compute",
        "Recover a compute host",
        { "200": ok("The host after the change; `changed` is false when it was already up.", ref("HostChange")), "404": fail("No compute host by that name.") },
        {
          description: "The service comes back (state `up`) and `compute.host.recovered` {host, at} is published. An admin's disable or forced-down (os-services) stays as it was.",
          parameters: hostName,
        },
      ),
    },
  },
  schemas: {
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
  },
});
