// The service and bucket routes: ListBuckets (GET /), and on /{bucket}: ListObjects V1/V2, HeadBucket,
// GetBucketLocation, ListMultipartUploads, CreateBucket, DeleteBucket, DeleteObjects (POST ?delete).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { allows } from "../../../kernel/auth/principal.js";
import { accessDenied, badRequest, corsNotEnabled, invalidArgument, malformedXml, notImplemented } from "../errors.js";
import { refuseUnsupportedHeaders } from "../operations/object-headers.js";
import { putAcl } from "./acl.js";
import { createBucket, deleteBucket, requireBucket } from "../operations/buckets.js";
import { listPage, parseMaxBuckets, parseMaxKeys } from "../operations/listing.js";
import { checkKey } from "../operations/objects.js";
import { uploadsOf } from "../operations/multipart.js";
import { aclView, listBucketsView, locationView, versioningView } from "../views/buckets.js";
import { deleteResultView, listV1View, listV2View, listVersionsView, type DeleteOutcome } from "../views/objects.js";
import { listUploadsView } from "../views/multipart.js";
import { child, childrenNamed } from "../xml-reader.js";
import type { S3Deps } from "./deps.js";
import { bucketOf, has, query, readXml, refuseUnsupported, xml } from "./request.js";
import { CALLS } from "./calls.js";

const MAX_DELETE_KEYS = 1000;

export function bucketRoutes(deps: S3Deps, region: string): RouteDef[] {
  const { storage } = deps;
  /** The bucket (checked) and what a listing of it asks: prefix, delimiter, max-keys, encoding-type. */
  const listRequest = (c: Ctx) => {
    const projectId = deps.project(c);
    const bucket = bucketOf(c);
    requireBucket(storage, deps.root(), projectId, bucket);
    const encoding = query(c, "encoding-type");
    if (encoding !== undefined && encoding !== "url") throw invalidArgument("Invalid Encoding Method specified in Request", "encoding-type", encoding);
    const view = { bucket, projectId, prefix: query(c, "prefix") ?? "", delimiter: query(c, "delimiter") ?? "", maxKeys: parseMaxKeys(query(c, "max-keys")), url: encoding === "url" };
    return { projectId, bucket, view };
  };

  const list = (c: Ctx) => {
    const { projectId, bucket, view } = listRequest(c);
    if (query(c, "list-type") === "2") {
      const token = query(c, "continuation-token");
      let after = query(c, "start-after") ?? "";
      // an empty token is the start of the listing, as S3 takes it
      if (token) {
        after = Buffer.from(token, "base64url").toString("utf8");
        if (Buffer.from(after, "utf8").toString("base64url") !== token) {
          throw invalidArgument("The continuation token provided is incorrect", "continuation-token", token);
        }
      }
      const page = listPage(storage, deps.root(), projectId, bucket, { ...view, after });
      const nextToken = page.next === undefined ? undefined : Buffer.from(page.next, "utf8").toString("base64url");
      return xml(c, listV2View(view, page, { token, nextToken, startAfter: query(c, "start-after"), fetchOwner: query(c, "fetch-owner") === "true" }));
    }
    if (query(c, "list-type") !== undefined) throw invalidArgument("Invalid List Type specified in Request", "list-type", query(c, "list-type"));
    const marker = query(c, "marker") ?? "";
    return xml(c, listV1View(view, listPage(storage, deps.root(), projectId, bucket, { ...view, after: marker }), marker));
  };

  const listBuckets = (c: Ctx) => {
    const projectId = deps.project(c);
    const prefix = query(c, "prefix");
    const max = parseMaxBuckets(query(c, "max-buckets"));
    const token = query(c, "continuation-token");
    const after = token ? Buffer.from(token, "base64url").toString("utf8") : "";
    const all = storage.listBuckets(deps.root(), projectId).filter((b) => b.name > after && (prefix === undefined || b.name.startsWith(prefix)));
    const page = all.slice(0, max);
    const next = all.length > max ? Buffer.from(page[page.length - 1]!.name, "utf8").toString("base64url") : undefined;
    return xml(c, listBucketsView(projectId, page, { next, prefix }));
  };

  const listVersions = (c: Ctx) => {
    const { projectId, view } = listRequest(c);
    const keyMarker = query(c, "key-marker") ?? "";
    const versionMarker = query(c, "version-id-marker") ?? "";
    if (versionMarker !== "" && versionMarker !== "null") throw invalidArgument("Invalid version id specified", "version-id-marker", versionMarker);
    if (versionMarker !== "" && keyMarker === "") throw invalidArgument("A version-id marker cannot be specified without a key marker.", "version-id-marker", versionMarker);
    const page = listPage(storage, deps.root(), projectId, view.bucket, { ...view, after: keyMarker });
    return xml(c, listVersionsView(view, page, keyMarker, versionMarker));
  };

  const listUploads = (c: Ctx) => {
    const projectId = deps.project(c);
    const bucket = bucketOf(c);
    requireBucket(storage, deps.root(), projectId, bucket);
    const prefix = query(c, "prefix") ?? "";
    const keyMarker = query(c, "key-marker") ?? "";
    const idMarker = query(c, "upload-id-marker") ?? "";
    const max = parseMaxKeys(query(c, "max-uploads"));
    const all = uploadsOf(deps.state(), projectId, bucket, prefix).filter(
      (u) => keyMarker === "" || u.key > keyMarker || (u.key === keyMarker && idMarker !== "" && u.id > idMarker),
    );
    return xml(c, listUploadsView(bucket, prefix, keyMarker, idMarker, max, all.slice(0, max), all.length > max));
  };

  const deleteObjects = async (c: Ctx) => {
    const projectId = deps.project(c);
    const bucket = bucketOf(c);
    requireBucket(storage, deps.root(), projectId, bucket);
    // an Object holds at most Key, VersionId, ETag, LastModifiedTime and Size
    const doc = await readXml(c, 2 + MAX_DELETE_KEYS * 6);
    if (!doc || doc.name !== "Delete") throw malformedXml();
    const objects = childrenNamed(doc, "Object");
    if (objects.length === 0 || objects.length > MAX_DELETE_KEYS) throw malformedXml();
    const keys = objects.map((o) => {
      const key = child(o, "Key");
      if (!key) throw malformedXml();
      return key.text;
    });
    const quiet = child(doc, "Quiet")?.text.trim().toLowerCase() === "true";
    const outcome: DeleteOutcome = { deleted: [], errors: [] };
    deps.write(c, (_s, ctx) => {
      for (const key of keys) {
        try {
          checkKey(key);
        } catch (error) {
          outcome.errors.push({ key, code: "KeyTooLongError", message: (error as Error).message });
          continue;
        }
        storage.deleteObject(ctx, projectId, bucket, key);
        outcome.deleted.push(key);
      }
    });
    return xml(c, deleteResultView(outcome, quiet));
  };

  return [
    {
      method: "GET",
      path: "/",
      operation: "s3.bucket.list",
      variants: CALLS.listBuckets,
      handler: (c) => listBuckets(c),
    },
    {
      method: "GET",
      path: "/:bucket",
      operation: "s3.bucket.read",
      variants: CALLS.readBucket,
      handler: (c) => {
        if (c.req.method === "HEAD") {
          requireBucket(storage, deps.root(), deps.project(c), bucketOf(c));
          return c.body(null, 200, { "x-amz-bucket-region": region });
        }
        if (has(c, "location")) {
          requireBucket(storage, deps.root(), deps.project(c), bucketOf(c));
          return xml(c, locationView(region));
        }
        if (has(c, "uploads")) return listUploads(c);
        if (has(c, "acl") || has(c, "versioning")) {
          requireBucket(storage, deps.root(), deps.project(c), bucketOf(c));
          return xml(c, has(c, "acl") ? aclView(deps.project(c)) : versioningView());
        }
        if (has(c, "versions")) return listVersions(c);
        refuseUnsupported(c);
        return list(c);
      },
    },
    {
      method: "PUT",
      path: "/:bucket",
      operation: "s3.bucket.create",
      variants: CALLS.createBucket,
      handler: async (c) => {
        const projectId = deps.project(c);
        refuseUnsupportedHeaders(c, projectId);
        if (has(c, "acl")) return putAcl(c, () => requireBucket(storage, deps.root(), projectId, bucketOf(c)));
        refuseUnsupported(c);
        if (c.req.url.includes("?")) throw notImplemented(`PUT ${c.req.url.slice(c.req.url.indexOf("?"))}`);
        // LocationConstraint, Location, Bucket and their few children
        const config = await readXml(c, 32);
        if (config && config.name !== "CreateBucketConfiguration") throw malformedXml();
        deps.write(c, (_s, ctx) => createBucket(storage, ctx, projectId, bucketOf(c), region));
        return c.body(null, 200, { location: `/${bucketOf(c)}` });
      },
    },
    {
      method: "DELETE",
      path: "/:bucket",
      operation: "s3.bucket.delete",
      variants: CALLS.deleteBucket,
      handler: (c) => {
        refuseUnsupported(c);
        if (c.req.url.includes("?")) throw notImplemented(`DELETE ${c.req.url.slice(c.req.url.indexOf("?"))}`);
        const projectId = deps.project(c);
        deps.write(c, (s, ctx) => deleteBucket(storage, s, ctx, projectId, bucketOf(c)));
        return c.body(null, 204);
      },
    },
    {
      method: "POST",
      path: "/:bucket",
      operation: "s3.object.delete_many",
      variants: CALLS.deleteObjects,
      maxBytes: 2 * 1024 * 1024,
      // public so that a browser's form upload (no Authorization: its policy is signed in the form) gets
      // its 501; DeleteObjects checks its caller itself
      policy: "public",
      handler: (c) => {
        if (requestHeader(c, "content-type")?.toLowerCase().startsWith("multipart/form-data")) {
          throw notImplemented("browser-based uploads (POST Object with a form)");
        }
        const caller = c.get("principal");
        if (!caller || !allows("member", caller)) throw accessDenied();
        refuseUnsupportedHeaders(c, deps.project(c));
        if (!has(c, "delete")) throw notImplemented(`POST ${c.req.url.includes("?") ? c.req.url.slice(c.req.url.indexOf("?")) : "on a bucket"}`);
        return deleteObjects(c);
      },
    },
    ...["/:bucket", "/:bucket/:key{.+}"].map((path): RouteDef => ({
      method: "OPTIONS",
      path,
      operation: "s3.cors.preflight",
      policy: "public",
      // a browser's preflight carries no credential; no bucket here has a CORS configuration (PutBucketCors is
      // NotImplemented), so S3's answer is its refusal of a bucket without one
      handler: (c) => {
        if (!requestHeader(c, "origin")) throw badRequest("Insufficient information. Origin request header needed.");
        const method = requestHeader(c, "access-control-request-method");
        if (!method) throw badRequest("Invalid Access-Control-Request-Method: null");
        throw corsNotEnabled();
      },
    })),
  ];
}
