// The S3 API's route table, in matching order: buckets, then objects (and their multipart uploads).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { Kernel } from "../../../kernel/kernel.js";
import type { S3Storage } from "../storage.js";
import { s3Deps } from "./deps.js";
import { bucketRoutes } from "./buckets.js";
import { objectRoutes } from "./objects.js";

export function s3Routes(kernel: Kernel, storage: S3Storage, region: string, secretOf: (access: string) => string | undefined): RouteDef[] {
  const deps = s3Deps(kernel, storage);
  return [...bucketRoutes(deps, region), ...objectRoutes(deps, secretOf)];
}
