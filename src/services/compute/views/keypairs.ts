// Keypair records (nova/api/openstack/compute/views/keypairs.py): the create answer (with the private key
// when generated), list items (each wrapped in another `keypair`), and show with Nova's DB columns;
// `type` from 2.2.

import { isoMicroNoZone } from "../../../kernel/time.js";
import type { Keypair } from "../state.js";
import type { Microversion } from "../microversion.js";

export function keypairCreated(k: Keypair, privateKey: string | undefined, mv: Microversion): Record<string, unknown> {
  const view: Record<string, unknown> = { name: k.name, public_key: k.publicKey, fingerprint: k.fingerprint, user_id: k.userId };
  if (privateKey !== undefined) view.private_key = privateKey;
  if (mv >= 2) view.type = k.type;
  return view;
}

export function keypairListItem(k: Keypair, mv: Microversion): Record<string, unknown> {
  const view: Record<string, unknown> = { name: k.name, public_key: k.publicKey, fingerprint: k.fingerprint };
  if (mv >= 2) view.type = k.type;
  return { keypair: view };
}

export function keypairView(k: Keypair, mv: Microversion): Record<string, unknown> {
  const view: Record<string, unknown> = {
    name: k.name,
    public_key: k.publicKey,
    fingerprint: k.fingerprint,
    user_id: k.userId,
    created_at: isoMicroNoZone(k.createdAt),
    deleted: false,
    deleted_at: null,
    updated_at: null,
    id: k.number,
  };
  if (mv >= 2) view.type = k.type;
  return view;
}
