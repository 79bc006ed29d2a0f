// Sends one fuzzed request and judges the answer: never a 5xx; a HEAD answer has no body; every 4xx body is
// in the owning service's error envelope; a rejected request (and any read) leaves GET /_emulator/state
// byte-for-byte as it was. An accepted write that changed the state is undone by importing the baseline,
// so every request meets the same world (which keeps a failing case replayable on its own), unless the
// world drifts (then each request meets what the accepted ones before it made).

import type { FuzzRequest } from "./fuzz-request.js";
import { exportState, importState, type FuzzWorld } from "./fuzz-world.js";

export interface Exchange {
  status: number;
  /** why the answer is wrong; undefined when it is right */
  problem?: string;
}

/** requests sent and statuses seen, for progress lines and the report */
export interface FuzzStats {
  requests: number;
  statuses: Map<number, number>;
  /** the longest request, from sending to its body read, waits (thread pool, timers) included */
  slowest: { ms: number; request: string };
}

export const newStats = (): FuzzStats => ({ requests: 0, statuses: new Map(), slowest: { ms: 0, request: "" } });

export async function exchange(world: FuzzWorld, request: FuzzRequest, stats?: FuzzStats): Promise<Exchange> {
  const { emulator } = world;
  const url = `http://localhost${request.path}`;
  // a turn of the event loop between requests: the long run's loop-delay monitor then sees each request's
  // own hold on the loop, not a chain of requests run back to back as microtasks
  await new Promise((resolve) => setImmediate(resolve));
  let res: Response;
  const sent = performance.now();
  try {
    res = await emulator.app.request(url, { method: request.method, headers: request.headers, body: request.body });
  } catch (error) {
    return { status: 0, problem: `the request threw: ${String(error)}` };
  }
  const text = await res.text();
  if (stats) {
    const ms = performance.now() - sent;
    stats.requests++;
    stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
    if (ms > stats.slowest.ms) stats.slowest = { ms, request: `${request.method} ${clip(request.path, 120)} (${request.body?.length ?? 0} bytes)` };
  }
  const after = await exportState(emulator);
  const changed = after !== world.baseline;
  const problem = judge(world, request, res.status, text, changed ? after : undefined);
  // drifting (the long run's --drift): an accepted write's state is the next request's world; not identity's,
  // whose writes (a revoked token, a deleted user or role assignment) would lock the fuzzer's callers out
  if (changed && world.drift && !problem && !request.path.startsWith("/identity")) world.baseline = after;
  else if (changed) await importState(emulator, world.baseline);
  return { status: res.status, problem: problem && `${problem}\n  response: ${res.status} ${clip(text, 600)}` };
}

function judge(world: FuzzWorld, request: FuzzRequest, status: number, text: string, changedState: string | undefined): string | undefined {
  // 501 NotImplemented is a deliberate answer (a feature the emulator does not claim), never a crash
  if (status >= 500 && !(status === 501 && /notimplemented/i.test(text))) return "a 5xx answer";
  if (request.method === "HEAD" && text !== "") return "a HEAD answer with a body";
  if (status >= 400 && request.method !== "HEAD") {
    const wrong = envelopeProblem(world, request.path, status, text);
    if (wrong) return wrong;
  }
  if (changedState !== undefined && (status >= 400 || (isRead(request) && !CREATES_ON_READ.test(request.path)))) {
    return `${status >= 400 ? "a rejected request" : "a read"} changed the exported state: ${firstDifference(world.baseline, changedState)}`;
  }
  return undefined;
}

const isRead = (request: FuzzRequest) => request.method === "GET" || request.method === "HEAD";

/** Neutron gives a project its default security group on the first list of groups or rules: a read that writes */
const CREATES_ON_READ = /^\/networking\/v2\.0\/security-group(s|-rules)\/?(\?|$)/;

type EnvelopeCheck = (body: any, status: number) => boolean;

const isText = (v: unknown) => typeof v === "string";

/** the upstream error shapes (src/kernel/errors.ts; image's is Glance's plain-text body as a JSON string) */
const ENVELOPES: Record<string, EnvelopeCheck> = {
  identity: (b, status) => !!b?.error && b.error.code === status && isText(b.error.title) && isText(b.error.message) && Object.keys(b).length === 1,
  compute: (b, status) => {
    const keys = b && typeof b === "object" ? Object.keys(b) : [];
    return keys.length === 1 && b[keys[0]!]?.code === status && isText(b[keys[0]!].message);
  },
  networking: (b) => !!b?.NeutronError && isText(b.NeutronError.type) && isText(b.NeutronError.message) && isText(b.NeutronError.detail) && Object.keys(b).length === 1,
  image: (b, status) => isText(b) && b.startsWith(`${status} `),
};

/** services whose errors are whole documents, not JSON: Swift's webob HTML (empty for a HEAD) */
const DOCUMENTS: Record<string, (text: string, status: number) => boolean> = {
  "object-storage": (text) => text === "" || /^<html><h1>[^<]+<\/h1><p>[\s\S]*<\/p><\/html>$/.test(text),
};

function envelopeProblem(world: FuzzWorld, path: string, status: number, text: string): string | undefined {
  // `..` segments are resolved by the URL parser: the owner is the service the final path falls under
  const pathname = new URL(`http://localhost${path}`).pathname;
  const owner = world.routes.find((r) => pathname === r.mountPath || pathname.startsWith(`${r.mountPath}/`))?.service;
  const document = owner && DOCUMENTS[owner];
  if (document) return document(text, status) ? undefined : `a ${status} not in the ${owner} error document`;
  const check = owner && ENVELOPES[owner];
  if (!check) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `a ${status} whose body is not JSON (the ${owner} envelope was expected)`;
  }
  return check(body, status) ? undefined : `a ${status} not in the ${owner} error envelope`;
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at character ${i}: before …${a.slice(Math.max(0, i - 80), i + 80)}… after …${b.slice(Math.max(0, i - 80), i + 80)}…`;
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/** The request as a reader replays it by hand: method, path, headers, body (clipped). */
export function describeRequest(request: FuzzRequest): string {
  const headers = Object.entries(request.headers).map(([k, v]) => `  ${k}: ${clip(v, 120)}`).join("\n");
  return `${request.method} ${clip(request.path, 300)}\n${headers}${request.body === undefined ? "" : `\n  body: ${clip(request.body, 600)}`}`;
}
