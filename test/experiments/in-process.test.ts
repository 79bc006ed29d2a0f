// Experiments in-process, from the package's entry: emulator.experiments.run(doc) with the same report
// the control API gives, the runs listed and read, an abort running the rollbacks, a bad document refused.

import { describe, expect, it } from "vitest";
import { createEmulator } from "../../src/index.js";
import { START, call } from "../helpers/emulator.js";
import type { Emulator as Internal } from "../../src/app.js";
import { shipped } from "./helpers.js";

const emulator = () => createEmulator({ frozenClock: true, startTime: START, randomSeed: 42 });

describe("emulator.experiments (in-process)", () => {
  it("runs a document and resolves with the report the control API gives for it", async () => {
    const emu = emulator();
    const run = await emu.experiments.run(shipped("host-failure-ha"), { world: "ha-cluster", seed: 7 });
    expect(run).toMatchObject({ id: "experiment-1", status: "completed" });
    expect(run.report?.summary).toBe("The steady state held before and after the method. It held again 190s (virtual) after the first action (objective 300s).");
    expect(emu.experiments.list()).toEqual([{ id: "experiment-1", title: shipped("host-failure-ha").title, status: "completed", summary: run.report?.summary }]);
    expect(emu.experiments.get("experiment-1")?.report).toEqual(run.report);
    expect(emu.experiments.get("experiment-2")).toBeUndefined();
    // the same run through HTTP in another emulator: the same report, byte for byte
    const other = emulator();
    const http = await call(other as unknown as Internal, "POST", "/_emulator/experiments", { body: { experiment: shipped("host-failure-ha"), world: "ha-cluster", seed: 7 } });
    expect(JSON.stringify(http.body.report)).toBe(JSON.stringify(run.report));
  });

  it("wait: false resolves at once; abort runs the rollbacks", async () => {
    const emu = emulator();
    const doc = {
      title: "long",
      method: [
        { type: "action", name: "fail", provider: { type: "fail-host", host: "compute-1" } },
        { type: "action", name: "wait", provider: { type: "wait", for: "1h" } },
      ],
      rollbacks: [{ type: "action", name: "recover", provider: { type: "recover-host", host: "compute-1" } }],
    };
    const started = await emu.experiments.run(doc, { world: "ha-cluster", wait: false });
    expect(started).toMatchObject({ status: "running", report: null });
    await expect(emu.experiments.run(doc)).rejects.toThrow(`Experiment ${started.id} is running; one runs at a time`);
    const aborted = await emu.experiments.abort(started.id);
    expect(aborted?.status).toBe("aborted");
    expect(aborted?.report?.rollbacks).toMatchObject([{ name: "recover", ok: true, status: 200 }]);
    expect(await emu.experiments.abort("experiment-9")).toBeUndefined();
  });

  it("a bad document throws naming the field; nothing runs", async () => {
    const emu = emulator();
    await expect(emu.experiments.run({ title: "t", method: [{ type: "action", name: "w", provider: { type: "wait", for: "soon" } }] })).rejects.toThrow(
      `Invalid input for field 'experiment.method.0.provider.for': a duration is ms or e.g. "90s", "5m", "2h"`,
    );
    expect(emu.experiments.list()).toEqual([]);
  });
});
