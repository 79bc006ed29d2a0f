// How a client logs in to this emulator: the OS_* variables and the clouds.yaml entry for a user of the
// seed world (whose passwords the seed holds in clear), or for any credentials a caller already has.
// The banner, `skymock clouds-yaml`, GET /_emulator/clouds.yaml and emulator.cloudsYaml() all render here;
// Logins also remembers the credentials of tenants made at run time (POST /_emulator/tenants).

import type { CloudCredentials } from "./client/types.js";
import type { WorldDocument } from "./world.js";

// the renderers are the client's own (pure, no dependencies), so server and client render alike
export { cloudsYaml, osEnvironment } from "./client/clouds.js";
export type { CloudCredentials } from "./client/types.js";

interface SeedDomain {
  id?: string;
  name: string;
}
interface SeedProject {
  name: string;
  domain?: string;
}
interface SeedUser {
  name: string;
  password?: string | null;
  domain?: string;
  default_project?: string;
}
interface SeedAssignment {
  user: string;
  project?: string;
}

/**
 * The credentials of a seed world's user: its password from the seed, and its default project, else the
 * first project it has a role on. Undefined when the world has no such user, or the user has no password
 * or no project to scope to.
 */
export function seedCredentials(world: WorldDocument, username = "admin", regionName = "RegionOne"): CloudCredentials | undefined {
  const identity = (world.identity ?? {}) as { domains?: SeedDomain[]; projects?: SeedProject[]; users?: SeedUser[]; assignments?: SeedAssignment[] };
  const domains = identity.domains ?? [];
  const domainName = (ref: string | undefined) => {
    const key = ref ?? "default";
    return domains.find((d) => d.id === key || d.name === key)?.name ?? (key === "default" ? "Default" : key);
  };
  const user = (identity.users ?? []).find((u) => u.name === username);
  if (!user || typeof user.password !== "string") return undefined;
  const projectName = user.default_project ?? (identity.assignments ?? []).find((a) => a.user === username && a.project)?.project;
  if (!projectName) return undefined;
  const project = (identity.projects ?? []).find((p) => p.name === projectName);
  return {
    username,
    password: user.password,
    projectName,
    userDomainName: domainName(user.domain),
    projectDomainName: domainName(project?.domain),
    regionName,
  };
}

/** The users of a seed world that seedCredentials can log in (for error messages and indexes). */
export function seedUserNames(world: WorldDocument): string[] {
  const users = ((world.identity ?? {}) as { users?: SeedUser[] }).users ?? [];
  return users.filter((u) => typeof u.password === "string").map((u) => u.name);
}

/**
 * The users a client can log in as in a running emulator: the seed world's (passwords from the seed) and the
 * tenants made since the last reset (their passwords are known only here: identity keeps hashes).
 */
export class Logins {
  #tenants = new Map<string, { projectId: string; credentials: CloudCredentials }>();

  constructor(
    private readonly seedWorld: () => WorldDocument,
    readonly regionName: string,
  ) {}

  credentials(username: string): CloudCredentials | undefined {
    return this.#tenants.get(username)?.credentials ?? seedCredentials(this.seedWorld(), username, this.regionName);
  }

  /** Every user credentials() knows, the seed world's first. */
  users(): string[] {
    return [...new Set([...seedUserNames(this.seedWorld()), ...this.#tenants.keys()])];
  }

  all(): CloudCredentials[] {
    return this.users().flatMap((u) => this.credentials(u) ?? []);
  }

  /** The tenants' logins, as restore() takes them back (a state kept across restarts: src/persist.ts). */
  tenants(): Array<{ projectId: string; credentials: CloudCredentials }> {
    return [...this.#tenants.values()].map((t) => ({ ...t }));
  }

  addTenant(projectId: string, credentials: CloudCredentials): void {
    this.#tenants.set(credentials.username, { projectId, credentials });
  }

  /** The project is gone (reset): so are its tenant's credentials. */
  forgetProject(projectId: string): void {
    for (const [name, t] of this.#tenants) if (t.projectId === projectId) this.#tenants.delete(name);
  }

  /** Keeps the tenants whose project still exists (a snapshot was imported). */
  retainProjects(exists: (projectId: string) => boolean): void {
    for (const [name, t] of this.#tenants) if (!exists(t.projectId)) this.#tenants.delete(name);
  }

  clear(): void {
    this.#tenants.clear();
  }
}
