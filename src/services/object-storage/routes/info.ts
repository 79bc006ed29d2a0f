// GET /object-store/info (Swift: storage_info): the cluster's capabilities and limits, without a token; and
// the two middlewares that answer outside any account: /healthcheck ("OK") and /crossdomain.xml (Swift's
// default policy). /info names only what is served: container_sync is not.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { DEFAULT_MAX_STREAM_BYTES } from "../../../kernel/http/service-app.js";
import { MAX_LISTING } from "../listing.js";
import { dateHeader, type Deps } from "./common.js";

const CROSSDOMAIN =
  '<?xml version="1.0"?>\n<!DOCTYPE cross-domain-policy SYSTEM "http://www.adobe.com/xml/dtds/cross-domain-policy.dtd" >\n' +
  '<cross-domain-policy>\n<allow-access-from domain="*" secure="false" />\n</cross-domain-policy>';

export function infoRoutes(d: Deps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/info",
      operation: "object-storage.info.show",
      policy: "public",
      handler: (c) =>
        c.json(
          {
            swift: {
              version: "2.34.0",
              max_file_size: DEFAULT_MAX_STREAM_BYTES,
              max_meta_name_length: 128,
              max_meta_value_length: 256,
              max_meta_count: 90,
              max_meta_overall_size: 4096,
              max_object_name_length: 1024,
              max_container_name_length: 256,
              container_listing_limit: MAX_LISTING,
              account_listing_limit: MAX_LISTING,
              account_autocreate: true,
              strict_cors_mode: true,
              policies: [{ name: "Policy-0", aliases: "Policy-0", default: true }],
            },
            slo: { max_manifest_segments: 1000, max_manifest_size: 8 * 1024 * 1024, min_segment_size: 1, yield_frequency: 10 },
            bulk_upload: { max_containers_per_extraction: 10_000, max_failed_extractions: 1000 },
            bulk_delete: { max_deletes_per_request: 10_000, max_failed_deletes: 1000 },
            tempurl: { methods: ["GET", "HEAD", "PUT", "POST", "DELETE"], allowed_digests: ["sha1", "sha256", "sha512"] },
            container_quotas: {},
            account_quotas: {},
            keystoneauth: {},
            crossdomain: {},
            staticweb: {},
            formpost: { allowed_digests: ["sha1", "sha256", "sha512"], deprecated_digests: ["sha1"] },
            versioned_writes: { allowed_flags: ["x-versions-location", "x-history-location"] },
          },
          200,
          dateHeader(d.kernel),
        ),
    },
    {
      method: "GET",
      path: "/healthcheck",
      operation: "object-storage.healthcheck.show",
      policy: "public",
      handler: (c) => c.body("OK", 200, { ...dateHeader(d.kernel), "content-type": "text/plain" }),
    },
    {
      method: "GET",
      path: "/crossdomain.xml",
      operation: "object-storage.crossdomain.show",
      policy: "public",
      handler: (c) => c.body(CROSSDOMAIN, 200, { ...dateHeader(d.kernel), "content-type": "application/xml" }),
    },
  ];
}
