// How the client talks to the control API: one request through the global fetch, JSON in and out, and every
// answer the caller did not expect turned into a SkymockError carrying the control API's {status, code, message}.

/** A control call that failed: the emulator's answer (status, code, message), or status 0 when it was not reached. */
export class SkymockError extends Error {
  override readonly name = "SkymockError";

  constructor(
    /** HTTP status; 0 when the emulator could not be reached */
    readonly status: number,
    /** e.g. `Bad Request`, `Not Found`, `Stuck`, `Timeout`, `ConnectionFailed` */
    readonly code: string,
    message: string,
    /** any further fields of the error body (advance-until's `resourceStatus`) */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface CallOptions {
  query?: Record<string, string | number | undefined>;
  /** sent as JSON */
  json?: unknown;
  /** sent as is, with `contentType` */
  text?: string;
  contentType?: string;
  /** statuses besides 2xx that are answers, not errors (health's 503) */
  accept?: number[];
  /** ends the call (a live tail) */
  signal?: AbortSignal;
}

export class Transport {
  readonly #base: string;
  readonly #headers: Record<string, string>;

  constructor(baseUrl: string, headers: Record<string, string>) {
    this.#base = baseUrl.replace(/\/+$/, "");
    this.#headers = headers;
  }

  async send(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const url = new URL(`${this.#base}/_emulator${path}`);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: "application/json", ...this.#headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] = "application/json";
    } else if (options.text !== undefined) {
      body = options.text;
      headers["content-type"] = options.contentType ?? "text/plain";
    }
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: options.signal });
    } catch (error) {
      // the caller ended it: its own reason, not a connection failure
      if (options.signal?.aborted) throw error;
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      throw new SkymockError(0, "ConnectionFailed", `${method} ${url.href}: cannot reach the emulator (${cause}).`);
    }
    if (!response.ok && !options.accept?.includes(response.status)) throw await errorOf(method, url, response);
    return response;
  }

  async json<T>(method: string, path: string, options?: CallOptions): Promise<T> {
    return (await (await this.send(method, path, options)).json()) as T;
  }

  async text(method: string, path: string, options?: CallOptions): Promise<string> {
    return (await this.send(method, path, options)).text();
  }

  /** A call answered with no body of interest (204, or one the client does not return). */
  async none(method: string, path: string, options?: CallOptions): Promise<void> {
    await (await this.send(method, path, options)).arrayBuffer();
  }
}

async function errorOf(method: string, url: URL, response: Response): Promise<SkymockError> {
  const text = await response.text();
  try {
    const { error } = JSON.parse(text) as { error?: { status?: unknown; code?: unknown; message?: unknown } };
    if (error && typeof error.message === "string") {
      const { status: _status, code, message: _message, ...details } = error;
      return new SkymockError(response.status, typeof code === "string" ? code : `HTTP ${response.status}`, error.message, details);
    }
  } catch {
    // not the control API's error shape: described below
  }
  return new SkymockError(response.status, `HTTP ${response.status}`, `${method} ${url.pathname}: ${response.status} ${text.slice(0, 200)}`.trim());
}
