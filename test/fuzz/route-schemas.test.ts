// Every route that reads a JSON body declares its zod schema in the route table (RouteDef.schema), so the
// fuzzer generates bodies from it; a write route without a body is listed here with the reason.

import { describe, expect, it } from "vitest";
import { routeTable } from "../../src/kernel/http/service-app.js";
import { testEmulator } from "../helpers/emulator.js";

/** write routes that read no body: operation -> why */
const NO_BODY: Record<string, string> = {
  "identity.grant.create": "PUT /…/users/{user}/roles/{role}: the path says it all (Keystone reads no body)",
  "identity.endpoint_group.project.add": "PUT /v3/OS-EP-FILTER/endpoint_groups/{group}/projects/{project}: Keystone reads no body",
  "identity.project.endpoint.add": "PUT /v3/OS-EP-FILTER/projects/{project}/endpoints/{endpoint}: Keystone reads no body",
  "identity.group.member.add": "PUT /v3/groups/{group}/users/{user}: the path says it all (Keystone reads no body)",
  "identity.implied_role.create": "PUT /v3/roles/{prior}/implies/{implied}: the path says it all (Keystone reads no body)",
  "identity.oauth1_request_token.create": "POST /v3/OS-OAUTH1/request_token: the OAuth Authorization header and Requested-Project-Id (Keystone reads no body)",
  "identity.oauth1_access_token.create": "POST /v3/OS-OAUTH1/access_token: the OAuth Authorization header (Keystone reads no body)",
  "identity.project.tag.add": "PUT /v3/projects/{id}/tags/{tag}: the tag is the path's last segment (Keystone reads no body)",
  "image.image.deactivate": "POST /v2/images/{id}/actions/deactivate: Glance reads no body",
  "image.image.reactivate": "POST /v2/images/{id}/actions/reactivate: Glance reads no body",
  "image.metadef_tag.create": "POST /v2/metadefs/namespaces/{ns}/tags/{tag}: the tag is the path's last segment (Glance reads no body)",
  "image.tag.create": "PUT /v2/images/{id}/tags/{tag}: the tag is the path's last segment (Glance reads no body)",
  "networking.*.tags.add": "PUT /…/tags/{tag}: the tag is the path's last segment (Neutron reads no body)",
  "object-storage.*.update": "Swift's POST to an account, container or object: metadata in X-*-Meta-* headers (?bulk-delete reads text)",
  "object-storage.container.create": "Swift's container PUT: metadata and ACLs in headers",
  "object-storage.object.copy": "Swift's COPY: Destination and metadata in headers",
  "s3.bucket.create": "S3's CreateBucket: an optional CreateBucketConfiguration XML body, no JSON",
  "s3.object.delete_many": "S3's DeleteObjects (POST ?delete): a <Delete> XML body",
  "s3.cors.preflight": "a browser's CORS preflight (OPTIONS): headers only, answered 501",
  "s3.multipart.write": "S3's CreateMultipartUpload (headers only) and CompleteMultipartUpload (XML body)",
};

const exempt = (operation: string) =>
  Object.keys(NO_BODY).some((pattern) => new RegExp(`^${pattern.replace(/\./g, "\\.").replace(/\*/g, ".+")}$`).test(operation));

describe("route tables", () => {
  it("declare the schema of every JSON body a write route reads", async () => {
    const emulator = testEmulator();
    const missing: string[] = [];
    const needless: string[] = [];
    for (const service of emulator.services) {
      for (const route of routeTable(service.routes(emulator.kernel))) {
        if (route.method === "GET" || route.method === "DELETE" || route.body === "stream") continue;
        const name = `${route.method} ${service.mountPath}${route.path} (${route.operation})`;
        if (!route.schema && !exempt(route.operation)) missing.push(name);
        if (route.schema && exempt(route.operation)) needless.push(name);
      }
    }
    await emulator.close();
    expect(missing, "write routes without a body schema").toEqual([]);
    expect(needless, "routes listed as body-less that declare a schema").toEqual([]);
  });
});
