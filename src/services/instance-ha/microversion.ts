// Masakari microversions (masakari/api/api_version_request.py): 1.0 base, 1.1 recovery_workflow_details,
// 1.2 segment `enabled`, 1.3 vmoves. Asked for with `OpenStack-API-Version: instance-ha 1.x` (or the
// legacy X-OpenStack-Masakari-API-Version); none means 1.0, `latest` 1.3, out of range 406, malformed 400.

import { microversions } from "../../kernel/http/microversion.js";
import { badRequest, notAcceptable } from "./errors.js";

export const MAX_MINOR = 3;

/** The negotiated microversion's minor part (1.2 -> 2). */
export type Microversion = number;

export const { negotiate, microversion, MIN, MAX } = microversions({
  major: 1,
  minMinor: 0,
  maxMinor: MAX_MINOR,
  names: ["instance-ha"],
  responseName: "instance-ha",
  legacyHeader: "X-OpenStack-Masakari-API-Version",
  errors: { badRequest, notAcceptable },
});
