// The minimal example service new services start from, used by kernel and control tests: widgets whose
// lifecycle is BUILD -> ACTIVE after 5 s (REBUILD -> ACTIVE after 10 s), with bytes streamed in and out
// (blob store), errors in the Nova-style fault envelope, X-Auth-Token or Bearer tokens. toy-s3.ts declares
// the same edge the S3 way.

import * as z from "zod";
import { buildServiceApp, route, type RouteDef } from "../../src/kernel/http/service-app.js";
import { badRequest, faultEnvelope, notFound } from "../../src/kernel/errors.js";
import { principalOf } from "../../src/kernel/http/context.js";
import { validate } from "../../src/kernel/http/body.js";
import { bytesResponse, streamedBody } from "../../src/kernel/http/stream.js";
import { bearer, xAuthToken } from "../../src/kernel/auth/schemes.js";
import type { BlobRef } from "../../src/kernel/blobs/types.js";
import { paginate, parseLimit } from "../../src/kernel/pagination.js";
import { emptyTable, filter, get, put, remove, scan, type Table } from "../../src/kernel/store/table.js";
import type { Kernel } from "../../src/kernel/kernel.js";
import type { ServiceModule } from "../../src/kernel/service.js";
import type { Emulator } from "../../src/app.js";
import type { EmulatorOptions } from "../../src/config.js";
import { resolveOptions } from "../../src/config.js";
import { defaultServices } from "../../src/services.js";
import { testEmulator } from "./emulator.js";

export const WIDGET = "toy.widget";
export const BUILD_MS = 5_000;
export const REBUILD_MS = 10_000;

export interface Widget {
  id: string;
  name: string;
  projectId: string;
  status: string;
  updatedAt: number;
  /** the bytes uploaded with PUT /widgets/:id/data */
  data?: BlobRef;
}

export interface ToyState {
  widgets: Table<Widget>;
}

const createSchema = z.object({ widget: z.object({ name: z.string().min(1) }).strict() }).strict();
const seedSchema = z
  .object({ widgets: z.array(z.object({ id: z.string(), name: z.string(), project: z.string(), status: z.string().default("ACTIVE") })).default([]) })
  .strict();

const slice = (root: Record<string, unknown>) => root.toy as ToyState;
const view = (w: Widget) => ({ id: w.id, name: w.name, project_id: w.projectId, status: w.status, updated: new Date(w.updatedAt).toISOString() });
const widgetNotFound = (id: string) => notFound(`Widget ${id} could not be found.`, "itemNotFound");
const etag = (ref: BlobRef) => `"${ref.md5}"`;

function routes(kernel: Kernel): RouteDef[] {
  const state = () => kernel.slice<ToyState>("toy");
  const find = (id: string) => {
    const widget = get(state().widgets, id);
    if (!widget) throw widgetNotFound(id);
    return widget;
  };
  return [
    route({
      method: "POST",
      path: "/widgets",
      operation: "toy.widget.create",
      schema: createSchema,
      handler: (c, { widget }) => {
        const projectId = principalOf(c).projectId!;
        const created = kernel.store.update((draft, tx) => {
          const row: Widget = { id: kernel.ids.uuid(), name: widget.name, projectId, status: "BUILD", updatedAt: kernel.clock.now() };
          put(slice(draft).widgets, row);
          tx.emit("toy.widget.created", { id: row.id, name: row.name, projectId });
          tx.afterCommit(() => kernel.transitions.enter(WIDGET, row.id, "BUILD"));
          return row;
        });
        // the view reads the committed state: an immediate transition may already have moved it on
        return c.json({ widget: view(find(created.id)) }, 201);
      },
    }),
    {
      method: "GET",
      path: "/widgets",
      operation: "toy.widget.list",
      handler: (c) => {
        const limit = parseLimit(c.req.query("limit"));
        if (limit === "invalid") throw badRequest("limit must be a non-negative integer.");
        const page = paginate(state().widgets, { limit, marker: c.req.query("marker") }, kernel.options.maxPageSize);
        return c.json({ widgets: page.items.map(view), more: page.more });
      },
    },
    {
      method: "GET",
      path: "/widgets/:id",
      operation: "toy.widget.show",
      handler: (c) => c.json({ widget: view(find(c.req.param("id")!)) }),
    },
    {
      method: "POST",
      path: "/widgets/:id/rebuild",
      operation: "toy.widget.rebuild",
      handler: (c) => {
        const id = c.req.param("id")!;
        kernel.store.update((draft, tx) => {
          const row = get(slice(draft).widgets, id);
          if (!row) throw widgetNotFound(id);
          row.status = "REBUILD";
          tx.afterCommit(() => kernel.transitions.enter(WIDGET, id, "REBUILD"));
        });
        return c.body(null, 202);
      },
    },
    {
      method: "DELETE",
      path: "/widgets/:id",
      operation: "toy.widget.delete",
      handler: (c) => {
        const id = c.req.param("id")!;
        kernel.store.update((draft, tx) => {
          const data = get(slice(draft).widgets, id)?.data;
          if (!remove(slice(draft).widgets, id)) throw widgetNotFound(id);
          tx.emit("toy.widget.deleted", { id });
          if (data) tx.afterCommit(() => kernel.blobs.delete(data.id));
          tx.afterCommit(() => kernel.transitions.forget(WIDGET, id));
        });
        return c.body(null, 204);
      },
    },
    {
      method: "PUT",
      path: "/widgets/:id/data",
      operation: "toy.widget.upload",
      body: "stream",
      handler: async (c) => {
        const id = c.req.param("id")!;
        find(id);
        const body = streamedBody(c);
        const ref = await kernel.blobs.put(body.stream, { maxBytes: body.maxBytes, owner: principalOf(c).projectId });
        try {
          kernel.store.update((draft, tx) => {
            const row = get(slice(draft).widgets, id);
            // deleted while its bytes were arriving
            if (!row) throw widgetNotFound(id);
            const previous = row.data;
            row.data = ref;
            if (previous) tx.afterCommit(() => kernel.blobs.delete(previous.id));
          });
        } catch (error) {
          kernel.blobs.delete(ref.id);
          throw error;
        }
        return c.body(null, 201, { etag: etag(ref) });
      },
    },
    {
      method: "GET",
      path: "/widgets/:id/data",
      operation: "toy.widget.download",
      handler: (c) => {
        const widget = find(c.req.param("id")!);
        const ref = widget.data;
        if (!ref || !kernel.blobs.has(ref.id)) throw notFound(`Widget ${widget.id} has no data.`, "itemNotFound");
        return bytesResponse(c, ref.size, (range) => kernel.blobs.get(ref.id, range)!, { headers: { etag: etag(ref) } });
      },
    },
    {
      method: "GET",
      path: "/whoami",
      operation: "toy.whoami",
      policy: "authenticated",
      handler: (c) => c.json({ user: principalOf(c).userName, project: principalOf(c).projectName ?? null }),
    },
  ];
}

export interface ToyOptions {
  ready?: () => boolean;
  /** the edge's body limits (defaults: the emulator's maxBodyBytes; 5 GiB) */
  maxJsonBytes?: number;
  maxStreamBytes?: number;
}

export function toyService(options: ToyOptions = {}): ServiceModule<ToyState> {
  const mountPath = "/toy";
  return {
    name: "toy",
    mountPath,
    envelope: faultEnvelope,
    initialState: () => ({ widgets: emptyTable() }),
    loadSeed(draft, section) {
      for (const w of validate(seedSchema, section ?? {}).widgets) {
        put(draft.widgets, { id: w.id, name: w.name, projectId: w.project, status: w.status, updatedAt: 0 });
      }
    },
    resetProject(draft, seeded, projectId) {
      for (const w of filter(draft.widgets, (w) => w.projectId === projectId)) remove(draft.widgets, w.id);
      for (const w of scan(seeded.widgets)) if (w.projectId === projectId) put(draft.widgets, structuredClone(w));
    },
    start(kernel) {
      kernel.transitions.register(
        [
          { type: WIDGET, from: "BUILD", to: "ACTIVE", afterMs: BUILD_MS },
          { type: WIDGET, from: "REBUILD", to: "ACTIVE", afterMs: REBUILD_MS },
        ],
        (id, from, to) =>
          kernel.store.update((draft, tx) => {
            const row = get(slice(draft).widgets, id);
            if (!row || row.status !== from) return false;
            row.status = to;
            row.updatedAt = kernel.clock.now();
            tx.emit("toy.widget.status_changed", { id, from, to });
            tx.afterCommit(() => kernel.transitions.enter(WIDGET, id, to));
            return true;
          }),
      );
    },
    routes: (kernel) =>
      buildServiceApp(
        kernel,
        {
          name: "toy",
          mountPath,
          envelope: faultEnvelope,
          auth: [xAuthToken, bearer],
          maxJsonBytes: options.maxJsonBytes,
          maxStreamBytes: options.maxStreamBytes,
        },
        routes(kernel),
      ),
    health: () => (options.ready?.() ?? true ? { ready: true } : { ready: false, detail: "toy is warming up" }),
  };
}

/** An in-process emulator (frozen clock, fixed seed) running the default services and the toy service. */
export function toyEmulator(options: EmulatorOptions & { toyReady?: () => boolean; toy?: ToyOptions; extra?: ServiceModule[] } = {}): Emulator {
  const { toyReady, toy, extra = [], ...rest } = options;
  return testEmulator({ services: [...defaultServices(resolveOptions({})), toyService({ ready: toyReady, ...toy }), ...extra], ...rest });
}

/** Creates a widget and returns its wire view. */
export async function createWidget(emu: Emulator, token: string, name = "w1"): Promise<ReturnType<typeof view>> {
  const res = await emu.app.request("http://localhost/toy/widgets", {
    method: "POST",
    headers: { "X-Auth-Token": token, "Content-Type": "application/json" },
    body: JSON.stringify({ widget: { name } }),
  });
  if (res.status !== 201) throw new Error(`create widget failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { widget: ReturnType<typeof view> }).widget;
}
