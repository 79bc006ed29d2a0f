import { describe, expect, it } from "vitest";
import { applyRouterFlags, routerFlagsView } from "../../../src/services/networking/operations/router-flags.js";
import type { Router } from "../../../src/services/networking/state.js";
import { netApi } from "./api-setup.js";
import { rejected } from "./l3-setup.js";

const admin = { projectId: "p", userId: "u", isAdmin: true };
const member = { projectId: "p", userId: "u", isAdmin: false };
const router = (adminStateUp = true) => ({ id: "r", adminStateUp }) as unknown as Router;

describe("networking: router flags distributed (dvr) and ha (l3-ha)", () => {
  it("defaults both to false and lets an admin set them at creation", () => {
    const r = router();
    expect(routerFlagsView(r)).toEqual({ distributed: false, ha: false });
    applyRouterFlags(admin, "create_router", r, { distributed: true, ha: true });
    expect(routerFlagsView(r)).toEqual({ distributed: true, ha: true });
    expect(routerFlagsView(r, member)).toEqual({});
  });

  it("refuses a member (PolicyNotAuthorized naming the attribute)", () => {
    expect(() => applyRouterFlags(member, "create_router", router(), { distributed: false })).toThrow("(rule:create_router:distributed) is disallowed by policy.");
    expect(() => applyRouterFlags(member, "update_router", router(), { ha: true })).toThrow("(rule:update_router:ha) is disallowed by policy.");
  });

  it("changes a flag only on a router that is administratively down", () => {
    const up = router(true);
    expect(() => applyRouterFlags(admin, "update_router", up, { distributed: true })).toThrow(
      "Bad router request: Cannot change the 'distributed' attribute of active routers. Please set router admin_state_up to False prior to upgrade.",
    );
    expect(() => applyRouterFlags(admin, "update_router", up, { ha: true })).toThrow(
      "Bad router request: Cannot change HA attribute of active routers. Please set router admin_state_up to False prior to upgrade.",
    );
    expect(routerFlagsView(up)).toEqual({ distributed: false, ha: false });
    applyRouterFlags(admin, "update_router", up, { ha: false, distributed: false });
    const down = router(false);
    applyRouterFlags(admin, "update_router", down, { ha: true });
    expect(routerFlagsView(down)).toEqual({ distributed: false, ha: true });
  });

  it("POST/PUT /v2.0/routers with distributed/ha, and the router view's flags", async () => {
    const n = await netApi();
    const res = await n.api("POST", "/v2.0/routers", { body: { router: { name: "dvr", distributed: true, ha: true } } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.router).toMatchObject({ distributed: true, ha: true });
    await rejected(n, () => n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "x", ha: true } } }), 403, "PolicyNotAuthorized");
    const id = res.body.router.id;
    await rejected(n, () => n.api("PUT", `/v2.0/routers/${id}`, { body: { router: { ha: false } } }), 400, "BadRequest");
    expect((await n.api("PUT", `/v2.0/routers/${id}`, { body: { router: { admin_state_up: false } } })).status).toBe(200);
    const changed = await n.api("PUT", `/v2.0/routers/${id}`, { body: { router: { ha: false, distributed: false } } });
    expect(changed.body.router).toMatchObject({ distributed: false, ha: false });
  });

  it("a member sees its routers without distributed/ha (Neutron's get_router:distributed and :ha are admin-only)", async () => {
    const n = await netApi();
    const made = await n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "mine" } } });
    expect(made.status, made.text).toBe(201);
    const id = made.body.router.id;
    for (const router of [
      made.body.router,
      (await n.api("GET", `/v2.0/routers/${id}`, { token: n.demo })).body.router,
      (await n.api("PUT", `/v2.0/routers/${id}`, { token: n.demo, body: { router: { name: "renamed" } } })).body.router,
      ...(await n.api("GET", "/v2.0/routers", { token: n.demo })).body.routers,
    ]) {
      expect(router).not.toHaveProperty("distributed");
      expect(router).not.toHaveProperty("ha");
    }
    expect((await n.api("GET", `/v2.0/routers/${id}`)).body.router).toMatchObject({ distributed: false, ha: false });
  });
});
