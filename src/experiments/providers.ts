// What each provider does, as calls into the emulator: `http` as written; the others as the control API
// or the service API calls they stand for (fail-host -> POST /_emulator/compute/hosts/{name}/fail,
// kill-service and partition -> fault rules, force-state -> a lifecycle step or the admin reset-state
// action). Time (wait, steady-state, a window's end, `at`) is the runner's (run.ts), not here.

import type { Calls, Caller, Reply } from "./calls.js";
import type { Provider } from "./schema.js";
import type { FaultRuleInput } from "../kernel/faults.js";

const ADMIN: Caller = { user: "admin" };
const HA_VERSION = { "OpenStack-API-Version": "instance-ha 1.3" };

/** The rules the rule-adding activities added, by activity name (for remove-fault and the cleanup). */
export type FaultsAdded = Map<string, string[]>;

/** Publishes on the AMQP bridge; undefined when the emulator has none. */
export type Publish = ((routingKey: string, body: unknown) => Promise<void>) | undefined;

export type CallProvider = Exclude<Provider, { type: "wait" | "steady-state" }>;

/** Performs a provider that is a call; returns the reply (the caller judges it). */
export async function perform(calls: Calls, provider: CallProvider, name: string, added: FaultsAdded, publish?: Publish): Promise<Reply> {
  switch (provider.type) {
    case "http":
      return calls.request(provider.method, provider.path, { as: provider.as, body: provider.body, headers: provider.headers });
    case "fail-host":
      return calls.request("POST", `/_emulator/compute/hosts/${encodeURIComponent(provider.host)}/fail`);
    case "recover-host":
      return calls.request("POST", `/_emulator/compute/hosts/${encodeURIComponent(provider.host)}/recover`);
    case "fail-server": {
      const found = await resource(calls, "compute.server", provider.server);
      if (!found) return refused(404, `no server ${provider.server}`);
      return calls.request("POST", `/_emulator/compute/servers/${found.id}/fail`, { body: provider.message === undefined ? {} : { message: provider.message } });
    }
    case "add-fault":
    case "kill-service":
      return addRules(calls, rulesOf(provider), name, added);
    case "partition": {
      // by id: work no request carries (a build) knows its project by id only
      const project = await resource(calls, "identity.project", provider.project);
      if (!project) return refused(404, `no project ${provider.project}`);
      return addRules(calls, rulesOf({ ...provider, project: project.id }), name, added);
    }
    case "remove-fault": {
      if (provider.activity === undefined) {
        added.clear();
        return calls.request("DELETE", "/_emulator/faults");
      }
      const ids = added.get(provider.activity);
      if (ids === undefined) return refused(404, `activity ${provider.activity} added no rule that is still there`);
      added.delete(provider.activity);
      return removeRules(calls, ids);
    }
    case "force-state":
      return forceState(calls, provider.resource, provider.id, provider.state);
    case "clock-factor":
      return calls.request("PATCH", "/_emulator/clock", { body: { factor: provider.factor } });
    case "ha-notification":
      return calls.request("POST", "/instance-ha/v1/notifications", { as: ADMIN, body: { notification: provider.notification }, headers: HA_VERSION });
    case "amqp-publish":
      // the run refuses a document with this provider when there is no bridge (index.ts)
      if (!publish) return refused(409, "the emulator has no AMQP bridge (--amqp-url)");
      return publish(provider.routingKey, provider.body).then(
        () => ({ status: 202, body: { routingKey: provider.routingKey }, headers: new Headers() }),
        (error: unknown) => refused(503, `the AMQP bridge could not publish: ${error instanceof Error ? error.message : String(error)}`),
      );
  }
}

/** The fault rules a rule-adding provider stands for. */
export function rulesOf(provider: Extract<Provider, { type: "add-fault" | "kill-service" | "partition" }>): FaultRuleInput[] {
  switch (provider.type) {
    case "add-fault":
      return [provider.rule];
    case "kill-service":
      return [{ service: provider.service, effect: { type: "error", status: provider.status, ...(provider.message === undefined ? {} : { message: provider.message }) } }];
    case "partition": {
      const effect = provider.effect ?? { type: "error" as const, status: 503, message: "the project is partitioned from this service" };
      return [
        ...provider.services.map((service) => ({ service, project: provider.project, effect })),
        // work no request carries (a build's network allocation) is failed by operation
        ...(provider.operations ?? []).map((operation) => ({ operation, project: provider.project, effect })),
      ];
    }
  }
}

/** the window after which the rules go, when the provider has one */
export function windowOf(provider: Provider): unknown {
  if (provider.type === "add-fault") return provider.duration;
  if (provider.type === "kill-service" || provider.type === "partition") return provider.for;
  return undefined;
}

/** Adds the rules, all or none: one refused removes those added before it. */
async function addRules(calls: Calls, rules: FaultRuleInput[], name: string, added: FaultsAdded): Promise<Reply> {
  const ids: string[] = [];
  let last: Reply | undefined;
  for (const rule of rules) {
    last = await calls.request("POST", "/_emulator/faults", { body: rule });
    const id = (last.body as { id?: string } | null)?.id;
    if (last.status !== 201 || id === undefined) {
      await removeRules(calls, ids);
      return last;
    }
    ids.push(id);
  }
  added.set(name, ids);
  return rules.length === 1 ? last! : { status: 201, body: { rules: ids }, headers: new Headers() };
}

export async function removeRules(calls: Calls, ids: string[]): Promise<Reply> {
  let last: Reply = { status: 204, body: null, headers: new Headers() };
  for (const id of ids) {
    const r = await calls.request("DELETE", `/_emulator/faults/${id}`);
    // a rule whose `times` ran out is gone already
    if (r.status !== 404) last = r;
  }
  return last;
}

/** A pending lifecycle step sent to `state`; else the upstream admin action for the kind. */
async function forceState(calls: Calls, type: string, idOrName: string, state: string): Promise<Reply> {
  const found = await resource(calls, type, idOrName);
  if (!found) return refused(404, `no ${type} ${idOrName}`);
  const status = await calls.request("GET", `/_emulator/resources/${encodeURIComponent(type)}/${found.id}`);
  if (status.status === 200 && (status.body as { pending?: unknown }).pending) {
    return calls.request("POST", "/_emulator/transitions/step", { body: { type, resourceId: found.id, to: state } });
  }
  const action = (path: string, body: unknown) => calls.request("POST", path, { as: ADMIN, body });
  switch (type) {
    case "compute.server":
      return action(`/compute/v2.1/servers/${found.id}/action`, { "os-resetState": { state: state.toLowerCase() } });
    case "block-storage.volume":
    case "block-storage.snapshot": {
      const project = await adminProject(calls);
      return action(`/volume/v3/${project}/${type === "block-storage.volume" ? "volumes" : "snapshots"}/${found.id}/action`, { "os-reset_status": { status: state } });
    }
    default:
      return refused(409, `${type} ${found.id} has no lifecycle step under way and no reset-state action to force it to ${state}`);
  }
}

/** A resource of a kind by id, else the first of that name (GET /_emulator/resources/{type}). */
async function resource(calls: Calls, type: string, idOrName: string): Promise<{ id: string } | undefined> {
  const reply = await calls.request("GET", `/_emulator/resources/${encodeURIComponent(type)}?limit=1000`);
  const items = (reply.body as { resources?: Array<{ id: string; name?: string }> } | null)?.resources ?? [];
  return items.find((r) => r.id === idOrName) ?? items.find((r) => r.name === idOrName);
}

async function adminProject(calls: Calls): Promise<string> {
  const reply = await calls.request("GET", "/identity/v3/auth/projects", { as: ADMIN });
  const projects = (reply.body as { projects?: Array<{ id: string; name: string }> } | null)?.projects ?? [];
  return projects.find((p) => p.name === "admin")?.id ?? "admin";
}

function refused(status: number, error: string): Reply {
  return { status, body: { error }, headers: new Headers() };
}
