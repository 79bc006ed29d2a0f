// Domain-specific configuration (Keystone v3 /domains/{id}/config): only the [identity] and [ldap] options
// Keystone allows; `ldap.password` is stored but never shown. Also the defaults (/domains/config/default)
// and the readable [security_compliance] options. Keystone's InvalidDomainConfig is a 403.

import { ApiError } from "../../../kernel/errors.js";
import { get, put, remove } from "../../../kernel/store/table.js";
import type { DomainConfigBody } from "../directory-state.js";
import type { SecurityCompliance } from "../options.js";
import type { IdentityState } from "../state.js";
import { requireDomain } from "./directory.js";

/** Keystone's whitelisted options, with their defaults (keystone/conf). */
const DEFAULTS: Record<string, Record<string, unknown>> = {
  identity: { driver: "sql", list_limit: null },
  ldap: {
    url: "ldap://localhost", user: null, suffix: "cn=example,cn=com", query_scope: "one", page_size: 0,
    alias_dereferencing: "default", debug_level: null, chase_referrals: null, user_tree_dn: null, user_filter: null,
    user_objectclass: "inetOrgPerson", user_id_attribute: "cn", user_name_attribute: "sn", user_mail_attribute: "mail",
    user_description_attribute: "description", user_pass_attribute: "userPassword", user_enabled_attribute: "enabled",
    user_enabled_invert: false, user_enabled_mask: 0, user_enabled_default: "True", user_attribute_ignore: ["default_project_id"],
    user_default_project_id_attribute: null, user_enabled_emulation: false, user_enabled_emulation_dn: null,
    user_enabled_emulation_use_group_config: false, user_additional_attribute_mapping: [], group_tree_dn: null,
    group_filter: null, group_objectclass: "groupOfNames", group_id_attribute: "cn", group_name_attribute: "ou",
    group_members_are_ids: false, group_member_attribute: "member", group_desc_attribute: "description",
    group_attribute_ignore: [], group_additional_attribute_mapping: [], tls_cacertfile: null, tls_cacertdir: null,
    use_tls: false, tls_req_cert: "demand", use_pool: true, pool_size: 10, pool_retry_max: 3, pool_retry_delay: 0.1,
    pool_connection_timeout: -1, pool_connection_lifetime: 600, use_auth_pool: true, auth_pool_size: 100,
    auth_pool_connection_lifetime: 60,
  },
};
const SENSITIVE: Record<string, string[]> = { identity: [], ldap: ["password"] };

export const SECURITY_COMPLIANCE_GROUP = "security_compliance";

const invalid = (reason: string) => new ApiError(403, "Forbidden", `Invalid domain specific configuration: ${reason}.`);
const missing = (domainId: string, what: string) =>
  new ApiError(404, "Not Found", `Could not find ${what} in domain configuration for domain ${domainId}.`);

const isWhitelisted = (group: string, option: string) => Object.hasOwn(DEFAULTS[group] ?? {}, option);
const isSensitive = (group: string, option: string) => (SENSITIVE[group] ?? []).includes(option);

function assertGroupAndOption(group?: string, option?: string): void {
  if (group === undefined) return;
  if (!Object.hasOwn(DEFAULTS, group)) throw invalid(`Group ${group} is not supported for domain specific configurations`);
  if (option !== undefined && !isWhitelisted(group, option) && !isSensitive(group, option)) {
    throw invalid(`Option ${option} in group ${group} is not supported for domain specific configurations`);
  }
}

function assertConfig(config: Record<string, unknown>): asserts config is DomainConfigBody {
  if (Object.keys(config).length === 0) throw invalid("No options specified");
  for (const [group, options] of Object.entries(config)) {
    if (!options || typeof options !== "object" || Array.isArray(options) || Object.keys(options).length === 0) {
      throw invalid(`The value of group ${group} specified in the config should be a dictionary of options`);
    }
    for (const option of Object.keys(options)) assertGroupAndOption(group, option);
  }
}

/** The config as shown: whitelisted options only, narrowed to a group or to one option (`{option: value}`). */
function visible(stored: DomainConfigBody, group?: string, option?: string): Record<string, unknown> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [g, options] of Object.entries(stored)) {
    if (group !== undefined && g !== group) continue;
    for (const [o, value] of Object.entries(options)) {
      if (option !== undefined && o !== option) continue;
      if (isWhitelisted(g, o)) (out[g] ??= {})[o] = value;
    }
  }
  if (option !== undefined) return group !== undefined && out[group] && option in out[group] ? { [option]: out[group][option] } : {};
  return out;
}

const describe = (group?: string, option?: string) =>
  option !== undefined ? `option ${option} in group ${group}` : group !== undefined ? `group ${group}` : "any options";

/** PUT /domains/{id}/config: replaces the whole config; `created` when the domain had none. */
export function createDomainConfig(s: IdentityState, domainId: string, config: Record<string, unknown>): { created: boolean; config: Record<string, unknown> } {
  requireDomain(s, domainId);
  assertConfig(config);
  const created = !get(s.domainConfigs, domainId);
  put(s.domainConfigs, { id: domainId, config: structuredClone(config) });
  return { created, config: visible(config) };
}

export function getDomainConfig(s: IdentityState, domainId: string, group?: string, option?: string): Record<string, unknown> {
  requireDomain(s, domainId);
  assertGroupAndOption(group, option);
  const shown = visible(get(s.domainConfigs, domainId)?.config ?? {}, group, option);
  if (Object.keys(shown).length === 0) throw missing(domainId, describe(group, option));
  return shown;
}

/**
 * PATCH /domains/{id}/config[/{group}[/{option}]]: merges options in. Narrowed to a group or an option, the
 * body must name that one only, and it must already be configured.
 */
export function updateDomainConfig(
  s: IdentityState, domainId: string, body: Record<string, unknown>, group?: string, option?: string,
): Record<string, unknown> {
  requireDomain(s, domainId);
  const config = group !== undefined && option !== undefined ? { [group]: body } : body;
  assertConfig(config);
  assertGroupAndOption(group, option);
  if (group !== undefined) {
    const stored = get(s.domainConfigs, domainId)?.config ?? {};
    const given = config[group];
    if (Object.keys(config).length !== 1 || (option !== undefined && Object.keys(given ?? {}).length !== 1)) {
      throw invalid(
        option !== undefined
          ? `Trying to update option ${option} in group ${group}, so that, and only that, option must be specified  in the config`
          : `Trying to update group ${group}, so that, and only that, group must be specified in the config`,
      );
    }
    if (!given) throw invalid(`request to update group ${group}, but config provided contains group ${Object.keys(config)[0]} instead`);
    if (option !== undefined && !(option in given)) {
      throw invalid(`Trying to update option ${option} in group ${group}, but config provided contains option ${Object.keys(given)[0]} instead`);
    }
    const current = stored[group];
    if (!current || (option !== undefined && !(option in current))) throw missing(domainId, describe(group, option));
  }
  // the stored config is a draft: merge into it in place
  const row = get(s.domainConfigs, domainId);
  if (!row) put(s.domainConfigs, { id: domainId, config: structuredClone(config) });
  else for (const [g, options] of Object.entries(config)) Object.assign((row.config[g] ??= {}), structuredClone(options));
  return getDomainConfig(s, domainId);
}

export function deleteDomainConfig(s: IdentityState, domainId: string, group?: string, option?: string): void {
  requireDomain(s, domainId);
  assertGroupAndOption(group, option);
  const row = get(s.domainConfigs, domainId);
  if (group === undefined) {
    remove(s.domainConfigs, domainId);
    return;
  }
  const current = row?.config[group];
  if (!row || !current) throw missing(domainId, describe(group));
  if (option !== undefined && (current[option] === undefined || current[option] === null || current[option] === "")) {
    throw missing(domainId, describe(group, option));
  }
  if (option !== undefined) delete current[option];
  if (option === undefined || Object.keys(current).length === 0) delete row.config[group];
  if (Object.keys(row.config).length === 0) remove(s.domainConfigs, domainId);
}

/** GET /domains/config[/{group}[/{option}]]/default: Keystone's defaults of the whitelisted options. */
export function defaultDomainConfig(group?: string, option?: string): Record<string, unknown> {
  assertGroupAndOption(group, option);
  if (group !== undefined && option !== undefined) {
    if (!isWhitelisted(group, option)) throw invalid(`Reading the default for option ${option} in group ${group} is not supported`);
    return { [option]: DEFAULTS[group]![option] };
  }
  if (group !== undefined) return { [group]: { ...DEFAULTS[group] } };
  return structuredClone(DEFAULTS);
}

/** GET /domains/{id}/config/security_compliance[/{option}]: the password regex and its description. */
export function securityComplianceConfig(s: IdentityState, domainId: string, sc: SecurityCompliance, option?: string): Record<string, unknown> {
  requireDomain(s, domainId);
  if (domainId !== "default") {
    throw invalid("Reading security compliance information for any domain other than the default domain is not allowed or supported.");
  }
  const readable: Record<string, unknown> = { password_regex: sc.passwordRegex, password_regex_description: sc.passwordRegexDescription };
  if (option === undefined) return { [SECURITY_COMPLIANCE_GROUP]: readable };
  if (!(option in readable)) {
    throw invalid("Reading security compliance values other than password_regex and password_regex_description is not allowed.");
  }
  return { [option]: readable[option] };
}
