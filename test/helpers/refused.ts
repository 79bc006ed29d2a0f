// A request that must fail: the harnesses' `refused(status, …)` checks it answers `status` and leaves the state
// they fingerprint (a service's slice as JSON) exactly as it was, the quality bar for bad input.

import { expect } from "vitest";
import type { Call } from "./emulator.js";

/** Sends the request; expects `status` and an unchanged fingerprint; the response. */
export async function expectRefused(fingerprint: () => string, status: number, send: () => Promise<Call>): Promise<Call> {
  const before = fingerprint();
  const res = await send();
  expect(res.status, res.text).toBe(status);
  expect(fingerprint()).toBe(before);
  return res;
}
