// The minimal example service new services start from, with the real skeleton (state, schemas, seed,
// operations, lifecycle, views, errors, events, resources, control, routes): widgets whose lifecycle is
// BUILD -> ACTIVE after 5 s (REBUILD -> ACTIVE after 10 s), with bytes streamed in and out (blob store),
// errors in the Nova-style fault envelope, X-Auth-Token or Bearer tokens. Copy this folder under
// src/services/, add its definition to src/services.ts' SERVICES, and the emulator mounts it, seeds it,
// resets it, lists its resources and documents its control routes (and, with --amqp-url, sends its events on the bus). ../toy-s3.ts declares the S3 edge.

import type { ServiceDefinition, ServiceModule } from "../../../src/kernel/service.js";
import { buildServiceApp } from "../../../src/kernel/http/service-app.js";
import { bearer, xAuthToken } from "../../../src/kernel/auth/schemes.js";
import { filter, put, remove, scan } from "../../../src/kernel/store/table.js";
import type { Emulator } from "../../../src/app.js";
import type { EmulatorOptions } from "../../../src/config.js";
import { resolveOptions } from "../../../src/config.js";
import { createServices, SERVICES } from "../../../src/services.js";
import { testEmulator } from "../emulator.js";
import { initialToyState, SLICE, type ToyState } from "./state.js";
import { envelope } from "./errors.js";
import { loadToySeed } from "./seed.js";
import { startWidgetLifecycle } from "./lifecycle.js";
import { toyResources } from "./resources.js";
import { toyControl } from "./control.js";
import { toyNotifications } from "./bus.js";
import { toyRoutes } from "./routes.js";
import type { WidgetView } from "./views.js";

export type { ToyState, Widget } from "./state.js";
export { BUILD_MS, REBUILD_MS, WIDGET } from "./lifecycle.js";

export interface ToyOptions {
  ready?: () => boolean;
  /** the edge's body limits (defaults: the emulator's maxBodyBytes; 5 GiB) */
  maxJsonBytes?: number;
  maxStreamBytes?: number;
}

export function toyService(options: ToyOptions = {}): ServiceModule<ToyState> {
  const mountPath = "/toy";
  return {
    name: SLICE,
    mountPath,
    envelope,
    initialState: initialToyState,
    // its widgets hold blob references (the bytes streamed in): a snapshot's blobs are checked against them
    holdsBlobs: true,
    loadSeed: (draft, section) => loadToySeed(draft, section),
    resetProject(draft, seeded, projectId) {
      for (const w of filter(draft.widgets, (w) => w.projectId === projectId)) remove(draft.widgets, w.id);
      for (const w of scan(seeded.widgets)) if (w.projectId === projectId) put(draft.widgets, structuredClone(w));
    },
    start: startWidgetLifecycle,
    resources: toyResources,
    control: toyControl,
    notifications: toyNotifications,
    routes: (kernel) =>
      buildServiceApp(
        kernel,
        { name: SLICE, mountPath, envelope, auth: [xAuthToken, bearer], maxJsonBytes: options.maxJsonBytes, maxStreamBytes: options.maxStreamBytes },
        toyRoutes(kernel),
      ),
    health: () => (options.ready?.() ?? true ? { ready: true } : { ready: false, detail: "toy is warming up" }),
  };
}

/** The toy service as src/services.ts would list it: no options of its own. */
export const toy: ServiceDefinition = { name: SLICE, create: () => toyService() };

/** An in-process emulator (frozen clock, fixed seed) running the default services and the toy service. */
export function toyEmulator(options: EmulatorOptions & { toyReady?: () => boolean; toy?: ToyOptions; extra?: ServiceModule[] } = {}): Emulator {
  const { toyReady, toy: toyOptions, extra = [], ...rest } = options;
  const services = createServices(SERVICES, resolveOptions({}));
  return testEmulator({ services: [...services, toyService({ ready: toyReady, ...toyOptions }), ...extra], ...rest });
}

/** Creates a widget and returns its wire view. */
export async function createWidget(emu: Emulator, token: string, name = "w1"): Promise<WidgetView> {
  const res = await emu.app.request("http://localhost/toy/widgets", {
    method: "POST",
    headers: { "X-Auth-Token": token, "Content-Type": "application/json" },
    body: JSON.stringify({ widget: { name } }),
  });
  if (res.status !== 201) throw new Error(`create widget failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { widget: WidgetView }).widget;
}
