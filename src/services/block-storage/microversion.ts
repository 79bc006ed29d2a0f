// Cinder microversions: `OpenStack-API-Version: volume 3.x` and the legacy `X-OpenStack-Volume-API-Version`.
// No header means 3.0; `latest` the maximum; out of range is 406, malformed 400. Responses name the
// version used, as Cinder does (OpenStack-API-Version and Vary).

import { microversions } from "../../kernel/http/microversion.js";
import { badRequest, notAcceptable } from "./errors.js";

export const MIN_MINOR = 0;
export const MAX_MINOR = 70;

/** The negotiated microversion as its minor part (3.42 -> 42). */
export type Microversion = number;

export const { negotiate, microversion, MIN, MAX } = microversions({
  major: 3,
  minMinor: MIN_MINOR,
  maxMinor: MAX_MINOR,
  // keystoneauth names any volume service type `volume`
  names: ["volume", "block-storage", "volumev3"],
  responseName: "volume",
  legacyHeader: "X-OpenStack-Volume-API-Version",
  errors: { badRequest, notAcceptable },
});
