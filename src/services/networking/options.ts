// Networking's tunables: only the platform's `profile`, which says whose values security group rules take
// where the platform spec and Neutron differ (services.ts hands it to create() as compute's gets it).

import type { PlatformOptions } from "../../kernel/options.js";

/** `spec` (the platform spec's values, the default) or `upstream` (Neutron's wider ones) */
export type NetworkingProfile = PlatformOptions["profile"];

export interface NetworkingOptions {
  profile: NetworkingProfile;
}

export const DEFAULT_NETWORKING_OPTIONS: NetworkingOptions = { profile: "spec" };
