// Neutron's checks of the names the dns-integration extension takes (neutron-lib's dns validators): a
// floating IP's dns_name is a relative name, its dns_domain a fully qualified one (ending in a dot); each
// label 1-63 letters, digits or hyphens, not starting or ending with a hyphen; the last label not all
// digits; the whole at most 255 characters, less room for what will be appended. Linear in the input.

import { invalidAttribute } from "./errors.js";

const FQDN_MAX = 255;
const LABEL = /^(?!-)[a-zA-Z0-9-]{1,63}(?<!-)$/;

function formatProblem(name: string): string | undefined {
  if (name.length > FQDN_MAX) return `'${name}' exceeds the ${FQDN_MAX} character FQDN limit`;
  const labels = (name.endsWith(".") ? name.slice(0, -1) : name).split(".");
  for (const label of labels) {
    if (label === "") return `Encountered an empty component`;
    if (!LABEL.test(label)) return `'${label}' not a valid PQDN or FQDN. Reason: Label can only contain letters, digits and hyphens, and must not start or end with a hyphen, and be 1 to 63 characters long`;
  }
  if (/^\d+$/.test(labels.at(-1)!)) return `TLD '${labels.at(-1)}' must not be all numeric`;
  return undefined;
}

/** A floating IP's dns_name: relative, leaving room for a domain. */
export function checkFipDnsName(name: string): void {
  if (name === "") return;
  if (name.endsWith(".")) throw invalidAttribute("dns_name", `'${name}' is a FQDN. It should be a relative domain name`);
  const problem = formatProblem(name);
  if (problem) throw invalidAttribute("dns_name", problem);
  if (name.length > FQDN_MAX - 3) {
    throw invalidAttribute("dns_name", `'${name}' contains ${name.length} characters. Adding a domain name will cause it to exceed the maximum length of a FQDN of '${FQDN_MAX}'`);
  }
}

/** A dns_domain: fully qualified. */
export function checkDnsDomain(domain: string): void {
  if (domain === "") return;
  if (!domain.endsWith(".")) throw invalidAttribute("dns_domain", `'${domain}' is not a FQDN`);
  const problem = formatProblem(domain);
  if (problem) throw invalidAttribute("dns_domain", problem);
  if (domain.length > FQDN_MAX - 2) {
    throw invalidAttribute("dns_domain", `'${domain}' contains ${domain.length} characters. Adding a sub-domain will cause it to exceed the maximum length of a FQDN of '${FQDN_MAX}'`);
  }
}
