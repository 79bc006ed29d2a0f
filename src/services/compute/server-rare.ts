// A server's rarely set fields (state.ts ServerRare: a description, a resize's old flavor, a fault, a lock,
// access addresses, ...). Most servers never set one, so a record holds them only once it sets one: fifteen
// fields fewer in every other server's record (120 bytes of heap a server, and its JSON in a snapshot).
// Reads go through `rareOf`, writes through `setRare` (or `rareToWrite`, for several); `tidyRare` drops the
// record when every field is back at its default (a resize confirmed, a server unlocked).

import * as z from "zod";
import { scan } from "../../kernel/store/table.js";
import { describeIssues } from "../../kernel/http/body.js";
import type { Assert, Equals } from "../../kernel/type-equals.js";
import type { ComputeState, FlavorSnapshot, Server, ServerFault, ServerMigration, ServerRare } from "./state.js";

export const RARE_DEFAULTS: Readonly<ServerRare> = Object.freeze({
  description: null,
  oldFlavorId: null,
  oldFlavor: null,
  userData: null,
  requestedZone: null,
  serverGroupId: null,
  resumeState: null,
  fault: null,
  locked: false,
  lockedReason: null,
  configDrive: "",
  accessIPv4: "",
  accessIPv6: "",
  diskConfig: "MANUAL",
  terminatedAt: null,
});

const RARE_KEYS = Object.keys(RARE_DEFAULTS) as Array<keyof ServerRare>;
/** the optional fields, whose default is absence (or null) */
const OPTIONAL_KEYS = ["lockedBy", "migration"] as const;

/** The server's rare fields: its own record, else the defaults (or, for a row of an older build's snapshot, its flat fields). */
export function rareOf(server: Server): Readonly<ServerRare> {
  return server.rare ?? (Object.hasOwn(server, "locked") ? flatFields(server) : RARE_DEFAULTS);
}

/** The rare fields to write on a server being changed (a draft) or made: its own record, made when it has none. */
export function rareToWrite(server: Server): ServerRare {
  return (server.rare ??= { ...rareOf(server) });
}

/** Sets one rare field of a server being changed: its record is made only for a value other than the one it has, and dropped once all are defaults. */
export function setRare<K extends keyof ServerRare>(server: Server, key: K, value: ServerRare[K]): void {
  if (rareOf(server)[key] === value) return;
  rareToWrite(server)[key] = value;
  tidyRare(server);
}

/** The record a new server holds for these fields: none when every one is at its default. */
export function rareRecord(fields: Partial<ServerRare>): ServerRare | undefined {
  const record: ServerRare = { ...RARE_DEFAULTS, ...fields };
  return isDefault(record) ? undefined : record;
}

/** Drops a server's record of rare fields once every one is back at its default. */
export function tidyRare(server: Server): void {
  if (server.rare !== undefined && isDefault(server.rare)) delete server.rare;
}

function isDefault(record: ServerRare): boolean {
  for (const key of RARE_KEYS) if (record[key] !== RARE_DEFAULTS[key]) return false;
  for (const key of OPTIONAL_KEYS) if (record[key] != null) return false;
  return true;
}

/** An older build kept these fields on the server itself: read them from there. */
function flatFields(server: Server): ServerRare {
  const flat = server as unknown as Record<string, unknown>;
  const record = { ...RARE_DEFAULTS } as Record<string, unknown>;
  for (const key of [...RARE_KEYS, ...OPTIONAL_KEYS]) if (flat[key] !== undefined) record[key] = flat[key];
  return record as unknown as ServerRare;
}

const flavorSnapshotSchema = z
  .object({ vcpus: z.number(), ram: z.number(), disk: z.number(), ephemeral: z.number(), swap: z.number(), original_name: z.string(), extra_specs: z.record(z.string(), z.string()) })
  .strict();
const faultSchema = z.object({ code: z.number(), message: z.string(), details: z.string().optional(), created: z.number() }).strict();
const migrationSchema = z
  .object({
    kind: z.enum(["resize", "evacuation"]),
    sourceHost: z.string().nullable(),
    sourceZone: z.string(),
    destHost: z.string().nullable(),
    newFlavorId: z.string().nullable(),
    newFlavor: flavorSnapshotSchema.nullable(),
    stopAtDestination: z.boolean().optional(),
  })
  .strict();
/** A server's record of rare fields as a snapshot may hold it. */
const rareSchema = z
  .object({
    description: z.string().nullable(),
    oldFlavorId: z.string().nullable(),
    oldFlavor: flavorSnapshotSchema.nullable(),
    userData: z.string().nullable(),
    requestedZone: z.string().nullable(),
    serverGroupId: z.string().nullable(),
    resumeState: z.string().nullable(),
    fault: faultSchema.nullable(),
    locked: z.boolean(),
    lockedReason: z.string().nullable(),
    lockedBy: z.enum(["owner", "admin"]).nullable().optional(),
    migration: migrationSchema.nullable().optional(),
    configDrive: z.string(),
    accessIPv4: z.string(),
    accessIPv6: z.string(),
    diskConfig: z.enum(["AUTO", "MANUAL"]),
    terminatedAt: z.number().nullable(),
  })
  .strict();
type _Flavor = Assert<Equals<z.output<typeof flavorSnapshotSchema>, FlavorSnapshot>>;
type _Fault = Assert<Equals<z.output<typeof faultSchema>, ServerFault>>;
type _Migration = Assert<Equals<z.output<typeof migrationSchema>, ServerMigration>>;
type _Rare = Assert<Equals<z.output<typeof rareSchema>, ServerRare>>;

/**
 * A snapshot's servers whose record of rare fields is not one this build reads (a snapshot edited by hand,
 * say): the import is refused rather than the record failing a later request. Only the records are
 * parsed; a server without one costs a look at one field.
 */
export function rareRecordsProblem(s: ComputeState): string | undefined {
  for (const server of scan(s.servers)) {
    if (server.rare === undefined) continue;
    const checked = rareSchema.safeParse(server.rare);
    if (!checked.success) return `server ${server.id}'s rare fields: ${describeIssues(checked.error)}`;
  }
  return undefined;
}
