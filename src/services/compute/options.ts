// Compute's tunables: how long lifecycle steps take on the virtual clock (overridable per type and per
// resource through /_emulator/transitions).

export interface ComputeOptions {
  /** BUILD -> ACTIVE */
  buildMs: number;
  /** reboot, stop, start, resize, snapshot and delete steps */
  actionMs: number;
}

export const DEFAULT_COMPUTE_OPTIONS: ComputeOptions = { buildMs: 5000, actionMs: 2000 };
