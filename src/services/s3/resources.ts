// S3's resource kinds as the control API lists them: multipart uploads in progress (buckets and objects are
// object storage's).

import { resourceKind } from "../../kernel/resources.js";
import type { S3State } from "./state.js";

export const s3Resources = [
  resourceKind({
    type: "s3.upload",
    table: (s: S3State) => s.uploads,
    projectOf: (u) => u.projectId,
    summary: (u) => ({ id: u.id, projectId: u.projectId, bucket: u.bucket, key: u.key, parts: u.parts.size }),
  }),
];
