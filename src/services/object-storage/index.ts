// The object storage service module (Swift v1 at /object-store/v1/AUTH_<project>): the only file other
// code imports, besides the contracts for-s3.ts and for-block-storage.ts. Unlike the skeleton it has no
// seed.ts (containers and objects are made through the API, not in seed worlds), no schemas/ (Swift takes
// its metadata in headers and its bodies as bytes) and no events.ts (nothing another service follows).

import type { ServiceDefinition, ServiceModule } from "../../kernel/service.js";
import { objectStorageResources } from "./resources.js";

import { buildServiceApp } from "../../kernel/http/service-app.js";
import { swiftRequestIds } from "../../kernel/http/request-ids.js";
import { xAuthToken } from "../../kernel/auth/schemes.js";
import { swiftErrors } from "./errors.js";
import { initialObjectStorageState, SLICE, type ObjectStorageState } from "./state.js";
import { dateHeader, deps } from "./routes/common.js";
import { infoRoutes } from "./routes/info.js";
import { accountRoutes } from "./routes/account.js";
import { containerRoutes } from "./routes/containers.js";
import { objectRoutes } from "./routes/objects.js";
import { resetObjectStorageProject } from "./operations/reset.js";
import { refuseDotSegments } from "./routes/dot-segments.js";

export type { ObjectStorageState } from "./state.js";

export function objectStorageService(): ServiceModule<ObjectStorageState> {
  const mountPath = "/object-store";
  return {
    name: SLICE,
    mountPath,
    catalog: [{ type: "object-store", name: "swift", path: `${mountPath}/v1/AUTH_{project_id}` }],
    resources: objectStorageResources,
    initialState: initialObjectStorageState,
    // accounts come into being on their project's first write; a seed world has none to load
    loadSeed: () => {},
    holdsBlobs: true,
    resetProject: resetObjectStorageProject,
    routes(kernel) {
      const d = deps(kernel);
      return buildServiceApp(
        kernel,
        {
          name: SLICE,
          mountPath,
          errors: swiftErrors,
          errorHeaders: () => dateHeader(kernel),
          requestIds: swiftRequestIds,
          auth: [xAuthToken],
          prepare: refuseDotSegments,
        },
        [...infoRoutes(d), ...accountRoutes(d), ...containerRoutes(d), ...objectRoutes(d)],
      );
    },
    health: (kernel) => {
      const s = kernel.slice<ObjectStorageState>(SLICE);
      return s ? { ready: true, detail: `${s.accounts.size} accounts` } : { ready: false, detail: "no state" };
    },
  };
}

export const objectStorage: ServiceDefinition = { name: SLICE, create: () => objectStorageService() };
