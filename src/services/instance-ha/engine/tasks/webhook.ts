// The declarative webhook task (`{ name, webhook: { url, timeoutSeconds } }`): POSTs the notification's
// wire record to a loopback URL; a non-2xx answer, a connection error or a timeout fails the try, which the
// runner then retries or reverts like any task's. Tasks are synchronous store updates on the virtual clock,
// so the request runs beside them: the first call starts it, later calls (every poll interval) look at
// its outcome, kept here outside the store until then. The engine's `io` set lets the control API's
// advance wait for requests under way instead of moving the clock past them.

import { notificationView } from "../../views/notifications.js";
import { MAX_MINOR } from "../../microversion.js";
import type { WebhookTaskSpec } from "../config.js";
import type { BaseTask } from "../task.js";
import { TaskFailed } from "../task.js";

export const DEFAULT_WEBHOOK_TIMEOUT_SECONDS = 10;

type Outcome = { ok: true; status: number } | { ok: false; error: string };

/** Requests under way, engine-wide (the control API waits for them; tests too). */
export class PendingIo {
  readonly #pending = new Set<Promise<unknown>>();

  get size(): number {
    return this.#pending.size;
  }

  add(p: Promise<unknown>): void {
    this.#pending.add(p);
    void p.finally(() => this.#pending.delete(p));
  }

  /** Resolves when every request now under way has settled (or after `maxMs` of real time). */
  async settled(maxMs = 60_000): Promise<void> {
    if (this.#pending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)));
    await Promise.race([Promise.allSettled([...this.#pending]), cap]);
    clearTimeout(timer);
  }
}

async function post(url: string, body: string, timeoutMs: number): Promise<Outcome> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "skymock-instance-ha" },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status >= 200 && res.status < 300 ? { ok: true, status: res.status } : { ok: false, error: `answered ${res.status}` };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    if (e.name === "TimeoutError") return { ok: false, error: `no answer within ${timeoutMs / 1000} s` };
    return { ok: false, error: e.cause?.code ?? e.message };
  }
}

export function webhookTask(spec: WebhookTaskSpec, io: PendingIo): () => BaseTask {
  const timeoutMs = (spec.webhook.timeoutSeconds ?? DEFAULT_WEBHOOK_TIMEOUT_SECONDS) * 1000;
  return () => {
    let outcome: Outcome | undefined;
    return {
      name: spec.name,
      detailName: spec.name,
      execute(ctx) {
        if (ctx.poll === 0) {
          ctx.progress(`Calling webhook ${spec.webhook.url}`);
          const body = JSON.stringify({ notification: notificationView(ctx.notification as never, MAX_MINOR, false) });
          io.add(post(spec.webhook.url, body, timeoutMs).then((o) => void (outcome = o)));
          return { again: ctx.settings.pollMs };
        }
        if (!outcome) return { again: ctx.settings.pollMs };
        if (!outcome.ok) throw new TaskFailed(`Webhook ${spec.webhook.url} failed: ${outcome.error}`);
        ctx.progress(`Webhook ${spec.webhook.url} answered ${outcome.status}`, 1);
      },
    };
  };
}
