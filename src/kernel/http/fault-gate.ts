// The fault gate every service route passes: it matches the active fault rules against the request and
// applies the effect (an error, a throttle, latency, a dropped or hung connection, a false negative).

import { ApiError } from "../errors.js";
import type { Kernel } from "../kernel.js";
import type { FaultEffect } from "../faults.js";
import { identify, type AuthScheme } from "../auth/schemes.js";
import { bodyResourceName, parseQuietly, readText } from "./body.js";
import type { Ctx } from "./context.js";
import type { MaybePromise } from "./maybe-promise.js";
import type { OperationVariants } from "./variants.js";

/** A connection-level fault: the client sees a dropped connection, not an HTTP response. */
export class TransportFault extends Error {
  constructor(readonly kind: "reset" | "hang") {
    super(kind === "reset" ? "connection reset by fault injection" : "connection hung by fault injection");
  }
}

/** What the gate needs to know of the service and route a request reached. */
export interface GateTarget {
  service: string;
  mountPath: string;
  operation: string;
  /** the operations the route's requests divide into (an action per body key, an S3 call) */
  variants?: OperationVariants;
  schemes: readonly AuthScheme[];
  /** false for a streamed body: the gate never reads it for a resource name */
  jsonBody: boolean;
}

/**
 * Returns a false-negative effect for the caller to apply after the handler. It waits only when it must:
 * to read the body's resource name for a rule on names, or for an injected delay.
 */
export function gate(kernel: Kernel, target: GateTarget, c: Ctx): MaybePromise<FaultEffect | undefined> {
  if (!kernel.faults.active) return undefined;
  const { variants } = target;
  // rules on resource names, and an action's name, read the body; Hono keeps the text for the handler
  const readsBody = target.jsonBody && c.req.method !== "GET" && (kernel.faults.wantsResourceName || variants?.fromBody === true);
  if (readsBody) {
    return readText(c).then((text) => {
      const body = parseQuietly(text);
      return applyFault(matchFault(kernel, target, c, bodyResourceName(body), variants?.of(c, body)));
    });
  }
  return applyFault(matchFault(kernel, target, c, undefined, variants?.of(c, undefined)));
}

function matchFault(kernel: Kernel, target: GateTarget, c: Ctx, name: string | undefined, variant: string | undefined): FaultEffect | undefined {
  return kernel.faults.match({
    service: target.service,
    method: c.req.method,
    path: c.req.path.slice(target.mountPath.length) || "/",
    fullPath: c.req.path,
    operation: target.operation,
    variant,
    requestId: c.get("requestId"),
    project: () => {
      const principal = identify(target.schemes, c, kernel);
      return principal && !(principal instanceof ApiError) ? { id: principal.projectId, name: principal.projectName } : undefined;
    },
    resourceName: () => name,
  })?.effect;
}

function applyFault(effect: FaultEffect | undefined): MaybePromise<FaultEffect | undefined> {
  if (!effect) return undefined;
  switch (effect.type) {
    case "latency":
      return sleep(effect.ms).then(() => undefined);
    case "error":
      throw injectedError(effect.status, effect.code, effect.message);
    case "throttle":
      throw new ApiError(429, undefined, "Rate limit exceeded (injected fault); retry later.", {
        "Retry-After": String(effect.retryAfter),
      });
    case "reset":
      throw new TransportFault("reset");
    case "hang":
      return sleep(effect.ms).then(() => {
        throw new TransportFault("hang");
      });
    case "false-negative":
      return effect;
  }
}

export function injectedError(status: number, code: string | undefined, message: string | undefined): ApiError {
  return new ApiError(status, code, message ?? `Injected fault: HTTP ${status}.`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
