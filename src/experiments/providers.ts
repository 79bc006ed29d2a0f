// What each provider does, as calls into the emulator: `http` as written; the others as the control API
// or the service API calls they stand for (fail-host -> POST /_emulator/compute/hosts/{name}/fail, ...).
// Time (wait, steady-state, a fault's duration) is the runner's (run.ts), not here.

import type { Calls, Caller, Reply } from "./calls.js";
import type { Provider } from "./schema.js";

const ADMIN: Caller = { user: "admin" };
const HA_VERSION = { "OpenStack-API-Version": "instance-ha 1.3" };

/** The rules add-fault activities added, by activity name (for remove-fault and the cleanup). */
export type FaultsAdded = Map<string, string>;

/** Performs a provider that is a call; returns the reply (the caller judges it). */
export async function perform(calls: Calls, provider: Exclude<Provider, { type: "wait" | "steady-state" }>, name: string, added: FaultsAdded): Promise<Reply> {
  switch (provider.type) {
    case "http":
      return calls.request(provider.method, provider.path, { as: provider.as, body: provider.body, headers: provider.headers });
    case "fail-host":
      return calls.request("POST", `/_emulator/compute/hosts/${encodeURIComponent(provider.host)}/fail`);
    case "recover-host":
      return calls.request("POST", `/_emulator/compute/hosts/${encodeURIComponent(provider.host)}/recover`);
    case "fail-server": {
      const id = await serverId(calls, provider.server);
      if (id === undefined) return { status: 404, body: { error: `no server ${provider.server}` }, headers: new Headers() };
      return calls.request("POST", `/_emulator/compute/servers/${id}/fail`, { body: provider.message === undefined ? {} : { message: provider.message } });
    }
    case "add-fault": {
      const reply = await calls.request("POST", "/_emulator/faults", { body: provider.rule });
      const id = (reply.body as { id?: string } | null)?.id;
      if (reply.status === 201 && id !== undefined) added.set(name, id);
      return reply;
    }
    case "remove-fault": {
      if (provider.activity === undefined) {
        added.clear();
        return calls.request("DELETE", "/_emulator/faults");
      }
      const id = added.get(provider.activity);
      if (id === undefined) return { status: 404, body: { error: `activity ${provider.activity} added no rule that is still there` }, headers: new Headers() };
      added.delete(provider.activity);
      return calls.request("DELETE", `/_emulator/faults/${id}`);
    }
    case "clock-factor":
      return calls.request("PATCH", "/_emulator/clock", { body: { factor: provider.factor } });
    case "ha-notification":
      return calls.request("POST", "/instance-ha/v1/notifications", { as: ADMIN, body: { notification: provider.notification }, headers: HA_VERSION });
  }
}

/** A server id: the value itself when a server has it, else the first server of that name (admin, all projects). */
async function serverId(calls: Calls, server: string): Promise<string | undefined> {
  const reply = await calls.request("GET", `/compute/v2.1/servers?all_tenants=1`, { as: ADMIN });
  const servers = ((reply.body as { servers?: Array<{ id: string; name: string }> } | null)?.servers ?? []);
  return (servers.find((s) => s.id === server) ?? servers.find((s) => s.name === server))?.id;
}
