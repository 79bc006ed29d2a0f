// Bucket documents: ListAllMyBucketsResult and GetBucketLocation's LocationConstraint.

import type { StoredBucket } from "../storage.js";
import { escapeMarkup } from "../../../kernel/http/render.js";
import { S3_NS, xmlDocument, type Node } from "../xml.js";

export const s3Time = (ms: number) => new Date(ms).toISOString();

export function ownerNode(projectId: string): Node {
  return ["Owner", [["ID", projectId], ["DisplayName", projectId]]];
}

export function listBucketsView(projectId: string, buckets: StoredBucket[]): string {
  return xmlDocument("ListAllMyBucketsResult", [
    ownerNode(projectId),
    ["Buckets", buckets.map((b): Node => ["Bucket", [["Name", b.name], ["CreationDate", s3Time(b.createdAt)]]])],
  ]);
}

/** us-east-1 is S3's empty LocationConstraint; any other region is named. */
export function locationView(region: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<LocationConstraint xmlns="${S3_NS}">${region === "us-east-1" ? "" : escapeMarkup(region)}</LocationConstraint>`;
}
