// The toy service's route table, read top to bottom: each handler validates (the edge did the body),
// runs one operation as the request's caller, and renders the view.

import type { Kernel } from "../../../src/kernel/kernel.js";
import { route, type RouteDef } from "../../../src/kernel/http/service-app.js";
import { principalOf, tokenCaller, type Ctx } from "../../../src/kernel/http/context.js";
import { bytesResponse, streamedBody } from "../../../src/kernel/http/stream.js";
import { badRequest, forbidden } from "../../../src/kernel/errors.js";
import { runOperation, type OperationContext } from "../../../src/kernel/operation.js";
import { paginate, parseLimit } from "../../../src/kernel/pagination.js";
import { SLICE, sliceOf, type ToyState } from "./state.js";
import { widgetCreateSchema } from "./schemas.js";
import { attachData, createWidget, deleteWidget, findWidget, rebuildWidget } from "./operations.js";
import { etag, widgetView } from "./views.js";
import { noData } from "./errors.js";

export function toyRoutes(kernel: Kernel): RouteDef[] {
  const state = () => kernel.slice<ToyState>(SLICE);
  const write = <R>(c: Ctx, op: (s: ToyState, ctx: OperationContext) => R): R =>
    runOperation(kernel, tokenCaller(c, () => forbidden("A project-scoped token is required.")), (ctx) => op(sliceOf(ctx.root), ctx));
  const id = (c: Ctx) => c.req.param("id") ?? "";

  return [
    route({
      method: "POST",
      path: "/widgets",
      operation: "toy.widget.create",
      schema: widgetCreateSchema,
      handler: (c, { widget }) => {
        const created = write(c, (s, ctx) => createWidget(s, ctx, widget.name));
        // the view reads the committed state: an immediate transition may already have moved it on
        return c.json({ widget: widgetView(findWidget(state(), created.id)) }, 201);
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
        return c.json({ widgets: page.items.map(widgetView), more: page.more });
      },
    },
    {
      method: "GET",
      path: "/widgets/:id",
      operation: "toy.widget.show",
      handler: (c) => c.json({ widget: widgetView(findWidget(state(), id(c))) }),
    },
    {
      method: "POST",
      path: "/widgets/:id/rebuild",
      operation: "toy.widget.rebuild",
      handler: (c) => {
        write(c, (s, ctx) => rebuildWidget(s, ctx, id(c)));
        return c.body(null, 202);
      },
    },
    {
      method: "DELETE",
      path: "/widgets/:id",
      operation: "toy.widget.delete",
      handler: (c) => {
        write(c, (s, ctx) => deleteWidget(s, ctx, kernel, id(c)));
        return c.body(null, 204);
      },
    },
    {
      method: "PUT",
      path: "/widgets/:id/data",
      operation: "toy.widget.upload",
      body: "stream",
      handler: async (c) => {
        findWidget(state(), id(c));
        const body = streamedBody(c);
        const ref = await kernel.blobs.put(body.stream, { maxBytes: body.maxBytes, owner: principalOf(c).projectId });
        try {
          write(c, (s, ctx) => attachData(s, ctx, kernel, id(c), ref));
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
        const widget = findWidget(state(), id(c));
        const ref = widget.data;
        if (!ref || !kernel.blobs.has(ref.id)) throw noData(widget.id);
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
