// Keystone credential wire shapes: a /v3/credentials member (blob as the JSON string it was given) and the
// OS-EC2 view of the same record ({user_id, tenant_id, access, secret, trust_id}, linked by access key).

import type { Credential } from "../state.js";
import { ec2Blob } from "../operations/credentials.js";

export function credentialView(cred: Credential, base: string) {
  return {
    id: cred.id,
    user_id: cred.userId,
    project_id: cred.projectId,
    type: cred.type,
    blob: cred.blob,
    links: { self: `${base}/identity/v3/credentials/${cred.id}` },
  };
}

export function ec2CredentialView(cred: Credential, base: string) {
  const blob = ec2Blob(cred.blob)!;
  return {
    user_id: cred.userId,
    tenant_id: cred.projectId,
    access: blob.access,
    secret: blob.secret ?? null,
    trust_id: blob.trust_id ?? null,
    links: { self: `${base}/identity/v3/users/${cred.userId}/credentials/OS-EC2/${blob.access}` },
  };
}
