// Networking state -> Neutron v2.0 wire JSON. Every record carries the standard attributes: project_id
// and tenant_id (same value), created_at/updated_at (seconds, Z), revision_number, description, tags.

import { isoSeconds } from "../../kernel/time.js";
import type { Standard } from "./state.js";

export function standardFields(r: Standard) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    project_id: r.projectId,
    tenant_id: r.projectId,
    created_at: isoSeconds(r.createdAt),
    updated_at: isoSeconds(r.updatedAt),
    revision_number: r.revision,
    tags: r.tags,
  };
}
