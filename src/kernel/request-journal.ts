// The requests journal: the newest `capacity` requests the services answered, oldest first, each with a
// sequence number so readers can ask for "everything after N". Kept as columns (a typed array per
// number, an array per string) instead of an object per request: a busy suite journals thousands of
// requests a second, and objects that outlive the young generation are what the garbage collector pays
// for most. Records become objects only when read (the control API).

export interface RequestRecord {
  requestId: string;
  /** virtual epoch ms (the control API renders it as ISO time) */
  at: number;
  method: string;
  path: string;
  service: string | null;
  operation: string | null;
  project: string | null;
  status: number;
  durationMs: number;
}

export class RequestJournal {
  readonly #requestIds: string[];
  readonly #methods: string[];
  readonly #paths: string[];
  readonly #services: Array<string | null>;
  readonly #operations: Array<string | null>;
  readonly #projects: Array<string | null>;
  readonly #at: Float64Array;
  readonly #status: Uint16Array;
  readonly #durationMs: Float64Array;
  /** sequence number of the next record, and of the oldest one kept */
  #next = 1;
  #oldest = 1;
  /** called with each record as it is added (the process's request log); unset, a request costs nothing more */
  onRecord: ((record: RequestRecord) => void) | undefined = undefined;
  /** readers tailing the journal (the control API's /requests/stream), each told of every record added */
  readonly #watchers = new Set<(record: RequestRecord & { seq: number }) => void>();

  constructor(readonly capacity: number) {
    this.#requestIds = new Array<string>(capacity).fill("");
    this.#methods = new Array<string>(capacity).fill("");
    this.#paths = new Array<string>(capacity).fill("");
    this.#services = new Array<string | null>(capacity).fill(null);
    this.#operations = new Array<string | null>(capacity).fill(null);
    this.#projects = new Array<string | null>(capacity).fill(null);
    this.#at = new Float64Array(capacity);
    this.#status = new Uint16Array(capacity);
    this.#durationMs = new Float64Array(capacity);
  }

  /** Adds a record (fields in RequestRecord's order), dropping the oldest once full. */
  record(
    requestId: string,
    at: number,
    method: string,
    path: string,
    service: string | null,
    operation: string | null,
    project: string | null,
    status: number,
    durationMs: number,
  ): void {
    const slot = (this.#next - 1) % this.capacity;
    this.#requestIds[slot] = requestId;
    this.#at[slot] = at;
    this.#methods[slot] = method;
    this.#paths[slot] = path;
    this.#services[slot] = service;
    this.#operations[slot] = operation;
    this.#projects[slot] = project;
    this.#status[slot] = status;
    this.#durationMs[slot] = durationMs;
    this.#next++;
    if (this.#next - this.#oldest > this.capacity) this.#oldest = this.#next - this.capacity;
    if (this.onRecord !== undefined) this.onRecord({ requestId, at, method, path, service, operation, project, status, durationMs });
    if (this.#watchers.size > 0) {
      const added = this.#read(this.#next - 1);
      for (const watcher of this.#watchers) watcher(added);
    }
  }

  /** Calls `watcher` with each record added from now on; answers the function that stops it. */
  watch(watcher: (record: RequestRecord & { seq: number }) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  /** records oldest first, optionally only those after sequence number `after`, at most `limit` of them */
  list(options: { after?: number; limit?: number; filter?: (record: RequestRecord) => boolean } = {}): Array<RequestRecord & { seq: number }> {
    const out: Array<RequestRecord & { seq: number }> = [];
    const from = Math.max(this.#oldest, (options.after ?? 0) + 1);
    for (let seq = from; seq < this.#next; seq++) {
      const record = this.#read(seq);
      if (options.filter && !options.filter(record)) continue;
      out.push(record);
      if (options.limit !== undefined && out.length >= options.limit) break;
    }
    return out;
  }

  get size(): number {
    return this.#next - this.#oldest;
  }

  /** Forgets every record; sequence numbers go on from where they were. */
  clear(): void {
    this.#oldest = this.#next;
    this.#requestIds.fill("");
    this.#paths.fill("");
  }

  #read(seq: number): RequestRecord & { seq: number } {
    const slot = (seq - 1) % this.capacity;
    return {
      requestId: this.#requestIds[slot],
      at: this.#at[slot],
      method: this.#methods[slot],
      path: this.#paths[slot],
      service: this.#services[slot],
      operation: this.#operations[slot],
      project: this.#projects[slot],
      status: this.#status[slot],
      durationMs: this.#durationMs[slot],
      seq,
    };
  }
}
