// The block storage service's route table, in matching order: discovery, then everything under /v3/{project_id}.

import { resourceFilterRoutes } from "./resource-filters.js";
import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { Kernel } from "../../../kernel/kernel.js";
import type { BlockStorageOptions } from "../options.js";
import { blockStorageDeps } from "./deps.js";
import { v3 } from "./paths.js";
import { discoveryRoutes } from "./discovery.js";
import { volumeRoutes } from "./volumes.js";
import { volumeActionRoutes } from "./volume-actions.js";
import { volumeMetadataRoutes } from "./volume-metadata.js";
import { volumeTypeRoutes } from "./volume-types.js";
import { quotaRoutes } from "./quotas.js";
import { qosSpecRoutes } from "./qos-specs.js";
import { backendRoutes } from "./backends.js";
import { attachmentRoutes } from "./attachments.js";
import { snapshotRoutes } from "./snapshots.js";
import { backupRoutes } from "./backups.js";
import { extensionRoutes } from "./extensions.js";
import { hostRoutes } from "./hosts.js";
import { quotaClassRoutes } from "./quota-classes.js";
import { serviceRoutes } from "./services.js";
import { transferRoutes } from "./transfers.js";
import { encryptionTypeRoutes } from "./encryption-types.js";
import { groupTypeRoutes } from "./group-types.js";
import { groupRoutes } from "./groups.js";
import { groupSnapshotRoutes } from "./group-snapshots.js";
import { messageRoutes } from "./messages.js";

export function blockStorageRoutes(kernel: Kernel, options: BlockStorageOptions): RouteDef[] {
  const deps = blockStorageDeps(kernel, options);
  return [
    ...discoveryRoutes(),
    // fixed paths before parameters: /volumes/detail before /volumes/:id, /types/default before /types/:id
    ...v3([
      ...volumeRoutes(deps),
      ...volumeActionRoutes(deps),
      ...volumeMetadataRoutes(deps),
      ...volumeTypeRoutes(deps),
      ...encryptionTypeRoutes(deps),
      ...groupTypeRoutes(deps),
      ...groupRoutes(deps),
      ...groupSnapshotRoutes(deps),
      ...messageRoutes(deps),
      ...quotaRoutes(deps),
      ...qosSpecRoutes(deps),
      ...serviceRoutes(deps),
      ...backendRoutes(deps),
      ...attachmentRoutes(deps),
      ...snapshotRoutes(deps),
      ...backupRoutes(deps),
      ...extensionRoutes(),
      ...hostRoutes(deps),
      ...quotaClassRoutes(deps),
      ...transferRoutes(deps),
      ...resourceFilterRoutes(),
    ], options.profile),
  ];
}
