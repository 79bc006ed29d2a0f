// Glance v2 routes: versions (300 at the root, as Glance answers), image list with filters and
// limit/marker paging (`next`), and show. Visibility: public and community images, and the caller's own.

import type { RouteDef } from "../../kernel/http/service-app.js";
import type { Kernel } from "../../kernel/kernel.js";
import { baseUrl, principalOf, type Ctx } from "../../kernel/http/context.js";
import { isAdmin } from "../../kernel/auth/principal.js";
import { get, scan } from "../../kernel/store/table.js";
import { SLICE, canSee, type Image, type ImageState } from "./state.js";
import { badRequest, imageNotFound } from "./errors.js";
import { imageView } from "./views.js";

const FILTERS = ["name", "status", "visibility", "owner", "disk_format", "container_format", "id"] as const;

function versions(c: Ctx) {
  const href = `${baseUrl(c)}/image/v2/`;
  return {
    versions: ["v2.16", "v2.15", "v2.9", "v2.0"].map((id, i) => ({ id, status: i === 0 ? "CURRENT" : "SUPPORTED", links: [{ rel: "self", href }] })),
  };
}

export function imageRoutes(kernel: Kernel): RouteDef[] {
  const catalog = () => kernel.slice<ImageState | undefined>(SLICE)?.images;
  const visibleTo = (c: Ctx) => {
    const p = principalOf(c);
    const caller = { projectId: p.projectId, isAdmin: isAdmin(p) };
    return (i: Image) => canSee(caller, i);
  };
  return [
    { method: "GET", path: "/", operation: "image.versions.list", policy: "public", handler: (c) => c.json(versions(c), 300) },
    { method: "GET", path: "/versions", operation: "image.versions.show", policy: "public", handler: (c) => c.json(versions(c)) },
    {
      method: "GET",
      path: "/v2/images",
      operation: "image.image.list",
      policy: "reader",
      handler: (c) => {
        const table = catalog();
        const visible = visibleTo(c);
        const limitRaw = c.req.query("limit");
        if (limitRaw !== undefined && !/^\d+$/.test(limitRaw)) throw badRequest("limit param must be an integer");
        const limit = Math.min(limitRaw === undefined ? 25 : Number(limitRaw), kernel.options.maxPageSize);
        const marker = c.req.query("marker");
        // a marker the caller cannot see is as unknown as one that does not exist (Glance looks it up as the caller)
        const markerImage = marker === undefined || !table ? undefined : get(table, marker);
        if (marker !== undefined && (!markerImage || !visible(markerImage))) throw badRequest(`marker ${marker} could not be found`);
        const wanted = FILTERS.map((f) => [f, c.req.query(f)] as const).filter(([, v]) => v !== undefined);
        const images = [];
        let more = false;
        if (table) {
          for (const i of scan(table, { after: marker })) {
            if (!visible(i)) continue;
            const view = imageView(i) as Record<string, unknown>;
            if (!wanted.every(([k, v]) => String(view[k]) === v)) continue;
            if (images.length === limit) {
              more = true;
              break;
            }
            images.push(view);
          }
        }
        const body: Record<string, unknown> = { images, first: "/v2/images", schema: "/v2/schemas/images" };
        if (more && images.length > 0) body.next = `/v2/images?marker=${images[images.length - 1].id}&limit=${limit}`;
        return c.json(body);
      },
    },
    {
      method: "GET",
      path: "/v2/images/:id",
      operation: "image.image.show",
      policy: "reader",
      handler: (c) => {
        const id = c.req.param("id") ?? "";
        const table = catalog();
        const image = table ? get(table, id) : undefined;
        if (!image || !visibleTo(c)(image)) throw imageNotFound(id);
        return c.json(imageView(image));
      },
    },
  ];
}
