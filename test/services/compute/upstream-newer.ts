// Tempest's compute response schemas past 2.79 (modules v2_80, v2_84, v2_89 and v2_96 of servers), read
// from the installed package when it has them (tempest 39 and later). Debian bookworm's python3-tempest,
// which .ci/run installs, is 33.0.0 and stops at v2_79, and no newer tempest can be installed here (only the
// npm and Debian registries are reached), so without them each is made from the installed v2_79 schema with
// the change tempest's own newer module makes, a few lines each there (tempest/lib/api_schema/response/
// compute/v2_80 ... v2_96/servers.py):
// - v2_80: list_live_migrations' migrations require user_id and project_id (strings);
// - v2_84: show_instance_action's events have details (string or null);
// - v2_89: show/list_volume_attachments drop `id` and require attachment_id and bdm_uuid (uuid strings);
// - v2_96: get_server, list_servers_detail, update_server, rebuild_server(_with_admin_pass) require
//   pinned_availability_zone (string or null).
// Every other schema of those modules is the previous module's, unchanged.

import { upstreamSchemas, upstreamSchema, type ResponseSchema } from "../../helpers/upstream-schemas.js";

type Json = Record<string, any>;
type Change = (schemas: Record<string, Json>) => void;

const NEWER: Array<[module: string, from: string, change: Change]> = [
  [
    "v2_80/servers",
    "v2_79/servers",
    (s) => {
      // tempest 33's v2_79 has no list_live_migrations yet: nothing to change then
      if (!s.list_live_migrations) return;
      const item = s.list_live_migrations.response_body.properties.migrations.items;
      Object.assign(item.properties, { user_id: { type: "string" }, project_id: { type: "string" } });
      item.required.push("user_id", "project_id");
    },
  ],
  [
    "v2_84/servers",
    "v2_80/servers",
    (s) => {
      s.show_instance_action.response_body.properties.instanceAction.properties.events.items.properties.details = { type: ["string", "null"] };
    },
  ],
  [
    "v2_89/servers",
    "v2_84/servers",
    (s) => {
      const fresh = { attachment_id: { type: "string", format: "uuid" }, bdm_uuid: { type: "string", format: "uuid" } };
      for (const attachment of [
        s.show_volume_attachment.response_body.properties.volumeAttachment,
        s.list_volume_attachments.response_body.properties.volumeAttachments.items,
      ]) {
        delete attachment.properties.id;
        attachment.required = attachment.required.filter((k: string) => k !== "id");
        Object.assign(attachment.properties, fresh);
        attachment.required.push(...Object.keys(fresh));
      }
    },
  ],
  [
    "v2_96/servers",
    "v2_89/servers",
    (s) => {
      const servers = [
        s.get_server.response_body.properties.server,
        s.list_servers_detail.response_body.properties.servers.items,
        s.update_server.response_body.properties.server,
        s.rebuild_server.response_body.properties.server,
        s.rebuild_server_with_admin_pass.response_body.properties.server,
      ];
      for (const server of servers) {
        server.properties.pinned_availability_zone = { type: ["string", "null"] };
        server.required.push("pinned_availability_zone");
      }
    },
  ],
];

const made = new Map<string, Record<string, Json>>();

/** A module's schemas: the installed package's, or made from the one before it as described above. */
function moduleSchemas(module: string): Record<string, Json> | undefined {
  const installed = upstreamSchemas("compute")[module];
  if (installed) return installed as Record<string, Json>;
  const newer = NEWER.find(([m]) => m === module);
  if (!newer) return undefined;
  let found = made.get(module);
  if (!found) {
    const base = moduleSchemas(newer[1]);
    if (!base) return undefined;
    found = structuredClone(base);
    newer[2](found);
    made.set(module, found);
  }
  return found;
}

/** Tempest's compute schema `module.name` (`v2_96/servers.get_server`), as upstreamSchema would give it. */
export function computeSchema(module: string, name: string): ResponseSchema {
  const schema = moduleSchemas(module)?.[name];
  return (schema as ResponseSchema | undefined) ?? upstreamSchema("compute", module, name);
}
