// The default world started with compute's other emulator options (--reclaim-instance-seconds,
// --shelved-offload-seconds: Nova's reclaim_instance_interval and shelved_offload_time), and the few calls
// those tests make.

import { expect } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";
import { BUILD_MS, CIRROS } from "./server-actions-setup.js";

/** The default world with those options (in milliseconds): the few calls these tests make, as demo. */
export async function customCompute(options: { reclaimInstanceMs?: number; shelvedOffloadMs?: number }) {
  const seconds = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);
  const emu = testEmulator({ reclaimInstanceSeconds: seconds(options.reclaimInstanceMs), shelvedOffloadSeconds: seconds(options.shelvedOffloadMs) });
  const [admin, demo] = [await login(emu), await login(emu, "demo")];
  const api = (method: string, path: string, o: { token?: string; body?: unknown } = {}) =>
    call(emu, method, `/compute/v2.1${path}`, { token: o.token ?? admin, body: o.body });
  const net = (await call(emu, "GET", "/networking/v2.0/networks?name=private", { token: admin })).body.networks[0].id;
  return {
    demo,
    api,
    advance: (ms: number) => emu.clock.advance(ms),
    show: async (id: string) => (await api("GET", `/servers/${id}`)).body.server,
    async active() {
      const res = await api("POST", "/servers", { token: demo, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: net }] } } });
      emu.clock.advance(BUILD_MS);
      return res.body.server as { id: string };
    },
    ok: async (id: string, body: unknown) => expect((await api("POST", `/servers/${id}/action`, { token: demo, body })).status).toBe(202),
    refuse: async (id: string, body: unknown, status: number) => {
      const res = await api("POST", `/servers/${id}/action`, { token: demo, body });
      expect(res.status).toBe(status);
      return res;
    },
  };
}

