// Shared by the server-actions tests, on top of the compute harness (test/helpers/compute.ts): POST
// /servers/{id}/action as demo (or another token), the compute hosts as the control API shows them, and a
// server driven to a state through the API.

import { expect } from "vitest";
import { call, type Call } from "../../helpers/emulator.js";
import { ACTION_MS, BUILD_MS, computeApi, defaultWorld, type ApiOptions, type ComputeApi } from "../../helpers/compute.js";

export { ACTION_MS, BUILD_MS, CIRROS, computeApi, defaultWorld, fault } from "../../helpers/compute.js";

export interface ActionApi extends ComputeApi {
  /** POST /servers/{id}/action, as demo unless another token is given */
  action(id: string, body: unknown, options?: ApiOptions): Promise<Call>;
  /** an action that must be accepted with this status */
  ok(id: string, body: unknown, status?: number, options?: ApiOptions): Promise<Call>;
  /** an action that must be refused with this status, the state left as it was */
  refuse(id: string, body: unknown, status: number, options?: ApiOptions): Promise<Call>;
  /** compute hosts (name, usage, server ids) from /_emulator/compute/hosts */
  hosts(): Promise<Array<Record<string, any>>>;
  /** an ACTIVE server of demo's, stopped: SHUTOFF */
  stopped(): Promise<Record<string, any>>;
  /** pending lifecycle steps of the compute.server type */
  pending(id: string): Promise<Array<Record<string, any>>>;
}

export async function actionApi(seed?: Record<string, unknown>): Promise<ActionApi> {
  const t = await computeApi(seed);
  const action = (id: string, body: unknown, options: ApiOptions = {}) =>
    t.api("POST", `/servers/${id}/action`, { token: t.demo, ...options, body });
  const a: ActionApi = {
    ...t,
    action,
    async ok(id, body, status = 202, options = {}) {
      const res = await action(id, body, options);
      expect(res.status, res.text).toBe(status);
      return res;
    },
    async refuse(id, body, status, options = {}) {
      return t.refused(status, "POST", `/servers/${id}/action`, { token: t.demo, ...options, body });
    },
    async hosts() {
      return (await call(t.emu, "GET", "/_emulator/compute/hosts")).body.hosts;
    },
    async stopped() {
      const server = await t.active();
      await a.ok(server.id, { "os-stop": null });
      t.advance(ACTION_MS);
      const stopped = await t.show(server.id);
      expect(stopped.status).toBe("SHUTOFF");
      return stopped;
    },
    async pending(id) {
      const all = (await call(t.emu, "GET", "/_emulator/transitions")).body.pending as Array<Record<string, any>>;
      return all.filter((p) => p.type === "compute.server" && p.resourceId === id);
    },
  };
  return a;
}

/** A world without compute hosts and a server of demo's whose build failed there: ERROR, no host, never launched. */
export async function failedBuild(): Promise<{ t: ActionApi; id: string }> {
  const world = defaultWorld();
  world.compute.hosts = [];
  const t = await actionApi(world);
  const { id } = await t.create();
  t.advance(BUILD_MS);
  expect((await t.show(id)).status).toBe("ERROR");
  return { t, id };
}

/** The vm_state, task_state and power_state of a server record, with its status. */
export function states(server: Record<string, any>) {
  return {
    status: server.status,
    vm: server["OS-EXT-STS:vm_state"],
    task: server["OS-EXT-STS:task_state"],
    power: server["OS-EXT-STS:power_state"],
  };
}
