// Compute microversions: this emulator's X-Platform-Compute-Microversion header and the standard OpenStack
// ones (OpenStack-API-Version: compute X.Y, X-OpenStack-Nova-API-Version). No header means 2.1; `latest`
// means the maximum; out of range is 406, malformed 400. Responses name the version used in all three headers
// (the spec's own too, which the README promises both profiles echo) and Vary on them.

import { microversions } from "../../kernel/http/microversion.js";
import { badRequest, notAcceptable } from "./errors.js";

export const MIN_VERSION = { major: 2, minor: 1 };
// 2.96 (the maximum of 2024.1 Caracal and 2024.2 Dalmatian): every version's changes up to it are served
export const MAX_VERSION = { major: 2, minor: 96 };

/** The negotiated microversion as a comparable number of the minor part (2.47 -> 47). */
export type Microversion = number;

export const { negotiate, microversion, MIN, MAX } = microversions({
  major: 2,
  minMinor: MIN_VERSION.minor,
  maxMinor: MAX_VERSION.minor,
  names: ["compute"],
  responseName: "compute",
  preferredHeader: "X-Platform-Compute-Microversion",
  legacyHeader: "X-OpenStack-Nova-API-Version",
  echoLegacy: true,
  errors: { badRequest, notAcceptable },
});
