// Bucket documents: ListAllMyBucketsResult and GetBucketLocation's LocationConstraint.

import type { StoredBucket } from "../storage.js";
import { escapeMarkup } from "../../../kernel/http/render.js";
import { isoString } from "../../../kernel/time.js";
import { S3_NS, xmlDocument, type Node } from "../xml.js";

export const s3Time = (ms: number) => isoString(ms);

export function ownerNode(projectId: string): Node {
  return ["Owner", [["ID", projectId], ["DisplayName", projectId]]];
}

/** `next`: the ContinuationToken of a page max-buckets cut short; `prefix` echoed when asked. */
export function listBucketsView(projectId: string, buckets: StoredBucket[], page: { next?: string; prefix?: string } = {}): string {
  return xmlDocument("ListAllMyBucketsResult", [
    ownerNode(projectId),
    ["Buckets", buckets.map((b): Node => ["Bucket", [["Name", b.name], ["CreationDate", s3Time(b.createdAt)]]])],
    page.next !== undefined && ["ContinuationToken", page.next],
    page.prefix !== undefined && ["Prefix", page.prefix],
  ]);
}

/** GetBucketVersioning of a bucket whose versioning was never enabled: an empty configuration. */
export const versioningView = () => xmlDocument("VersioningConfiguration", []);

/** us-east-1 is S3's empty LocationConstraint; any other region is named. */
export function locationView(region: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<LocationConstraint xmlns="${S3_NS}">${region === "us-east-1" ? "" : escapeMarkup(region)}</LocationConstraint>`;
}

/** GetBucketAcl / GetObjectAcl: the owner's FULL_CONTROL, the only grant this endpoint has (canned `private`). */
export function aclView(projectId: string): string {
  const doc = xmlDocument("AccessControlPolicy", [
    ownerNode(projectId),
    ["AccessControlList", [["Grant", [["Grantee", [["ID", projectId], ["DisplayName", projectId]]], ["Permission", "FULL_CONTROL"]]]]],
  ]);
  return doc.replace("<Grantee>", '<Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CanonicalUser">');
}
