// Port attributes of the extra_dhcp_opt and dns-integration extensions: DHCP options merged as
// extradhcpopt_db does (a null value removes one), and dns_name checked as neutron-lib's validator does.

import * as E from "../errors.js";
import type { ExtraDhcpOpt } from "../state.js";

export interface ExtraDhcpOptInput {
  optName: string;
  optValue: string | null;
  ipVersion?: 4 | 6;
}

/** Options whose value may be empty (extra_dhcp_opt's VALID_BLANK_EXTRA_DHCP_OPTS). */
const BLANK_OK = new Set(["router", "classless-static-route"]);

function keeps(opt: ExtraDhcpOptInput): boolean {
  if (opt.optValue === null) return false;
  return BLANK_OK.has(opt.optName) || opt.optValue !== "";
}

/**
 * The port's options after a request: on create the given ones with a value; on update an option with the
 * same name and IP version is replaced, or removed by a null value, and the others are added.
 */
export function mergeExtraDhcpOpts(current: readonly ExtraDhcpOpt[], given: readonly ExtraDhcpOptInput[]): ExtraDhcpOpt[] {
  const out = current.map((o) => ({ ...o }));
  for (const opt of given) {
    const ipVersion = opt.ipVersion ?? 4;
    const at = out.findIndex((o) => o.optName === opt.optName && o.ipVersion === ipVersion);
    if (at >= 0) {
      if (opt.optValue === null) out.splice(at, 1);
      else if (keeps(opt)) out[at].optValue = opt.optValue;
    } else if (keeps(opt)) {
      out.push({ optName: opt.optName, optValue: opt.optValue as string, ipVersion });
    }
  }
  return out;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
/** neutron-lib's FQDN_MAX_LEN */
const FQDN_MAX_LEN = 255;

/** dns_name: a PQDN or FQDN (validate_dns_name); returns it lower-cased, as Neutron stores it. */
export function checkDnsName(name: string): string {
  if (name === "") return "";
  const invalid = (reason: string) => E.invalidAttribute("dns_name", `'${name}' not a valid PQDN or FQDN. Reason: ${reason}`);
  if (name.length > FQDN_MAX_LEN) throw invalid(`'${name}' exceeds the ${FQDN_MAX_LEN} character FQDN limit`);
  const trimmed = name.endsWith(".") ? name.slice(0, -1) : name;
  if (trimmed.startsWith(".")) throw invalid("Encountered an empty component");
  const labels = trimmed.split(".");
  for (const label of labels) {
    if (label === "") throw invalid("Encountered an empty component");
    if (!LABEL.test(label)) throw invalid(`Name '${label}' must be 1-63 characters long, each of which can only be alphanumeric or a hyphen`);
  }
  if (labels.length > 1 && /^\d+$/.test(labels[labels.length - 1])) throw invalid("TLD '" + labels[labels.length - 1] + "' must not be all numeric");
  return name.toLowerCase();
}

/** dns_domain of a network: empty, or an FQDN that ends with a dot once stored. */
export function checkDnsDomain(domain: string): string {
  if (domain === "") return "";
  const invalid = (reason: string) => E.invalidAttribute("dns_domain", `'${domain}' not a valid PQDN or FQDN. Reason: ${reason}`);
  const trimmed = domain.endsWith(".") ? domain.slice(0, -1) : domain;
  for (const label of trimmed.split(".")) {
    if (label === "") throw invalid("Encountered an empty component");
    if (!LABEL.test(label)) throw invalid(`Name '${label}' must be 1-63 characters long, each of which can only be alphanumeric or a hyphen`);
  }
  return domain.endsWith(".") ? domain : `${domain}.`;
}
