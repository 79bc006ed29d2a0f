// Passwords and credential secrets are stored salted and hashed, never in the clear. SHA-256 rather than a
// slow KDF: this is an emulator, and authentication must stay cheap for test suites that log in a lot.

import { createHash, timingSafeEqual } from "node:crypto";

export function hashSecret(secret: string, salt: string): string {
  return `${salt}$${createHash("sha256").update(`${salt}:${secret}`).digest("hex")}`;
}

export function verifySecret(secret: string, stored: string | null): boolean {
  if (!stored) return false;
  const salt = stored.slice(0, stored.indexOf("$"));
  const a = Buffer.from(hashSecret(secret, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
