// Who is calling: what a valid token resolves to. The identity service provides the resolver; the kernel
// only knows this shape and the policy levels routes declare.

export interface Principal {
  token: string;
  userId: string;
  userName: string;
  userDomainId: string;
  /** project scope */
  projectId?: string;
  projectName?: string;
  /** domain scope */
  domainId?: string;
  /** system scope (`{all: true}`) */
  system?: boolean;
  /** role names the token carries (implied roles included) */
  roles: string[];
  methods: string[];
  expiresAt: number;
  /** set when the token came from an application credential */
  applicationCredential?: { id: string; unrestricted: boolean };
}

export interface TokenResolver {
  /** A valid (known, unexpired, unrevoked) token's principal, or undefined. */
  resolve(token: string): Principal | undefined;
}

/**
 * public: no token; authenticated: any valid token; reader: a reader, member or admin role;
 * member: member or admin (writes); admin: the admin role. Reader and member are roles on a project: a
 * token without one (unscoped, or scoped to a domain) is refused unless it is an admin's, as Nova's,
 * Neutron's and Glance's project-scoped policies refuse it (their rules match the token's project_id).
 */
export type Policy = "public" | "authenticated" | "reader" | "member" | "admin";

export function isAdmin(principal: Principal): boolean {
  return principal.roles.includes("admin");
}

export function allows(policy: Policy, principal: Principal): boolean {
  const roles = principal.roles;
  switch (policy) {
    case "public":
    case "authenticated":
      return true;
    case "reader":
      return roles.includes("admin") || (principal.projectId !== undefined && (roles.includes("reader") || roles.includes("member")));
    case "member":
      return roles.includes("admin") || (principal.projectId !== undefined && roles.includes("member"));
    case "admin":
      return roles.includes("admin");
  }
}

/** Routes that do not say otherwise: reads need a reader role, writes a member role. */
export function defaultPolicy(method: string): Policy {
  return method === "GET" || method === "HEAD" ? "reader" : "member";
}
