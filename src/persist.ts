// The state kept across restarts (--persist, with --data-dir), as Azurite and LocalStack users expect: <dir>/state.json
// holds the snapshot GET /_emulator/state answers (without bytes: the blob files stay beside it), the blob index,
// and what else the world keeps (logins, the id stream). Saved whole and atomically on stop and at every interval
// in which something changed; a crash loses at most the changes of the last interval. Loaded at start over the
// seed world, which stays the reset target.

import { readFileSync, rmSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import { dirname, join } from "node:path";
import * as z from "zod";
import type { Kernel } from "./kernel/kernel.js";
import { describeIssues } from "./kernel/http/body.js";
import { DiskBlobStore } from "./kernel/blobs/index.js";
import type { World, WorldExtras } from "./world-state.js";
import { writeJsonSliced } from "./persist-json.js";

export const PERSIST_FORMAT = "skymock-state-file/1";
export const STATE_FILE = "state.json";

/** A saved state the emulator cannot start from: it names the file and what is wrong; nothing was changed. */
export class PersistError extends Error {}

/** What one save did (the process log reports it at debug). */
export interface SaveReport {
  file: string;
  /** the file's length in characters (bytes, but for non-ASCII text) */
  chars: number;
  totalMs: number;
}

/** What decides whether there is anything new to save. */
interface Signature {
  state: unknown;
  blobs: number;
  frozen: boolean;
  factor: number;
  /** virtual minus scaled real time: moves only when the clock is set or advanced (or frozen time moves) */
  offset: number;
}

const savedSchema = z.object({
  format: z.literal(PERSIST_FORMAT),
  snapshot: z.record(z.string(), z.unknown()),
  world: z.object({
    merged: z.record(z.string(), z.unknown()).optional(),
    tenants: z.array(z.object({ projectId: z.string(), credentials: z.record(z.string(), z.unknown()) })),
    ids: z.array(z.number()).length(4),
  }),
  blobs: z.object({
    nextId: z.number().int().positive(),
    blobs: z.array(
      z.object({
        ref: z.object({ id: z.string(), size: z.number().int().min(0), md5: z.string(), sha256: z.string().optional() }),
        owner: z.string().optional(),
        file: z.string(),
      }),
    ),
  }),
});

export class Persistence {
  readonly file: string;
  readonly #blobs: DiskBlobStore;
  #timer: NodeJS.Timeout | undefined;
  /** the save under way; saves never overlap */
  #saving: Promise<unknown> = Promise.resolve();
  #busy = false;
  #last: Signature | undefined;
  /** when the state came from the file at start: its save time */
  loadedSavedAt: string | undefined;
  onSaved: (report: SaveReport) => void = () => {};

  constructor(
    private readonly kernel: Kernel,
    private readonly world: World,
    dir: string,
    private readonly intervalMs: number,
  ) {
    if (!(kernel.blobs instanceof DiskBlobStore)) throw new Error("--persist keeps the state beside the blob files: it needs --data-dir");
    this.#blobs = kernel.blobs;
    this.file = join(dir, STATE_FILE);
  }

  /** Takes the saved state back, if there is one; otherwise the data directory's blob files go (as without --persist). */
  load(): void {
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw this.#refused(`it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      this.#blobs.dropOrphans();
      this.#last = this.#signature();
      return;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (error) {
      throw this.#refused(`it is not valid JSON (${(error as Error).message.replace(/\s+/g, " ")})`);
    }
    const parsed = savedSchema.safeParse(doc, { jitless: true });
    if (!parsed.success) {
      const format = (doc as { format?: unknown } | null)?.format;
      throw this.#refused(format === PERSIST_FORMAT ? `it is not a complete state file: ${describeIssues(parsed.error)}` : `it is not a ${PERSIST_FORMAT} file (format ${JSON.stringify(format)})`);
    }
    const saved = parsed.data;
    try {
      this.#blobs.adopt(saved.blobs);
      this.world.import(saved.snapshot);
      this.world.restoreExtras(saved.world as unknown as WorldExtras);
    } catch (error) {
      throw this.#refused((error as Error).message.replace(/\.$/, ""));
    }
    // a blob put while the save ran, whose resource was not yet written: nothing will ever refer to it
    const referred = this.world.blobIds();
    for (const id of this.#blobs.ids()) if (!referred.has(id)) this.#blobs.delete(id);
    // an earlier run's blob files the state no longer names, and a save it did not finish
    this.#blobs.dropOrphans();
    rmSync(`${this.file}.tmp`, { force: true });
    this.loadedSavedAt = (doc as { savedAt?: string }).savedAt;
    this.#last = this.#signature();
  }

  /** Saves at every interval in which something changed. */
  start(): void {
    this.#timer ??= setInterval(() => {
      // a save slower than the interval: the next tick finds it busy and waits for the one after
      if (!this.#busy) void this.save().catch((error) => this.kernel.onError("state save failed", error));
    }, this.intervalMs);
    this.#timer.unref();
  }

  /** The last save, always (the clock has moved since, if nothing else). Further ticks stop. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#saving.catch(() => {});
    await this.save(true);
  }

  /** Writes the state file if anything changed since the last save (or `always`); resolves whether it wrote. */
  save(always = false): Promise<boolean> {
    const run = this.#saving.catch(() => {}).then(() => this.#save(always));
    this.#saving = run;
    return run;
  }

  async #save(always: boolean): Promise<boolean> {
    const signature = this.#signature();
    if (!always && this.#last && same(signature, this.#last)) return false;
    this.#busy = true;
    try {
      const started = performance.now();
      // taken in one go with the state: the files of blobs deleted until now, which this save no longer names
      const doomed = this.#blobs.takeDoomed();
      const doc = {
        format: PERSIST_FORMAT,
        savedAt: new Date().toISOString(),
        snapshot: this.world.export(),
        world: this.world.extras(),
        blobs: this.#blobs.index(),
      };
      await this.#blobs.syncNew();
      // written while requests go on: the state it reads is never changed in place
      const chars = await writeAtomically(this.file, (write) => writeJsonSliced(doc, write));
      this.#last = signature;
      // only now: until the new file was in place, the old one could still name them (left for the next start's sweep on failure)
      this.#blobs.saved(doomed);
      this.onSaved({ file: this.file, chars, totalMs: performance.now() - started });
      return true;
    } finally {
      this.#busy = false;
    }
  }

  #signature(): Signature {
    const clock = this.kernel.clock;
    const factor = clock.factor;
    const offset = clock.frozen ? clock.now() : clock.now() - performance.now() * factor;
    return { state: this.kernel.store.state, blobs: this.#blobs.changes, frozen: clock.frozen, factor, offset };
  }

  #refused(problem: string): PersistError {
    return new PersistError(
      `the saved state ${this.file} cannot be loaded: ${problem}. Nothing in the data directory was changed. ` +
        `To start from the seed world instead, move ${this.file} away or delete it (the blob files it named are then removed at start).`,
    );
  }
}

function same(a: Signature, b: Signature): boolean {
  // the offset is computed from two readings of real time: a millisecond of real time apart is no change
  return a.state === b.state && a.blobs === b.blobs && a.frozen === b.frozen && a.factor === b.factor && Math.abs(a.offset - b.offset) < Math.max(1, a.factor);
}

/**
 * What `produce` writes replaces `file` whole or not at all, also across a crash or a power cut: a temporary
 * file, flushed, renamed, and the directory flushed.
 */
async function writeAtomically<T>(file: string, produce: (write: (text: string) => Promise<void>) => Promise<T>): Promise<T> {
  const temp = `${file}.tmp`;
  const handle = await open(temp, "w");
  let result: T;
  try {
    // writeFile on a handle writes all of the text, from where the last write ended
    result = await produce((text) => handle.writeFile(text));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  // the rename itself is durable once the directory is flushed (not every platform lets a directory be opened)
  const dir = await open(dirname(file), "r").catch(() => undefined);
  if (dir) await dir.sync().catch(() => {}).finally(() => dir.close());
  return result;
}
