// Neutron's standard attributes as every networking resource shows them on create (project-id,
// standard-attr-revisions, -timestamp and -tag): one shape the resource tests spread into expected bodies.

import { START } from "../../helpers/emulator.js";

/** Neutron's timestamps: seconds, no fraction, `Z`. */
const AT_START = new Date(START).toISOString().replace(".000Z", "Z");

/** A new resource's standard attributes in `projectId`; security group rules carry no tags. */
export function standardAttributes(projectId: string, options: { tags?: boolean } = {}): Record<string, unknown> {
  const attributes: Record<string, unknown> = {
    project_id: projectId,
    tenant_id: projectId,
    created_at: AT_START,
    updated_at: AT_START,
    revision_number: 0,
  };
  if (options.tags !== false) attributes.tags = [];
  return attributes;
}
