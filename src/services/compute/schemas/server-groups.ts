// Request body of POST /os-server-groups (nova/api/openstack/compute/schemas/server_groups.py): one of
// `policies` (a list of one; the soft policies from 2.15) before 2.64, `policy` plus optional `rules`
// (max_server_per_host) from 2.64.

import * as z from "zod";
import { validate } from "../../../kernel/http/body.js";
import type { Microversion } from "../microversion.js";
import { novaInt, novaName } from "./parameter-types.js";

const HARD = ["affinity", "anti-affinity"] as const;
const ALL = ["affinity", "anti-affinity", "soft-affinity", "soft-anti-affinity"] as const;
export type GroupPolicy = (typeof ALL)[number];

const legacy = (policies: readonly [GroupPolicy, ...GroupPolicy[]]) =>
  z.strictObject({
    server_group: z.strictObject({
      name: novaName,
      policies: z.array(z.enum(policies)).length(1, "must name exactly one policy"),
    }),
  });

const v264 = z.strictObject({
  server_group: z.strictObject({
    name: novaName,
    policy: z.enum(ALL),
    rules: z.strictObject({ max_server_per_host: novaInt(1).optional() }).optional(),
  }),
});

/** Every version's body, for the route table (the handler validates against the negotiated one). */
export const serverGroupCreateSchema = z.union([v264, legacy(ALL)]);

export interface ServerGroupCreate {
  name: string;
  policy: GroupPolicy;
  rules: Record<string, number>;
}

/** Validates a create body for the microversion and returns it in one shape. */
export function parseServerGroupCreate(body: unknown, mv: Microversion): ServerGroupCreate {
  if (mv >= 64) {
    const { server_group: g } = validate(v264, body);
    const rules: Record<string, number> = {};
    if (g.rules?.max_server_per_host !== undefined) rules.max_server_per_host = g.rules.max_server_per_host;
    return { name: g.name, policy: g.policy, rules };
  }
  const { server_group: g } = validate(legacy(mv >= 15 ? ALL : HARD), body);
  return { name: g.name, policy: g.policies[0], rules: {} };
}
