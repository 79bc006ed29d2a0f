// A service's routes join the app on the first request under its mount path (kernel/http/mounts.ts): that
// first request, whatever it is, is answered as any later one, and nothing is built for services unused.

import { describe, expect, it } from "vitest";
import { faultEnvelope } from "../../src/kernel/errors.js";
import { buildServiceApp } from "../../src/kernel/http/service-app.js";
import type { ServiceModule } from "../../src/kernel/service.js";
import { resolveOptions } from "../../src/config.js";
import { defaultServices } from "../../src/services.js";
import { call, login, testEmulator } from "../helpers/emulator.js";
import { toyService } from "../helpers/toy-service/index.js";

/** The toy service, counting how often its route table is built. */
function countedToy() {
  const toy = toyService();
  const counted = { ...toy, built: 0 };
  counted.routes = (kernel) => {
    counted.built++;
    return toy.routes(kernel);
  };
  return counted;
}

/** A service mounted below the toy's path, with one public route. */
const inner: ServiceModule = {
  name: "inner",
  mountPath: "/toy/inner",
  envelope: faultEnvelope,
  initialState: () => ({}),
  loadSeed: () => {},
  routes: (kernel) =>
    buildServiceApp(kernel, { name: "inner", mountPath: "/toy/inner", envelope: faultEnvelope }, [
      { method: "GET", path: "/ping", operation: "inner.ping", policy: "public", handler: (c) => c.json({ pong: "inner" }) },
    ]),
};

function emulatorWith(...extra: ServiceModule[]) {
  const toy = countedToy();
  const emu = testEmulator({ services: [...defaultServices(resolveOptions({})), toy, ...extra] });
  return { emu, toy };
}

describe("service routes mounted on first use", () => {
  it("builds a service's routes on its first request, once, and not for requests elsewhere", async () => {
    const { emu, toy } = emulatorWith();
    const token = await login(emu);
    expect((await call(emu, "GET", "/compute/v2.1/flavors", { token })).status).toBe(200);
    expect(toy.built).toBe(0);
    // the first request carries a body: it is read once the request goes through the router again
    const created = await call(emu, "POST", "/toy/widgets", { token, body: { widget: { name: "first" } } });
    expect(created.status).toBe(201);
    expect(created.body.widget.name).toBe("first");
    expect(created.headers.get("x-openstack-request-id")).toMatch(/^req-/);
    const shown = await call(emu, "GET", `/toy/widgets/${created.body.widget.id}`, { token });
    expect(shown.body.widget.name).toBe("first");
    expect(toy.built).toBe(1);
    // journaled once: the pass that mounted the routes recorded nothing
    const journal = await call(emu, "GET", "/_emulator/requests?limit=100");
    expect(journal.body.requests.filter((r: { path: string }) => r.path === "/toy/widgets")).toHaveLength(1);
  });

  it("answers a first request to an unknown path or with the wrong method in the service's own shape", async () => {
    const missing = emulatorWith();
    const notFound = await call(missing.emu, "GET", "/toy/nothing-here");
    expect(notFound.status).toBe(404);
    expect(notFound.body.itemNotFound.code).toBe(404);
    const wrong = emulatorWith();
    const notAllowed = await call(wrong.emu, "PATCH", "/toy/widgets");
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.get("allow")).toBe("POST, GET");
    expect(wrong.toy.built).toBe(1);
  });

  it("answers a first HEAD as the GET route does, without a body", async () => {
    const { emu } = emulatorWith();
    const token = await login(emu);
    const res = await emu.app.request("http://localhost/toy/widgets", { method: "HEAD", headers: { "X-Auth-Token": token } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("mounts a service below another's path together with it, so each answers for its own paths", async () => {
    const { emu, toy } = emulatorWith(inner);
    const token = await login(emu);
    expect((await call(emu, "GET", "/toy/widgets", { token })).status).toBe(200);
    expect(toy.built).toBe(1);
    const ping = await call(emu, "GET", "/toy/inner/ping");
    expect(ping.status).toBe(200);
    expect(ping.body).toEqual({ pong: "inner" });
    const other = emulatorWith(inner);
    expect((await call(other.emu, "GET", "/toy/inner/ping")).body).toEqual({ pong: "inner" });
    expect(other.toy.built).toBe(1);
  });
});
