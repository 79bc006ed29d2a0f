// What identity offers the S3 API: an EC2 access key's secret and whom it authenticates (the credential's
// user on its project, with that user's roles there), as Keystone's ec2tokens/s3tokens would resolve it.
// A deleted credential, user or project is no key at all; a disabled user, project or domain holds no role.

import type { Principal } from "../../kernel/auth/principal.js";
import type { Kernel } from "../../kernel/kernel.js";
import { SliceMemo } from "../../kernel/memo.js";
import { get } from "../../kernel/store/table.js";
import { EC2, ec2Blob, ec2CredentialId } from "./operations/credentials.js";
import { SLICE } from "./state.js";
import { rolesOn, withImpliedRoles, type IdentityState } from "./state.js";

export interface Ec2Key {
  secret: string;
  userId: string;
  projectId: string;
  /** the caller an S3 request signed with this key acts as */
  principal: Principal;
}

function resolve(s: IdentityState, access: string): Ec2Key | null {
  const cred = get(s.credentials, ec2CredentialId(access));
  const blob = cred && cred.type.toLowerCase() === EC2 ? ec2Blob(cred.blob) : undefined;
  if (!cred || !blob || blob.access !== access || typeof blob.secret !== "string" || !cred.projectId) return null;
  const user = get(s.users, cred.userId);
  const project = get(s.projects, cred.projectId);
  if (!user || !project) return null;
  const usable = user.enabled && project.enabled && get(s.domains, user.domainId)?.enabled !== false && get(s.domains, project.domainId)?.enabled !== false;
  const roleIds = usable ? withImpliedRoles(s, rolesOn(s, user.id, { project: project.id })) : [];
  const principal: Principal = {
    token: "",
    userId: user.id,
    userName: user.name,
    userDomainId: user.domainId,
    projectId: project.id,
    projectName: project.name,
    roles: roleIds.map((id) => get(s.roles, id)?.name).filter((n): n is string => !!n),
    methods: ["ec2credential"],
    expiresAt: Number.MAX_SAFE_INTEGER,
  };
  return { secret: blob.secret, userId: user.id, projectId: project.id, principal };
}

/** The lookup S3 authenticates with; memoized per committed identity slice (any identity write drops it). */
export function ec2KeyLookup(kernel: Kernel): (access: string) => Ec2Key | undefined {
  const memo = new SliceMemo<IdentityState, Ec2Key | null>(1000);
  return (access) => {
    const s = kernel.slice<IdentityState>(SLICE);
    return (s && memo.get(s, access, () => resolve(s, access))) ?? undefined;
  };
}
