// Compute's control operations, mounted at /_emulator/compute (no token; the control API's error shape):
// list the compute hosts, fail one (its nova-compute service goes down; compute.host.error and
// compute.instance.error are published for the instance-HA service) and recover it; fail one server (ERROR
// with a fault; compute.instance.error when its host is up).

import type { Kernel } from "../../kernel/kernel.js";
import type { ServiceControl } from "../../kernel/control-route.js";
import * as z from "zod";
import { ApiError } from "../../kernel/errors.js";
import type { Assert, Equals } from "../../kernel/type-equals.js";
import type { ServerFailInput } from "../../client/types.js";
import { runOperation, type OperationContext } from "../../kernel/operation.js";
import { get, has, values } from "../../kernel/store/table.js";
import { isoSeconds } from "../../kernel/time.js";
import type { ComputeHost, ComputeState, Server, ServerFault } from "./state.js";
import { failHost, recoverHost, serversOn } from "./operations/hosts.js";
import { forceServerError } from "./operations/server-admin-actions.js";
import { sliceOf, SLICE } from "./state.js";
import { apiStatus } from "./status.js";
import { rareOf } from "./server-rare.js";

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

function serverView(s: ComputeState, v: Server) {
  const host = v.host === null ? undefined : get(s.hosts, v.host);
  return {
    id: v.id,
    name: v.name,
    projectId: v.projectId,
    status: apiStatus(v),
    vmState: v.vmState,
    taskState: v.taskState,
    host: v.host,
    hostState: host ? host.state : null,
    fault: faultView(rareOf(v).fault),
  };
}

function faultView(fault: ServerFault | null) {
  return fault && { code: fault.code, message: fault.message, created: isoSeconds(fault.created) };
}

/** Nova keeps an instance fault's message in 255 characters. */
export const failServerSchema = z.object({ message: z.string().min(1).max(255).optional().describe("the fault's message (default: `Instance <id> failed on host <host>.`)") }).strict();

// the typed client's input is the route's, or this file does not compile
type _FailInput = Assert<Equals<z.input<typeof failServerSchema>, ServerFailInput>>;

const unknownHost = (name: string) => new ApiError(404, undefined, `No compute host named ${name}; GET /_emulator/compute/hosts lists them.`);
const unknownServer = (id: string) => new ApiError(404, undefined, `No server with id ${id}; GET /_emulator/resources/compute.server lists them.`);
const deletedServer = (id: string) => new ApiError(409, undefined, `Server ${id} was deleted: it cannot fail.`);
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
      {
        method: "POST",
        path: "/servers/:id/fail",
        summary: "Fail a server",
        description:
          "The server's guest fails under its hypervisor: whatever was under way (a reboot, a rebuild, a move not yet switched hosts, a snapshot upload) is dropped and the server goes to ERROR with a fault (code 500 and the body's `message`, shown by GET /servers/{id} as `fault`). When the server is on a host whose nova-compute service is up, `compute.instance.error` {host, serverId, projectId, cause: \"server_error\"} is published in the same commit: instance HA's nova_notification driver files a COMPUTE_INSTANCE notification, whose recovery stops, starts and confirms the server (for HA_Enabled servers, or all with process_all_instances). On a host that is down (covered by the host's failure) or with no host, nothing is published. Failing a server already in ERROR with nothing under way changes nothing and publishes nothing.",
        params: { id: "Server id." },
        body: failServerSchema,
        responses: {
          "200": { description: "The server after the change; `changed` is false when it was already in ERROR.", schema: ref("ServerChange") },
          "400": "The body is not valid; nothing changed.",
          "404": "No server with that id.",
          "409": "The server is being deleted, soft-deleted, or was deleted.",
        },
        handler: (c, body: z.output<typeof failServerSchema>) => {
          const id = c.req.param("id") ?? "";
          return c.json(
            runOperation(kernel, null, (ctx) => {
              const s = sliceOf(ctx.root);
              const server = get(s.servers, id);
              if (!server) throw has(s.deletedServers, id) ? deletedServer(id) : unknownServer(id);
              const changed = forceServerError(s, ctx, server, body.message);
              return { changed, server: serverView(s, server) };
            }),
          );
        },
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
      ControlServer: {
        type: "object",
        properties: {
          id: str,
          name: str,
          projectId: str,
          status: str,
          vmState: str,
          taskState: { type: ["string", "null"] },
          host: { type: ["string", "null"] },
          hostState: { enum: ["up", "down", null], description: "the nova-compute service of the server's host" },
          fault: {
            type: ["object", "null"],
            properties: { code: { type: "integer" }, message: str, created: { type: "string", format: "date-time" } },
          },
        },
      },
      ServerChange: {
        type: "object",
        properties: { changed: { type: "boolean" }, server: ref("ControlServer") },
        required: ["changed", "server"],
      },
      HostChange: {
        type: "object",
        properties: { changed: { type: "boolean" }, serverIds: { type: "array", items: str, description: "fail only: the servers on the host" }, host: ref("ComputeHost") },
        required: ["changed", "host"],
      },
    }),
  };
}
