// Upstream's published response schemas (tempest.lib.api_schema.response, Debian's `tempest` package), read
// from the installed package by tempest-schemas.py once per test file, never copied into the repository;
// and a check of one answer against one schema the way tempest's RestClient.validate_response does it.

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { isIPv4, isIPv6 } from "node:net";
import { fileURLToPath } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";

const PYTHON = "/usr/bin/python3";
const TEMPEST = "/usr/lib/python3/dist-packages/tempest/lib/api_schema/response";
const SCRIPT = fileURLToPath(new URL("./tempest-schemas.py", import.meta.url));

/**
 * Undefined when upstream's schemas can be read here; else why `file`'s tests are skipped (also printed).
 * In CI a missing package throws instead: .ci/run installs it.
 */
export function tempestSkipReason(file: string): string | undefined {
  const reason = !existsSync(PYTHON)
    ? `not installed: ${PYTHON}`
    : !existsSync(TEMPEST)
      ? "not installed: tempest's response schemas (Debian: python3-tempest)"
      : undefined;
  if (reason === undefined) return undefined;
  if (process.env.CI) throw new Error(`${file}: ${reason}, and CI must run this test (see .ci/run)`);
  console.warn(`${file} skipped: ${reason}`);
  return reason;
}

/** One tempest response schema: the accepted status codes, and the body's JSON Schema when it has one. */
export interface ResponseSchema {
  status_code: number[];
  response_body?: object;
}

type Area = Record<string, Record<string, ResponseSchema>>;
const areas = new Map<string, Area>();

/** Every schema of an area (`volume`, `compute`), by module (`volumes`, `v3_61/volumes`) and name. */
export function upstreamSchemas(area: string): Area {
  let found = areas.get(area);
  if (!found) {
    found = JSON.parse(execFileSync(PYTHON, [SCRIPT, area], { encoding: "utf8", maxBuffer: 64 << 20 })) as Area;
    areas.set(area, found);
  }
  return found;
}

export function upstreamSchema(area: string, module: string, name: string): ResponseSchema {
  const schema = upstreamSchemas(area)[module]?.[name];
  if (!schema) throw new Error(`tempest has no schema ${area}/${module}.${name}`);
  return schema;
}

// iso8601.parse_date's pattern (oslo_utils.timeutils.parse_isotime, tempest's `iso8601-date-time` check):
// a date alone, or with a time; the zone optional (UTC)
const ISO8601 =
  /^([0-9]{4})((-([0-9]{1,2})|([0-9]{2})(?!$))((-([0-9]{1,2})|([0-9]{2}))([ T][0-9]{2}(:?[0-9]{2})?(:?[0-9]{1,2}([.,][0-9]+)?)?(Z|[-+][0-9]{2}:?([0-9]{2})?)?)?)?)?$/;

function iso8601(value: string): boolean {
  const m = ISO8601.exec(value);
  if (!m) return false;
  const month = Number(m[4] ?? m[5] ?? 1);
  const day = Number(m[8] ?? m[9] ?? 1);
  const date = new Date(Date.UTC(Number(m[1]), month - 1, day));
  return month >= 1 && month <= 12 && date.getUTCDate() === day;
}

// What tempest's format checker checks (jsonschema's draft 4 checker plus tempest's own): iso8601-date-time,
// ipv4, ipv6, uri (rfc3987, absolute), email, regex. A draft 4 checker has no `uuid` (nor `date-time` without
// rfc3339 installed), so tempest accepts any string there, and so does this check: real services answer
// non-UUIDs under `format: uuid` (Cinder's quota class id `default`, Keystone's dashless ids). Nor base64:
// tempest registers it on the checker class, which its draft 4 checker instance does not consult.
const FORMATS: Record<string, (value: string) => boolean> = {
  "iso8601-date-time": iso8601,
  "date-time": () => true,
  ipv4: (v) => isIPv4(v),
  ipv6: (v) => isIPv6(v),
  uri: (v) => /^[A-Za-z][A-Za-z0-9+.-]*:[^\s"<>\\^`{|}]*$/.test(v),
  email: (v) => v.includes("@"),
  regex: (v) => {
    try {
      new RegExp(v);
      return true;
    } catch {
      return false;
    }
  },
  uuid: () => true,
  base64: () => true,
};

// tempest validates with Draft4Validator; its schemas use nothing draft 4 and ajv's default draft read
// differently. Patterns are Python's re.search: no `u` flag (tempest writes `[a-zA-Z0-9-_.]`).
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateSchema: false });
for (const [name, check] of Object.entries(FORMATS)) ajv.addFormat(name, { type: "string", validate: check });
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * What tempest would refuse in this answer, as readable lines ([] when it passes): a success status not in
 * the schema's `status_code`, a body the schema's `response_body` refuses, or a body where the schema has
 * none (tempest: "HTTP response body should not exist"). An error answer is refused too: tempest's client
 * raises on it before any schema.
 */
export function upstreamRefusals(schema: ResponseSchema, status: number, text: string): string[] {
  if (!schema.status_code.includes(status)) return [`status ${status}, upstream ${schema.status_code.join("/")}`];
  if (!schema.response_body) return text.trim() ? [`a body where upstream has none: ${text.slice(0, 200)}`] : [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`not JSON: ${text.slice(0, 200)}`];
  }
  let validate = compiled.get(schema.response_body);
  if (!validate) {
    validate = ajv.compile(schema.response_body);
    compiled.set(schema.response_body, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => {
    const extra = e.keyword === "additionalProperties" ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : "";
    return `${e.instancePath || "/"} ${e.message}${extra}`;
  });
}
