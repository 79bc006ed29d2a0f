// Timestamp formats the OpenStack services put on the wire.

/** `2031-05-01T12:00:00.000000Z`: Keystone tokens (microseconds, UTC, Z). */
export function isoMicro(ms: number): string {
  // toISOString always ends in `.mmmZ`: slicing beats a regex on the token-validation hot path
  return new Date(Math.floor(ms)).toISOString().slice(0, -1) + "000Z";
}

/** `2031-05-01T12:00:00.000000`: Cinder and Nova records (microseconds, no zone suffix). */
export function isoMicroNoZone(ms: number): string {
  return isoMicro(ms).slice(0, -1);
}

/** `2031-05-01T12:00:00Z`: Nova's created/updated (seconds, Z). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms)).toISOString().slice(0, 19) + "Z";
}
