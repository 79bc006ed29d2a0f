// A port's rarely set fields (state.ts PortRare: address pairs, a QoS policy, a vnic type other than
// normal, a binding profile, DHCP options, a DNS name, port security off, a service port). Most ports set
// none, so a port holds them only once it sets one: eight fields fewer in every other port's record (64
// bytes of heap a port). Reads go through `portRare`, writes through `setPortRare`; a port whose fields are
// all back at their defaults drops its record.

import * as z from "zod";
import { readRows } from "../../kernel/store/table.js";
import { sharedList, sharedMap } from "../../kernel/store/shared.js";
import { describeIssues } from "../../kernel/http/body.js";
import type { Assert, Equals } from "../../kernel/type-equals.js";
import type { NetworkingState, Port, PortRare } from "./state.js";

export const PORT_RARE_DEFAULTS: Readonly<PortRare> = Object.freeze({
  allowedAddressPairs: sharedList([]),
  portSecurityEnabled: true,
  qosPolicyId: null,
  bindingVnicType: "normal",
  bindingProfile: sharedMap({}),
  countsAgainstNetwork: true,
  extraDhcpOpts: sharedList([]),
  dnsName: "",
});

const RARE_KEYS = Object.keys(PORT_RARE_DEFAULTS) as Array<keyof PortRare>;

/** The port's rare fields: its own record, else the defaults. */
export function portRare(port: Readonly<Port>): Readonly<PortRare> {
  return port.rare ?? PORT_RARE_DEFAULTS;
}

/** The record a new port holds for these fields: none when every one is at its default. */
export function portRareRecord(fields: PortRare): PortRare | undefined {
  return isDefault(fields) ? undefined : fields;
}

/**
 * Sets one rare field of a port being changed (a draft): its record is made only for a value other than
 * the one it has, and dropped once every field is back at its default.
 */
export function setPortRare<K extends keyof PortRare>(port: Port, key: K, value: PortRare[K]): void {
  if (portRare(port)[key] === value) return;
  const record = (port.rare ??= { ...PORT_RARE_DEFAULTS });
  // an empty list or map is the one shared empty value (kernel/store/shared.ts)
  record[key] = (Array.isArray(value) ? sharedList(value) : key === "bindingProfile" ? sharedMap(value as Record<string, unknown>) : value) as PortRare[K];
  if (isDefault(port.rare)) delete port.rare;
}

/** Whether every field holds its default: an empty list or map counts as the default one. */
function isDefault(fields: Readonly<PortRare>): boolean {
  for (const key of RARE_KEYS) {
    const value = fields[key];
    const fallback = PORT_RARE_DEFAULTS[key];
    if (value === fallback) continue;
    if (Array.isArray(value) && value.length === 0 && Array.isArray(fallback)) continue;
    if (key === "bindingProfile" && Object.keys(value as object).length === 0) continue;
    return false;
  }
  return true;
}

/** A port's record of rare fields as a snapshot may hold it. */
const rareSchema = z
  .object({
    allowedAddressPairs: z.array(z.object({ ip_address: z.string(), mac_address: z.string() }).strict()),
    portSecurityEnabled: z.boolean(),
    qosPolicyId: z.string().nullable(),
    bindingVnicType: z.string(),
    bindingProfile: z.record(z.string(), z.unknown()),
    countsAgainstNetwork: z.boolean(),
    extraDhcpOpts: z.array(z.object({ optName: z.string(), optValue: z.string(), ipVersion: z.union([z.literal(4), z.literal(6)]) }).strict()),
    dnsName: z.string(),
  })
  .strict();
type _Rare = Assert<Equals<z.output<typeof rareSchema>, PortRare>>;

/**
 * A snapshot's ports, made what this build reads: an older build kept the rare fields in the row itself,
 * and they move into its record (dropped when all are defaults). A record this build would not read (a
 * snapshot edited by hand) refuses the import rather than fail a later request.
 */
export function portRecordsProblem(s: NetworkingState): string | undefined {
  for (const port of readRows(s.ports)) {
    const row = port as unknown as Record<string, unknown>;
    if (RARE_KEYS.some((key) => Object.hasOwn(row, key))) {
      if (row.rare !== undefined) return `port ${port.id} holds its rare fields twice`;
      const fields: Record<string, unknown> = { ...PORT_RARE_DEFAULTS };
      for (const key of RARE_KEYS) {
        if (Object.hasOwn(row, key)) fields[key] = row[key];
        delete row[key];
      }
      const problem = recordProblem(port.id, fields);
      if (problem) return problem;
      if (!isDefault(fields as unknown as PortRare)) row.rare = fields;
      continue;
    }
    const problem = row.rare === undefined ? undefined : recordProblem(port.id, row.rare);
    if (problem) return problem;
  }
  return undefined;
}

function recordProblem(id: string, record: unknown): string | undefined {
  const checked = rareSchema.safeParse(record);
  return checked.success ? undefined : `port ${id}'s rare fields: ${describeIssues(checked.error)}`;
}
