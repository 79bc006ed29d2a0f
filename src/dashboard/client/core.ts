// The browser script's core (served as source text, so self-contained: no imports at run time): calls to
// the control API with the control token (asked for on a 401, kept in sessionStorage for the tab), calls
// to the services as the seed world's admin, journal tails over fetch (EventSource cannot send the token),
// DOM helpers, and the views' switching and live refresh.

import type { Row, Ui } from "./ui.js";

export function core(): Ui {
  const TOKEN_KEY = "skymock.controlToken";
  const views = new Map<string, () => Promise<void>>();
  let asking: Promise<void> | null = null;
  let osToken: string | null = null;
  let refreshing = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
    const found = document.getElementById(id);
    if (!found) throw new Error(`no element #${id}`);
    return found as T;
  };

  function controlHeaders(token = sessionStorage.getItem(TOKEN_KEY)): Record<string, string> {
    return token ? { "X-Skymock-Control-Token": token } : {};
  }

  /** Opens the token dialog once for every caller waiting on a 401. */
  function askToken(wrong: boolean): Promise<void> {
    asking ??= new Promise<void>((resolve) => {
      const dialog = $<HTMLDialogElement>("token-dialog");
      $("token-error").textContent = wrong ? "That token was refused; try again." : "";
      const form = $<HTMLFormElement>("token-form");
      const done = (e: Event) => {
        e.preventDefault();
        sessionStorage.setItem(TOKEN_KEY, $<HTMLInputElement>("token-input").value);
        form.removeEventListener("submit", done);
        dialog.close();
        asking = null;
        resolve();
      };
      form.addEventListener("submit", done);
      dialog.addEventListener("cancel", (e) => e.preventDefault());
      if (!dialog.open) dialog.showModal();
      $("token-input").focus();
    });
    return asking;
  }

  async function message(res: Response): Promise<string> {
    const text = await res.text();
    try {
      const body = JSON.parse(text);
      const inner = body.error ?? Object.values(body)[0];
      return `${res.status}: ${inner?.message ?? inner?.detail ?? text}`;
    } catch {
      return `${res.status}: ${text || res.statusText}`;
    }
  }

  async function api(method: string, path: string, body?: unknown): Promise<any> {
    for (;;) {
      const sent = sessionStorage.getItem(TOKEN_KEY);
      const headers: Record<string, string> = { ...controlHeaders(sent) };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const res = await fetch(`/_emulator${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (res.status === 401) {
        // a refusal of a token replaced while the request was out (the user typed another) is retried with
        // the new one, not asked about again
        if (sessionStorage.getItem(TOKEN_KEY) === sent) await askToken(sent !== null);
        continue;
      }
      if (!res.ok && !(path === "/health" && res.status === 503)) throw new Error(await message(res));
      return res.status === 204 ? null : res.json();
    }
  }

  async function login(): Promise<string> {
    const { logins } = await api("GET", "/logins");
    const admin = logins.find((l: any) => l.username === "admin") ?? logins[0];
    if (!admin) throw new Error("The seed world has no user to call the services as.");
    const scope = { project: { name: admin.projectName, domain: { name: admin.projectDomainName } } };
    const auth = { identity: { methods: ["password"], password: { user: { name: admin.username, domain: { name: admin.userDomainName }, password: admin.password } } }, scope };
    const res = await fetch("/identity/v3/auth/tokens", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ auth }) });
    if (!res.ok) throw new Error(`Login as ${admin.username}: ${await message(res)}`);
    return res.headers.get("X-Subject-Token") ?? "";
  }

  async function os(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<any> {
    for (let attempt = 0; ; attempt++) {
      osToken ??= await login();
      const headers: Record<string, string> = { "X-Auth-Token": osToken, ...extra };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      // a reset or an import forgets the token: log in again once
      if (res.status === 401 && attempt === 0) {
        osToken = null;
        continue;
      }
      if (!res.ok) throw new Error(await message(res));
      return res.status === 204 ? null : res.json();
    }
  }

  function tail(path: string, onEntry: (entry: any) => void, onOpen?: () => void): () => void {
    const abort = new AbortController();
    let last: string | undefined;
    const run = async (): Promise<void> => {
      while (!abort.signal.aborted) {
        try {
          const sent = sessionStorage.getItem(TOKEN_KEY);
          const headers: Record<string, string> = { ...controlHeaders(sent), Accept: "text/event-stream" };
          if (last !== undefined) headers["Last-Event-ID"] = last;
          const res = await fetch(`/_emulator${path}`, { headers, signal: abort.signal });
          if (res.status === 401) {
            // as in api(): a token replaced meanwhile is tried before the user is asked again
            if (sessionStorage.getItem(TOKEN_KEY) === sent) await askToken(sent !== null);
            continue;
          }
          if (!res.ok || !res.body) throw new Error(await message(res));
          onOpen?.();
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            let end: number;
            while ((end = buffer.indexOf("\n\n")) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              let data = "";
              for (const line of block.split("\n")) {
                if (line.startsWith("id: ")) last = line.slice(4);
                else if (line.startsWith("data: ")) data += line.slice(6);
              }
              if (data) onEntry(JSON.parse(data));
            }
          }
        } catch (error) {
          if (abort.signal.aborted) return;
          say(`Live updates interrupted (${(error as Error).message}); retrying.`, true);
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    void run();
    return () => abort.abort();
  }

  function el(tag: string, attrs?: Record<string, unknown> | null, ...children: Array<Node | string | number | null | undefined>): HTMLElement {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs ?? {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value as EventListener);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
    return node;
  }

  const cell = (value: unknown): string => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

  function table(id: string, rows: Row[], columns?: string[], extra?: (row: Row) => Array<Node | string>): void {
    const t = $<HTMLTableElement>(id);
    const caption = t.querySelector("caption");
    const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const head = el("thead", null, el("tr", null, ...cols.map((c) => el("th", { scope: "col" }, c)), ...(extra ? [el("th", { scope: "col" }, "actions")] : [])));
    const body = el("tbody");
    for (const row of rows) {
      const tr = el("tr", { "data-id": cell(row.id) }, ...cols.map((c) => el("td", { "data-col": c }, cell(row[c]))));
      if (extra) tr.append(el("td", null, ...extra(row)));
      body.append(tr);
    }
    if (rows.length === 0) body.append(el("tr", null, el("td", { colspan: String(Math.max(1, cols.length)), class: "muted" }, "none")));
    // a live refresh must not take the keyboard away: the control that had the focus gets it back
    const focused = document.activeElement instanceof HTMLElement && t.contains(document.activeElement) ? document.activeElement.getAttribute("aria-label") : null;
    t.replaceChildren(...(caption ? [caption] : []), head, body);
    if (focused !== null) [...t.querySelectorAll<HTMLElement>("[aria-label]")].find((e) => e.getAttribute("aria-label") === focused)?.focus();
  }

  function options(id: string, values: Array<string | [string, string]>): void {
    const select = $<HTMLSelectElement>(id);
    const keep = select.value;
    select.replaceChildren(...values.map((v) => (Array.isArray(v) ? el("option", { value: v[0] }, v[1]) : el("option", { value: v }, v))));
    if ([...select.options].some((o) => o.value === keep)) select.value = keep;
  }

  function say(text: string, error = false): void {
    const toast = $("toast");
    toast.textContent = text;
    toast.className = error ? "error" : "";
  }

  function onSubmit(id: string, run: (form: HTMLFormElement) => Promise<unknown>, errorId?: string): void {
    const form = $<HTMLFormElement>(id);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (errorId) $(errorId).textContent = "";
      run(form)
        .then(() => changed())
        .catch((error: Error) => (errorId ? ($(errorId).textContent = error.message) : say(error.message, true)));
    });
  }

  function route(): { view: string; params: URLSearchParams } {
    const [view = "", query = ""] = location.hash.slice(1).split("?");
    return { view: views.has(view) ? view : "overview", params: new URLSearchParams(query) };
  }

  async function refresh(): Promise<void> {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    try {
      do {
        again = false;
        await views.get(route().view)?.();
      } while (again);
    } catch (error) {
      say((error as Error).message, true);
    } finally {
      refreshing = false;
    }
  }

  /** Many events arrive together (a recovery's steps): one refresh for a burst. */
  function changed(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), 60);
  }

  function show(): void {
    const { view } = route();
    for (const name of views.keys()) $(`view-${name}`).hidden = name !== view;
    for (const link of document.querySelectorAll<HTMLAnchorElement>("nav a")) {
      if (link.dataset.view === view) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    void refresh();
  }

  return {
    api,
    os,
    controlHeaders,
    tail,
    $,
    el,
    table,
    options,
    say,
    onSubmit,
    view: (name, run) => void views.set(name, run),
    changed,
    route,
    start() {
      addEventListener("hashchange", show);
      show();
      // every change in the world shows up as an event: the view showing refreshes on each burst, and once
      // the stream is open (what changed between the first load and the connection sent no event to it)
      tail("/events/stream?limit=0", () => changed(), () => changed());
    },
  };
}
