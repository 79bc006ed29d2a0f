// The S3-compatible API (path-style, at /s3): AWS Signature V4 with the EC2 credentials identity issues,
// S3's XML errors and x-amz-request-id. Buckets and objects are object storage's containers and objects
// (swift-storage.ts over object-storage/for-s3.ts); multipart uploads in progress are this module's own slice.
// Unlike the skeleton it has no seed.ts (its state is only uploads under way), no schemas/ (S3 bodies are
// XML, parsed by xml.ts, or bytes) and no events.ts (nothing another service follows).

import type { ServiceDefinition, ServiceModule } from "../../kernel/service.js";
import { s3Resources } from "./resources.js";

import { buildServiceApp } from "../../kernel/http/service-app.js";
import { xmlErrors } from "../../kernel/http/render.js";
import { s3RequestIds } from "../../kernel/http/request-ids.js";
import { awsSigV4 } from "../../kernel/auth/sigv4.js";
import { ec2KeyLookup } from "../identity/for-s3.js";
import { dropUploadsOf } from "./operations/multipart.js";
import { s3Routes } from "./routes/index.js";
import { initialS3State, SLICE, type S3State } from "./state.js";
import type { S3Storage } from "./storage.js";
import { swiftStorage } from "./swift-storage.js";
import type { Kernel } from "../../kernel/kernel.js";

export type { S3State } from "./state.js";
export type { S3Storage, StoredBucket, StoredObject, NewObject } from "./storage.js";

export interface S3Options {
  /** where buckets and objects live: object storage's containers unless told */
  storage?: (kernel: Kernel) => S3Storage;
  /** what GetBucketLocation and HeadBucket name (any region a client signs with is accepted) */
  region: string;
}

/** where the API is mounted (routes/request.ts reads keys below the same path) */
const MOUNT = "/s3";

export function s3Service(options: S3Options): ServiceModule<S3State> {
  return {
    name: SLICE,
    mountPath: MOUNT,
    catalog: [{ type: "s3", name: "s3", path: MOUNT }],
    resources: s3Resources,
    initialState: initialS3State,
    loadSeed: () => {},
    resetProject: (draft, _seeded, projectId) => dropUploadsOf(draft, projectId),
    routes(kernel) {
      const lookup = ec2KeyLookup(kernel);
      const secretOf = (access: string) => lookup(access)?.secret;
      return buildServiceApp(
        kernel,
        {
          name: SLICE,
          mountPath: MOUNT,
          errors: xmlErrors(),
          requestIds: s3RequestIds,
          auth: [
            awsSigV4({
              lookupSecret: (access) => {
                const key = lookup(access);
                return key && { secret: key.secret, principal: key.principal };
              },
              // a signature's date against the wall clock, a presigned URL's expiry on the virtual one
              time: kernel.clientTime,
            }),
          ],
        },
        s3Routes(kernel, (options.storage ?? swiftStorage)(kernel), options.region, secretOf),
      );
    },
  };
}

/** S3 signs with the region the catalog names. */
export const s3: ServiceDefinition = { name: SLICE, create: (o) => s3Service({ region: o.region }) };
