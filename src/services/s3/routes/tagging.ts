// PutObjectTagging, GetObjectTagging, DeleteObjectTagging (`?tagging` on a key): the tags live among the
// object's records, so a write replaces them and the bytes and Last-Modified stay as they were.

import type { Ctx } from "../../../kernel/http/context.js";
import { noSuchKey } from "../errors.js";
import { requireBucket } from "../operations/buckets.js";
import { tagsOf, tagsOfDocument, withTags, type Tags } from "../operations/tagging.js";
import { taggingView } from "../views/objects.js";
import type { S3Deps } from "./deps.js";
import { bucketOf, keyOf, readXml, xml } from "./request.js";

/** a TagSet of 10 tags is ~40 elements and well under 16 KiB */
const MAX_ELEMENTS = 64;
const MAX_BYTES = 16 * 1024;

export function taggingHandlers(deps: S3Deps) {
  const { storage } = deps;
  const at = (c: Ctx) => ({ projectId: deps.project(c), bucket: bucketOf(c), key: keyOf(c) });
  const setTags = (c: Ctx, tags: Tags) => {
    const { projectId, bucket, key } = at(c);
    deps.write(c, (_s, ctx) => {
      requireBucket(storage, ctx.root, projectId, bucket);
      const object = storage.findObject(ctx.root, projectId, bucket, key);
      if (!object) throw noSuchKey(key);
      storage.setHeaders(ctx, projectId, bucket, key, withTags(object.headers, tags));
    });
  };
  return {
    get(c: Ctx) {
      const { projectId, bucket, key } = at(c);
      requireBucket(storage, deps.root(), projectId, bucket);
      const object = storage.findObject(deps.root(), projectId, bucket, key);
      if (!object) throw noSuchKey(key);
      return xml(c, taggingView(tagsOf(object)));
    },
    async put(c: Ctx) {
      const tags = tagsOfDocument(await readXml(c, MAX_ELEMENTS, MAX_BYTES));
      setTags(c, tags);
      return c.body(null, 200);
    },
    remove(c: Ctx) {
      setTags(c, []);
      return c.body(null, 204);
    },
  };
}
