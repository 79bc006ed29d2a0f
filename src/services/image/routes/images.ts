// Images (Glance v2 images-images-v2): create, list, show, JSON-patch update, delete, tags, and the admin's
// deactivate/reactivate (admin or the owner's members, Glance's default policy since Wallaby). Handlers validate, run one operation and render the committed image.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { validate } from "../../../kernel/http/body.js";
import { queries, requestHeader, requestPath, type Ctx } from "../../../kernel/http/context.js";
import { get } from "../../../kernel/store/table.js";
import { badRequest, invalidContentType, notFound } from "../errors.js";
import { checkCreateKeys } from "../operations/attributes.js";
import { addTag, createImage, deactivateImage, deleteImage, deleteTag, reactivateImage, updateImage, visibleImage } from "../operations/images.js";
import { listPage, parseListQuery } from "../operations/list.js";
import { createImageBody, PATCH_MEDIA_TYPE, PATCH_MEDIA_TYPE_V20, patchImageBody, patchImageBodyV20 } from "../schemas/images.js";
import { canSee } from "../state.js";
import { imageView } from "../views/images.js";
import type { ImageDeps } from "./deps.js";
import { importMethodsHeader } from "./discovery.js";

export function imageRoutes(deps: ImageDeps): RouteDef[] {
  const freeBlobs = (ids: string[]) => ids.forEach((id) => deps.kernel.blobs.delete(id));
  const current = (id: string) => imageView(get(deps.state().images, id)!);
  const param = (c: Ctx, name: string) => c.req.param(name) ?? "";
  return [
    {
      method: "POST",
      path: "/v2/images",
      operation: "image.image.create",
      schema: createImageBody,
      // Glance's own answers to keys it reserves come before the schema's
      bodyCheck: "parsed",
      handler: (c, raw) => {
        checkCreateKeys(raw);
        const body = validate(createImageBody, raw);
        const image = deps.write(c, (s, ctx) => createImage(s, ctx, body));
        return c.json(current(image.id), 201, { Location: `/v2/images/${image.id}`, ...importMethodsHeader });
      },
    },
    {
      method: "GET",
      path: "/v2/images",
      operation: "image.image.list",
      handler: (c) => {
        // `/v2/images/` names an image with an empty id for Glance's router: no list there (404)
        if (requestPath(c).endsWith("/")) throw notFound("The resource could not be found.");
        const caller = deps.caller(c);
        const params = queries(c);
        const query = parseListQuery(params, caller, deps.kernel.options.maxPageSize);
        const page = listPage(deps.state().images, query, (i) => canSee(caller, i));
        const body: Record<string, unknown> = { images: page.items.map(imageView), first: "/v2/images", schema: "/v2/schemas/images" };
        if (page.more && page.items.length > 0) body.next = nextLink(params, page.items.at(-1)!.id, query.limit);
        return c.json(body);
      },
    },
    {
      method: "GET",
      path: "/v2/images/:id",
      operation: "image.image.show",
      handler: (c) => c.json(imageView(visibleImage(deps.state(), deps.caller(c), param(c, "id")))),
    },
    route({
      method: "PATCH",
      path: "/v2/images/:id",
      operation: "image.image.update",
      schema: patchImageBody,
      schemaFor: (c) => {
        // who may see it is checked before the body is: a stranger's patch is a 404 whatever it holds
        visibleImage(deps.state(), deps.caller(c), param(c, "id"));
        const type = (requestHeader(c, "content-type") ?? "").split(";")[0]!.trim().toLowerCase();
        if (type === PATCH_MEDIA_TYPE_V20) return patchImageBodyV20;
        if (type !== PATCH_MEDIA_TYPE) throw invalidContentType(type);
        return patchImageBody;
      },
      handler: (c, ops) => {
        const id = param(c, "id");
        deps.write(c, (s, ctx) => updateImage(s, ctx, id, ops));
        return c.json(current(id));
      },
    }),
    {
      method: "DELETE",
      path: "/v2/images/:id",
      operation: "image.image.delete",
      handler: (c) => {
        freeBlobs(deps.write(c, (s, ctx) => deleteImage(s, ctx, param(c, "id"))));
        return c.body(null, 204);
      },
    },
    {
      method: "POST",
      path: "/v2/images/:id/actions/deactivate",
      operation: "image.image.deactivate",
      policy: "member",
      handler: (c) => {
        deps.write(c, (s, ctx) => deactivateImage(s, ctx, param(c, "id")));
        return c.body(null, 204);
      },
    },
    {
      method: "POST",
      path: "/v2/images/:id/actions/reactivate",
      operation: "image.image.reactivate",
      policy: "member",
      handler: (c) => {
        deps.write(c, (s, ctx) => reactivateImage(s, ctx, param(c, "id")));
        return c.body(null, 204);
      },
    },
    {
      method: "PUT",
      path: "/v2/images/:id/tags/:tag",
      operation: "image.tag.create",
      handler: (c) => {
        const tag = param(c, "tag");
        if (tag.length > 255) throw badRequest("Tag is longer than 255 characters.");
        deps.write(c, (s, ctx) => addTag(s, ctx, param(c, "id"), tag));
        return c.body(null, 204);
      },
    },
    {
      method: "DELETE",
      path: "/v2/images/:id/tags/:tag",
      operation: "image.tag.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteTag(s, ctx, param(c, "id"), param(c, "tag")));
        return c.body(null, 204);
      },
    },
  ];
}

/** The next page: the same query with the last image as the marker (as Glance builds it). */
function nextLink(params: Record<string, string[]>, marker: string, limit: number): string {
  const query = new URLSearchParams();
  for (const [key, values] of Object.entries(params)) {
    if (key === "marker" || key === "limit") continue;
    for (const v of values) query.append(key, v);
  }
  query.set("limit", String(limit));
  query.set("marker", marker);
  return `/v2/images?${query.toString()}`;
}
