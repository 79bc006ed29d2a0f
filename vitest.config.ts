import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // bounds for a hang, not speed targets: a loaded two-core machine runs the suite at a third of its speed
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a browser or another process shows; 1 s (vitest's default) is too short on a
    // loaded machine, where a browser test once saw a card update late (a bound again, not a speed target)
    expect: { poll: { timeout: 10_000 } },
    // real-client tests spawn processes; two cores on CI
    maxWorkers: 2,
    // A worker process runs many test files and imports the emulator's modules once, not once per file
    // (importing them was most of the suite's time: 1.5-4 s per file on two loaded cores). Every test
    // makes its own emulator, so no state is shared through those modules; a file that changes something
    // process-wide (globalThis.fetch, the error log) puts it back, and no test changes process.env for
    // another file (helpers pass an environment to the processes they start instead).
    isolate: false,
  },
});
