// Compute's control operations, mounted at /_emulator/compute (no token; the control API's error shape):
// list the compute hosts, fail one (its nova-compute service goes down; compute.host.error and
// compute.instance.error are published for the instance-HA service) and recover it.

import { Hono } from "hono";
import type { Kernel } from "../../kernel/kernel.js";
import type { AppEnv } from "../../kernel/http/context.js";
import { ApiError } from "../../kernel/errors.js";
import { runOperation, type OperationContext } from "../../kernel/operation.js";
import { get, values } from "../../kernel/store/table.js";
import { isoSeconds } from "../../kernel/time.js";
import { handle } from "../../control/http.js";
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

export function computeControl(kernel: Kernel): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  const slice = () => kernel.slice<ComputeState>(SLICE);

  app.get(
    "/hosts",
    handle((c) => {
      const s = slice();
      return c.json({ hosts: values(s.hosts).sort((a, b) => a.number - b.number).map((h) => hostView(s, h)) });
    }),
  );

  /** One operation: the state change and its events commit together, or not at all. */
  const change = (name: string, op: (s: ComputeState, host: ComputeHost, ctx: OperationContext<null>) => { changed: boolean }) =>
    runOperation(kernel, null, (ctx) => {
      const s = sliceOf(ctx.root);
      const host = get(s.hosts, name);
      if (!host) throw unknownHost(name);
      const result = op(s, host, ctx);
      return { ...result, host: hostView(s, host) };
    });

  app.post(
    "/hosts/:name/fail",
    handle((c) => c.json(change(c.req.param("name") ?? "", (s, host, ctx) => failHost(s, ctx, host)))),
  );
  app.post(
    "/hosts/:name/recover",
    handle((c) => c.json(change(c.req.param("name") ?? "", (_s, host, ctx) => recoverHost(ctx, host)))),
  );
  return app;
}
