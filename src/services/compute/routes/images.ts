// Images through the compute proxy (Nova v2.1), over the image service's catalog: list, list
// detail, show, delete (204). Deprecated: from 2.36 every one of them is 404.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { microversion } from "../microversion.js";
import { itemNotFound } from "../errors.js";
import { deleteImage, listImages, visibleImage, type ImageQuery } from "../operations/images.js";
import { imageSummary, imageView } from "../views/images.js";
import { collectionBody, intQuery, page, pageParams } from "../views/collection.js";
import type { ComputeDeps } from "./deps.js";

const idOf = (c: Ctx) => c.req.param("imageId") ?? "";

/** The image proxy API is gone from 2.36 (Nova answers 404, as for any unknown version of a route). */
function available(c: Ctx): void {
  if (microversion(c) >= 36) throw itemNotFound("The resource could not be found.");
}

function imageQuery(c: Ctx): ImageQuery {
  return {
    name: queryParam(c, "name"),
    status: queryParam(c, "status"),
    server: queryParam(c, "server"),
    type: queryParam(c, "type"),
    minRam: intQuery(c, "minRam"),
    minDisk: intQuery(c, "minDisk"),
  };
}

export function imageRoutes(deps: ComputeDeps): RouteDef[] {
  const list = (detail: boolean) => (c: Ctx) => {
    available(c);
    const params = pageParams(c);
    const rows = listImages(deps.root(), deps.caller(c), imageQuery(c));
    const { items, links } = page(c, rows, (i) => i.id, params, deps.kernel.options.maxPageSize);
    return c.json(collectionBody("images", items.map((i) => (detail ? imageView(c, i) : imageSummary(c, i))), links));
  };
  return [
    { method: "GET", path: "/v2.1/images", operation: "compute.image.list", handler: list(false) },
    { method: "GET", path: "/v2.1/images/detail", operation: "compute.image.list", handler: list(true) },
    {
      method: "GET",
      path: "/v2.1/images/:imageId",
      operation: "compute.image.show",
      handler: (c) => {
        available(c);
        return c.json({ image: imageView(c, visibleImage(deps.root(), deps.caller(c), idOf(c))) });
      },
    },
    {
      method: "DELETE",
      path: "/v2.1/images/:imageId",
      operation: "compute.image.delete",
      handler: (c) => {
        available(c);
        deps.write(c, (_s, ctx) => deleteImage(ctx, idOf(c)));
        return c.body(null, 204);
      },
    },
  ];
}
