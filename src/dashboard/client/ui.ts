// The browser script's shared helpers as the views see them (client/core.ts makes them). Types only:
// each view is a self-contained function taking this object, so it can be served as its source text.

export type Row = Record<string, unknown>;

export interface Ui {
  /** A control API call (`/_emulator` + path): JSON in and out, the control token sent when one was given
   * (asked for on a 401); throws an Error with the API's message on a 4xx/5xx. */
  api<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  /** A service API call as admin (a Keystone token from the seed world's admin login), JSON in and out. */
  os<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** The headers a raw fetch of the control API needs (the token). */
  controlHeaders(): Record<string, string>;
  /** Follows a journal's server-sent events (`/_emulator/...stream?...`), reconnecting (`onOpen` runs at each (re)connection); answers the stop. */
  tail(path: string, onEntry: (entry: any) => void, onOpen?: () => void): () => void;
  $<T extends HTMLElement = HTMLElement>(id: string): T;
  /** An element with attributes (`on<event>` functions become listeners) and children. */
  el(tag: string, attrs?: Record<string, unknown> | null, ...children: Array<Node | string | number | null | undefined>): HTMLElement;
  /** Fills a table: a header row from `columns` (or the rows' keys) and a row per item; `extra` adds cells. */
  table(id: string, rows: Row[], columns?: string[], extra?: (row: Row) => Array<Node | string>): void;
  /** Fills a select's options, keeping its value when it is still offered. */
  options(id: string, values: Array<string | [string, string]>): void;
  /** Tells the user (the polite live region). */
  say(message: string, error?: boolean): void;
  /** A form's submit: prevents the navigation, runs `run`, reports its error in `errorId` or the live region. */
  onSubmit(id: string, run: (form: HTMLFormElement) => Promise<unknown>, errorId?: string): void;
  /** `refresh` runs when the view is shown and whenever the world changes while it is. */
  view(name: string, refresh: () => Promise<void>): void;
  /** The world changed (an event arrived, or the page changed it): the view showing refreshes. */
  changed(): void;
  /** The view showing, and its parameters (`#resources?kind=compute.server`). */
  route(): { view: string; params: URLSearchParams };
  start(): void;
}
