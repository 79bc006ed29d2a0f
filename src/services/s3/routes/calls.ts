// Each route's requests by S3 API call (PutObject, UploadPart, CopyObject share `PUT /<bucket>/<key>`), as
// the route's handler tells them apart: `s3.<Call>` is what a fault rule names to fail one call and leave
// the others (the route's own operation, `s3.object.write`, still names them all).

import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { requestVariants } from "../../../kernel/http/variants.js";
import { has, query } from "./request.js";

const head = (c: Ctx) => c.req.method === "HEAD";
const always = () => true;
const copies = (c: Ctx) => requestHeader(c, "x-amz-copy-source") !== undefined;
const part = (c: Ctx) => has(c, "uploadId") || has(c, "partNumber");

export const CALLS = {
  listBuckets: requestVariants([["s3.ListBuckets", always]]),
  readBucket: requestVariants([
    ["s3.HeadBucket", head],
    ["s3.GetBucketLocation", (c) => has(c, "location")],
    ["s3.ListMultipartUploads", (c) => has(c, "uploads")],
    ["s3.ListObjectsV2", (c) => query(c, "list-type") === "2"],
    ["s3.ListObjects", always],
  ]),
  createBucket: requestVariants([["s3.CreateBucket", always]]),
  deleteBucket: requestVariants([["s3.DeleteBucket", always]]),
  deleteObjects: requestVariants([["s3.DeleteObjects", always]]),
  readObject: requestVariants([
    ["s3.HeadObject", head],
    ["s3.ListParts", (c) => has(c, "uploadId")],
    ["s3.GetObject", always],
  ]),
  writeObject: requestVariants([
    ["s3.UploadPartCopy", (c) => part(c) && copies(c)],
    ["s3.UploadPart", part],
    ["s3.CopyObject", copies],
    ["s3.PutObject", always],
  ]),
  deleteObject: requestVariants([
    ["s3.AbortMultipartUpload", (c) => has(c, "uploadId")],
    ["s3.DeleteObject", always],
  ]),
  multipart: requestVariants([
    ["s3.CreateMultipartUpload", (c) => has(c, "uploads")],
    ["s3.CompleteMultipartUpload", (c) => has(c, "uploadId")],
  ]),
};
