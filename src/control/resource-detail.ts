// Control: one resource as its card shows it (GET /resources/{type}/{id}?detail=1: the kind's declared
// detail, with its status and planned step when it has them) and its bytes as a download
// (GET /resources/{type}/{id}/content, for kinds that declare content: object storage's objects). Each
// service declares what a detail holds (ResourceKind.detail): control/ and the dashboard name no service.

import type { Hono } from "hono";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv, Ctx } from "../kernel/http/context.js";
import type { ServiceModule } from "../kernel/service.js";
import { ApiError } from "../kernel/errors.js";
import { findResource } from "../kernel/resources.js";
import { streamResponse } from "../kernel/http/stream.js";
import type { ResourceDetail } from "../client/types.js";
import { resourceKinds, type MountedKind } from "./resources.js";
import { handle } from "./http.js";

const TRUE = new Set(["", "1", "true"]);

function finder(kernel: Kernel, services: readonly ServiceModule[]) {
  const kinds = resourceKinds(services);
  return (type: string, id: string): { mounted: MountedKind; row: { id: string } } => {
    const mounted = kinds.get(type);
    if (!mounted) throw new ApiError(404, undefined, `No resource kind ${type}. Kinds: ${[...kinds.keys()].join(", ") || "none"}.`);
    const row = findResource(mounted.kind, kernel.store.state, mounted.slice, id);
    if (!row) throw new ApiError(404, undefined, `No ${type} ${id} (deleted, or never made).`);
    return { mounted, row };
  };
}

/** GET /resources/{type}/{id}?detail=1 (control/lifecycle.ts answers the status read without `detail`). */
export function detailHandler(kernel: Kernel, services: readonly ServiceModule[]): (c: Ctx) => Response {
  const found = finder(kernel, services);
  return (c) => {
    const asked = c.req.query("detail") ?? "";
    if (!TRUE.has(asked)) throw new ApiError(400, undefined, `Query parameter detail takes 1 or true, not ${JSON.stringify(asked)}.`);
    const type = c.req.param("type") ?? "";
    const id = c.req.param("id") ?? "";
    const { mounted, row } = found(type, id);
    const { kind } = mounted;
    const body: ResourceDetail = { type, id };
    if (kind.statusOf) body.status = kind.statusOf(row);
    if (kind.lifecycle) body.pending = kernel.transitions.pending().find((p) => p.type === type && p.resourceId === id) ?? null;
    body.detail = kind.detail ? kind.detail(row, kernel.store.state) : kind.summary(row);
    if (kind.content) body.content = `/_emulator/resources/${encodeURIComponent(type)}/${encodeURIComponent(id)}/content`;
    return c.json(body);
  };
}

export function resourceContentRoutes(app: Hono<AppEnv>, kernel: Kernel, services: readonly ServiceModule[]): void {
  const found = finder(kernel, services);

  app.get(
    "/resources/:type/:id/content",
    handle((c) => {
      const type = c.req.param("type") ?? "";
      const id = c.req.param("id") ?? "";
      const { mounted, row } = found(type, id);
      if (!mounted.kind.content) throw new ApiError(400, undefined, `A ${type} has no content to download.`);
      const content = mounted.kind.content(row, kernel.store.state, kernel);
      if (!content) throw new ApiError(404, undefined, `${type} ${id} has no bytes to download.`);
      // attachment: the bytes are whatever a user stored (HTML among them), never rendered on this origin
      return streamResponse(c, content.body, {
        length: content.size,
        contentType: content.contentType,
        headers: {
          "content-disposition": `attachment; filename="${asciiName(content.filename)}"; filename*=UTF-8''${encodeURIComponent(content.filename)}`,
          "x-content-type-options": "nosniff",
          "cache-control": "no-store",
        },
      });
    }),
  );
}

/** The filename's printable ASCII for the plain `filename=` (quotes and backslashes dropped); filename* has it all. */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, "_") || "download";
