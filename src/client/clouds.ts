// The OS_* environment and the clouds.yaml document for a set of credentials: what the openstack CLI and
// openstacksdk read. Pure; shared by the server (src/clouds.ts re-exports it) and the client.

import type { CloudCredentials } from "./types.js";

/** The environment the openstack CLI and openstacksdk read (`export` these, or pass them to a process). */
export function osEnvironment(baseUrl: string, c: CloudCredentials): Record<string, string> {
  return {
    OS_AUTH_URL: `${baseUrl}/identity`,
    OS_IDENTITY_API_VERSION: "3",
    OS_USERNAME: c.username,
    OS_PASSWORD: c.password,
    OS_PROJECT_NAME: c.projectName,
    OS_USER_DOMAIN_NAME: c.userDomainName,
    OS_PROJECT_DOMAIN_NAME: c.projectDomainName,
    OS_REGION_NAME: c.regionName,
    OS_INTERFACE: "public",
  };
}

/** A clouds.yaml document with one cloud (`skymock` unless named). */
export function cloudsYaml(baseUrl: string, c: CloudCredentials, cloudName = "skymock"): string {
  return [
    "clouds:",
    `  ${yamlString(cloudName)}:`,
    "    auth:",
    `      auth_url: ${yamlString(`${baseUrl}/identity`)}`,
    `      username: ${yamlString(c.username)}`,
    `      password: ${yamlString(c.password)}`,
    `      project_name: ${yamlString(c.projectName)}`,
    `      user_domain_name: ${yamlString(c.userDomainName)}`,
    `      project_domain_name: ${yamlString(c.projectDomainName)}`,
    `    region_name: ${yamlString(c.regionName)}`,
    "    interface: public",
    "    identity_api_version: 3",
    "",
  ].join("\n");
}

/** A YAML scalar: plain when it reads back as the same string, else double-quoted (JSON is valid YAML). */
function yamlString(value: string): string {
  const plain = /^[A-Za-z0-9_./:@-][A-Za-z0-9_./:@ -]*$/.test(value) && !/[: ]$/.test(value) && !/: /.test(value);
  const special = /^(true|false|yes|no|on|off|null|~|[-+]?[0-9.][0-9._eE+-]*)$/i.test(value);
  return plain && !special ? value : JSON.stringify(value);
}
