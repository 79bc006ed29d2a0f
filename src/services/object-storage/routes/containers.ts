// Containers (Swift: storage-container-services): PUT 201 new / 202 existing, GET listings (HEAD: counts),
// POST metadata, ACLs and versioning (X-Versions-Location, X-History-Location), DELETE (409 while not empty).

import type { Draft } from "immer";
import type { RouteDef } from "../../../kernel/http/service-app.js";
import { ApiError } from "../../../kernel/errors.js";
import { badRequest, containerNotFound } from "../errors.js";
import { listPage } from "../listing.js";
import { containerOf, createContainer, deleteContainer, isExpired } from "../operations/records.js";
import { findContainer } from "../read.js";
import type { Container } from "../state.js";
import { containerHeaders, containerListing } from "../views.js";
import { checkMetadata, projectOf, listingFormat, listQuery, metaHeaders, removedMeta, write, type Deps } from "./common.js";
import { containerAccess, isOwner } from "./access.js";
import { empty, listing } from "./respond.js";
import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { checkName } from "./object-input.js";
import { staticContainer } from "./static-web.js";
import { formPost, isFormPost } from "./form-post.js";
import { extractArchive, isExtractArchive } from "./extract-archive.js";

export function containerName(c: Ctx): string {
  const name = checkName(c.req.param("container") ?? "");
  if (name.length > 256) throw badRequest("Container name length of 257 longer than 256");
  return name;
}

/** X-Container-Meta-* (an empty value or X-Remove- drops one), X-Container-Read/-Write, quota values */
function applyHeaders(c: Ctx, container: Draft<Container>): void {
  const metadata = { ...container.metadata };
  for (const [name, value] of Object.entries(metaHeaders(c, "x-container-meta-"))) {
    if (value === "") delete metadata[name];
    else metadata[name] = value;
  }
  for (const name of removedMeta(c, "container")) delete metadata[name];
  for (const quota of ["quota-bytes", "quota-count"]) {
    if (metadata[quota] !== undefined && !/^\d+$/.test(metadata[quota]!)) throw badRequest(`Invalid ${quota === "quota-bytes" ? "Quota-Bytes" : "Quota-Count"} value.`);
  }
  checkMetadata(metadata);
  container.metadata = metadata;
  for (const acl of ["read", "write"] as const) {
    const value = requestHeader(c, `x-container-${acl}`);
    if (value !== undefined) container[acl] = value === "" ? undefined : value;
    if (requestHeader(c, `x-remove-container-${acl}`) !== undefined) container[acl] = undefined;
  }
  const versions = versionsHeader(c);
  if (versions === null) delete container.versions;
  else if (versions !== undefined) container.versions = versions;
}

/** X-Versions-Location / X-History-Location as versioned_writes reads them: null removes, undefined keeps */
function versionsHeader(c: Ctx): Container["versions"] | null | undefined {
  let stack = requestHeader(c, "x-versions-location");
  let history = requestHeader(c, "x-history-location");
  if (stack !== undefined && history !== undefined) {
    if (stack && history) throw badRequest("Only one of x-versions-location or x-history-location may be specified");
    if (!history) history = undefined;
    else stack = undefined;
  }
  const value = stack ?? history;
  if (value !== undefined) {
    if (value === "") return null;
    let location = value;
    try {
      location = decodeURIComponent(value);
    } catch {
      // taken as given
    }
    if (location.includes("/")) throw new ApiError(412, "PreconditionFailed", "Container name cannot contain slashes");
    return { location: checkName(location), mode: stack !== undefined ? "stack" : "history" };
  }
  if (requestHeader(c, "x-remove-versions-location") || requestHeader(c, "x-remove-history-location")) return null;
  return undefined;
}

export function containerRoutes(d: Deps): RouteDef[] {
  const { kernel } = d;
  return [
    {
      method: "PUT",
      path: "/v1/:account/:container",
      operation: "object-storage.container.create",
      // ?extract-archive reads its body (extract-archive.ts checks each write as the caller's)
      policy: "public",
      body: "stream",
      handler: (c) => {
        if (isExtractArchive(c)) return extractArchive(c, d, projectOf(c), containerName(c));
        const projectId = containerAccess(c, d, "write-container");
        const name = containerName(c);
        const created = write(c, d, (s, w) => {
          const made = createContainer(s, w, projectId, name);
          applyHeaders(c, containerOf(s, projectId, name));
          return made;
        });
        return empty(c, kernel, created ? 201 : 202);
      },
    },
    {
      method: "GET",
      path: "/v1/:account/:container",
      operation: "object-storage.container.show",
      policy: "public",
      handler: (c) => {
        const web = staticContainer(c, d);
        if (web) return web;
        const projectId = containerAccess(c, d, "list");
        const name = containerName(c);
        const container = findContainer(d.state(), projectId, name);
        if (!container) throw containerNotFound();
        const format = listingFormat(c);
        const now = kernel.clock.now();
        const page = listPage(container.objects, listQuery(c), (o) => !isExpired(o, now));
        return listing(c, kernel, format, page.items.length, containerListing(format, name, page.items), containerHeaders(container, isOwner(c, projectId)));
      },
    },
    {
      method: "POST",
      path: "/v1/:account/:container",
      operation: "object-storage.container.update",
      // formpost: a signed form needs no token (form-post.ts checks its signature); else access.ts decides
      policy: "public",
      body: "stream",
      handler: (c) => {
        if (isFormPost(c)) return formPost(c, d, projectOf(c), containerName(c));
        const projectId = containerAccess(c, d, "write-container");
        const name = containerName(c);
        write(c, d, (s) => applyHeaders(c, containerOf(s, projectId, name)));
        return empty(c, kernel, 204);
      },
    },
    {
      method: "DELETE",
      path: "/v1/:account/:container",
      operation: "object-storage.container.delete",
      handler: (c) => {
        const projectId = containerAccess(c, d, "write-container");
        const name = containerName(c);
        write(c, d, (s) => deleteContainer(s, projectId, name));
        return empty(c, kernel, 204);
      },
    },
  ];
}
