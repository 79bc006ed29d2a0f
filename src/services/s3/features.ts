// What the S3 API does with each feature a client may ask for beyond the calls COVERAGE.md lists: served,
// or refused with 501 NotImplemented (never accepted and ignored). COVERAGE.md renders this list.

export type FeatureStatus = "implemented" | "partial" | "501 NotImplemented";

export interface Feature {
  feature: string;
  status: FeatureStatus;
  note: string;
}

export const S3_FEATURES: readonly Feature[] = [
  { feature: "Additional checksums (CRC32, CRC32C, CRC64NVME, SHA1, SHA256)", status: "implemented", note: "from `x-amz-checksum-*` headers or aws-chunked trailers, or computed for `x-amz-sdk-checksum-algorithm`: checked (BadDigest), kept, echoed by the write and served by GET/HEAD with `x-amz-checksum-mode: ENABLED` (not for a range or a part)" },
  { feature: "Multipart checksums", status: "implemented", note: "`x-amz-checksum-algorithm`/`-type` on CreateMultipartUpload: every part computed with it, COMPOSITE (`<digest of digests>-N`) or FULL_OBJECT (CRCs, joined without rereading the bytes); parts' checksums checked on Complete" },
  { feature: "Default CRC64NVME of uploads sent without a checksum", status: "implemented", note: "PutObject: computed as the bytes arrive, kept as FULL_OBJECT, echoed by the write, kept by copies and served in checksum mode; a multipart upload created without an algorithm keeps each part's (UploadPart echoes it) and its object gets the FULL_OBJECT CRC64NVME joined from them" },
  { feature: "Conditional writes", status: "implemented", note: "`If-None-Match: *` and `If-Match` on PutObject and CompleteMultipartUpload (412, 409 ConditionalRequestConflict)" },
  { feature: "Content headers", status: "implemented", note: "Cache-Control, Content-Disposition, Content-Encoding (aws-chunked dropped), Content-Language, Expires kept through copies and multipart uploads; Swift serves them too" },
  { feature: "GetObject/HeadObject `?partNumber`", status: "implemented", note: "206 with `x-amz-mp-parts-count`; past the last part 416 InvalidPartNumber; a single-part object is its part 1" },
  { feature: "Repeated CompleteMultipartUpload", status: "implemented", note: "answers 200 as the first did while the object it made is in place" },
  { feature: "Bucket names", status: "implemented", note: "global: another project's name is BucketAlreadyExists and its bucket AccessDenied; one's own again BucketAlreadyOwnedByYou (200 in us-east-1, as S3)" },
  { feature: "ListBuckets paging", status: "implemented", note: "`max-buckets`, `continuation-token`, `prefix`" },
  { feature: "SSE-S3 (`x-amz-server-side-encryption: AES256`)", status: "implemented", note: "kept and echoed on PUT, GET, HEAD, copies and multipart (the bytes are the emulator's, unencrypted either way)" },
  { feature: "SSE-KMS, SSE-C", status: "501 NotImplemented", note: "any `x-amz-server-side-encryption-customer-*`, `aws:kms` or KMS key header" },
  { feature: "Versioning", status: "partial", note: "buckets are unversioned: GetBucketVersioning answers an empty configuration, ListObjectVersions each object once with VersionId `null`, `versionId=null` reads it; PutBucketVersioning and any other versionId 501" },
  { feature: "ACLs", status: "partial", note: "GetBucketAcl/GetObjectAcl answer the owner's FULL_CONTROL; canned `private` and `bucket-owner-full-control` accepted; other canned ACLs, `x-amz-grant-*` and ACL documents 501" },
  { feature: "Object lock, retention, legal hold", status: "501 NotImplemented", note: "`x-amz-bucket-object-lock-enabled: true` on CreateBucket, `x-amz-object-lock-*`, `?object-lock`, `?retention`, `?legal-hold`" },
  { feature: "Website redirects", status: "501 NotImplemented", note: "`x-amz-website-redirect-location`, `?website`" },
  { feature: "Object tagging", status: "implemented", note: "`x-amz-tagging` on PutObject, CreateMultipartUpload and CopyObject (`x-amz-tagging-directive`), Put/Get/DeleteObjectTagging, `x-amz-tagging-count`; S3's limits (InvalidTag)" },
  { feature: "Bucket tagging", status: "501 NotImplemented", note: "`?tagging` on a bucket" },
  { feature: "Storage classes", status: "partial", note: "STANDARD only; any other `x-amz-storage-class` 501" },
  { feature: "CORS", status: "501 NotImplemented", note: "`?cors`; an OPTIONS preflight gets S3's answer for a bucket without CORS (403 AccessForbidden)" },
  { feature: "Browser-based uploads (POST Object with a form)", status: "501 NotImplemented", note: "a `multipart/form-data` POST to a bucket" },
  { feature: "Bucket policy, lifecycle, website, logging, notification, replication, encryption, ownership, public access block, accelerate, request payment, analytics, metrics, inventory, intelligent tiering, torrent, restore, select, attributes", status: "501 NotImplemented", note: "their subresources" },
];

/** The list as COVERAGE.md shows it. */
export function s3FeatureLines(): string[] {
  return [
    "S3 features beyond the calls above:",
    "",
    "| feature | status | what it does |",
    "|---|---|---|",
    ...S3_FEATURES.map((f) => `| ${f.feature} | ${f.status} | ${f.note} |`),
    "",
  ];
}
