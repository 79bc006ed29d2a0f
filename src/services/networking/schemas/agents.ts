// Request bodies of /v2.0/agents and the scheduler sub-resources (neutron-lib api/definitions agent,
// dhcpagentscheduler, l3agentscheduler). Only admin_state_up and description of an agent are writable.

import * as z from "zod";
import { neutronBool, neutronDescription } from "./networks.js";

export const agentUpdateSchema = z.strictObject({
  agent: z.strictObject({ admin_state_up: neutronBool.optional(), description: neutronDescription.optional() }),
});
export const dhcpNetworkSchema = z.strictObject({ network_id: z.string().min(1) });
export const l3RouterSchema = z.strictObject({ router_id: z.string().min(1) });
