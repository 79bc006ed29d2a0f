// The virtual clocks a real client meets, for tests that a time the client stamps with its own wall clock
// (a signature's date, a presigned or temp URL's expiry) works on each: factor 1 as started, factor 60 after
// what 15 real seconds do to it (the clock advanced 15 virtual minutes: the same thing, without the wait),
// frozen years ahead of the wall clock (the test default), and factor 1 advanced by a day.

import type { Emulator } from "../../src/app.js";
import type { EmulatorOptions } from "../../src/api.js";
import { call } from "./emulator.js";

export interface ClockSetup {
  name: string;
  /** options for testEmulator() (which freezes the clock at START unless told otherwise) */
  options: EmulatorOptions;
  /** what happens to the clock after the emulator starts, through the control API */
  after?: (emu: Emulator) => Promise<void>;
}

const advance = (by: string) => async (emu: Emulator) => {
  const res = await call(emu, "POST", "/_emulator/clock/advance", { body: { by } });
  if (res.status !== 200) throw new Error(`advance: ${res.status} ${res.text}`);
};

export const CLOCK_SETUPS: ClockSetup[] = [
  { name: "factor 1", options: { frozenClock: false, startTime: undefined, timeFactor: 1 } },
  { name: "factor 60, 15 real seconds on", options: { frozenClock: false, startTime: undefined, timeFactor: 60 }, after: advance("15m") },
  { name: "frozen in 2030", options: {} },
  { name: "factor 1, advanced by a day", options: { frozenClock: false, startTime: undefined, timeFactor: 1 }, after: advance("1d") },
];
