// The runner's HTTP: a request into the emulator's own app (no socket), as a user of the world (a token
// from identity, kept per user and project and fetched again once on a 401) or, for the control API,
// with the control token when one is set.

export type Fetch = (path: string, init: RequestInit) => Response | Promise<Response>;

export interface Caller {
  user: string;
  project?: string;
  password?: string;
  domain?: string;
}

export interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

export class Calls {
  #tokens = new Map<string, string>();

  constructor(
    private readonly fetch: Fetch,
    private readonly controlToken?: string,
  ) {}

  async request(method: string, path: string, options: { as?: Caller; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
    const send = async (token?: string): Promise<Reply> => {
      const headers: Record<string, string> = { ...(options.body === undefined ? {} : { "content-type": "application/json" }), ...options.headers };
      if (token !== undefined) headers["x-auth-token"] = token;
      if (path.startsWith("/_emulator") && this.controlToken !== undefined) headers.authorization = `Bearer ${this.controlToken}`;
      const res = await this.fetch(path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text === "" ? null : JSON.parse(text);
      } catch {
        /* not JSON: the text */
      }
      return { status: res.status, body, headers: res.headers };
    };
    if (!options.as) return send();
    const token = await this.#token(options.as);
    if (token === undefined) return { status: 401, body: { error: `could not log in as ${options.as.user}` }, headers: new Headers() };
    const reply = await send(token);
    if (reply.status !== 401) return reply;
    this.#tokens.delete(key(options.as));
    const fresh = await this.#token(options.as);
    return fresh === undefined ? reply : send(fresh);
  }

  /** A token for the caller; undefined when identity refuses (a fault on token issue is something to see). */
  async #token(as: Caller): Promise<string | undefined> {
    const cached = this.#tokens.get(key(as));
    if (cached !== undefined) return cached;
    const domain = { name: as.domain ?? "Default" };
    const res = await this.fetch("/identity/v3/auth/tokens", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        auth: {
          identity: { methods: ["password"], password: { user: { name: as.user, domain, password: as.password ?? as.user } } },
          scope: { project: { name: as.project ?? as.user, domain } },
        },
      }),
    });
    await res.text();
    const token = res.status === 201 ? res.headers.get("x-subject-token") ?? undefined : undefined;
    if (token !== undefined) this.#tokens.set(key(as), token);
    return token;
  }
}

function key(as: Caller): string {
  return JSON.stringify([as.user, as.project ?? as.user, as.domain ?? "Default"]);
}
