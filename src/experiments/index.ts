// The experiments the control API ran or is running: one at a time (each moves the one clock), the last
// 50 kept, each with its status, journal (the timeline so far) and, once done, its report.

import type { Kernel } from "../kernel/kernel.js";
import type { World } from "../world-state.js";
import type { ServiceModule } from "../kernel/service.js";
import type { Bus } from "../bus/index.js";
import { ApiError } from "../kernel/errors.js";
import { loadScenario } from "../world.js";
import { Calls, type Fetch } from "./calls.js";
import { runExperiment } from "./run.js";
import { runRequestSchema, type RunRequest } from "./schema.js";
import { validate } from "../kernel/http/body.js";
import type { Report, TimelineEntry } from "./report.js";

export interface ExperimentRun {
  id: string;
  title: string;
  status: "running" | Report["status"];
  journal: TimelineEntry[];
  report: Report | null;
}

const KEPT = 50;

export class Experiments {
  #runs = new Map<string, ExperimentRun & { abort: boolean; done: Promise<void> }>();
  #next = 1;

  constructor(
    private readonly kernel: Kernel,
    private readonly world: World,
    private readonly services: readonly ServiceModule[],
    private readonly fetch: Fetch,
    private readonly controlToken?: string,
    private readonly bus?: Pick<Bus, "publish">,
  ) {}

  /** Starts a run; resolves when it is under way (`done` when it ends). 409 while another runs. */
  start(request: RunRequest): { run: ExperimentRun; done: Promise<void> } {
    const running = [...this.#runs.values()].find((r) => r.status === "running");
    if (running) throw new ApiError(409, undefined, `Experiment ${running.id} is running; one runs at a time (DELETE /_emulator/experiments/${running.id} aborts it).`);
    if (!this.bus) refuseAmqp(request.experiment);
    // the world first: a bad scenario name is a 404 before anything changes
    const world = request.world === undefined ? undefined : loadScenario(request.world);
    if (world) this.world.load(world);
    else this.world.reset();
    if (request.startAt !== undefined) this.kernel.clock.set(typeof request.startAt === "number" ? request.startAt : Date.parse(request.startAt));
    if (request.seed !== undefined) this.kernel.faults.restartDraws(request.seed);
    const id = `experiment-${this.#next++}`;
    const run = { id, title: request.experiment.title, status: "running" as ExperimentRun["status"], journal: [] as TimelineEntry[], report: null as Report | null, abort: false, done: Promise.resolve() };
    run.done = runExperiment(this.kernel, new Calls(this.fetch, this.controlToken), request.experiment, {
      seed: request.seed,
      world: request.world,
      services: this.services,
      publish: this.bus && ((key, body) => this.bus!.publish(key, body)),
      aborted: () => run.abort,
      onEntry: (e) => run.journal.push(e),
    }).then((report) => {
      run.report = report;
      run.status = report.status;
    }, (error: unknown) => {
      run.status = "error";
      this.kernel.onError("an experiment failed to run", error);
    });
    this.#runs.set(id, run);
    for (const old of [...this.#runs.keys()].slice(0, Math.max(0, this.#runs.size - KEPT))) this.#runs.delete(old);
    return { run: view(run), done: run.done };
  }

  /**
   * In-process (`emulator.experiments.run(doc, {seed, world})`): validates as POST /_emulator/experiments
   * does (throws the same message), runs and resolves with the run; with `wait: false`, at once.
   */
  async run(experiment: unknown, options: Record<string, unknown> = {}): Promise<ExperimentRun> {
    const request = validate(runRequestSchema, { ...options, experiment });
    const { run, done } = this.start(request);
    if (!request.wait) return run;
    await done;
    return this.get(run.id)!;
  }

  get(id: string): ExperimentRun | undefined {
    const run = this.#runs.get(id);
    return run && view(run);
  }

  /** the runs, oldest first, each with its verdict in plain words once it has one */
  list(): Array<Omit<ExperimentRun, "journal" | "report"> & { summary: string | null }> {
    return [...this.#runs.values()].map((r) => ({ id: r.id, title: r.title, status: r.status, summary: r.report?.summary ?? null }));
  }

  /** Asks a running experiment to stop (its rollbacks run); resolves with it once it has. */
  async abort(id: string): Promise<ExperimentRun | undefined> {
    const run = this.#runs.get(id);
    if (!run) return undefined;
    run.abort = true;
    await run.done;
    return view(run);
  }
}

function view(run: ExperimentRun): ExperimentRun {
  return { id: run.id, title: run.title, status: run.status, journal: run.report ? run.report.timeline : [...run.journal], report: run.report };
}

/** A document that publishes on the AMQP bridge cannot run without one: a 400 naming the activity. */
function refuseAmqp(doc: RunRequest["experiment"]): void {
  const lists: Array<[string, Array<{ provider: { type: string } }>]> = [
    ["steady-state-hypothesis.probes", doc["steady-state-hypothesis"]?.probes ?? []],
    ["method", doc.method],
    ["rollbacks", doc.rollbacks ?? []],
  ];
  for (const [path, list] of lists) {
    const i = list.findIndex((a) => a.provider.type === "amqp-publish");
    if (i >= 0) throw new ApiError(400, undefined, `Invalid input for field 'experiment.${path}.${i}.provider': amqp-publish needs the AMQP bridge, and this emulator has none (start it with --amqp-url).`);
  }
}
