// SkymockClient's resource listing over a real socket: the kinds the services declare, and one kind's pages.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEmulator } from "../helpers/emulator.js";
import { SkymockClient } from "../../src/client/index.js";

const emu = testEmulator();
let client: SkymockClient;

beforeAll(async () => {
  client = new SkymockClient(await emu.listen(0, "127.0.0.1"));
});
afterAll(() => emu.close());

describe("SkymockClient resources", () => {
  it("lists the kinds, and pages one kind by project until next is null", async () => {
    const kinds = await client.resourceKinds();
    expect(kinds.find((k) => k.type === "compute.server")).toEqual({ type: "compute.server", service: "compute", count: expect.any(Number), filters: ["project", "status"] });
    const tenant = await client.createTenant({ name: "paged" });
    const seen: unknown[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await client.listResources("networking.subnet", { limit: 1, marker });
      seen.push(...page.resources.map((r) => r.id));
      if (!page.next) break;
      marker = page.next;
    }
    expect(seen).toContain(tenant.network!.subnetId);
    const own = await client.listResources("networking.subnet", { project: tenant.project.id });
    expect(own.resources).toEqual([expect.objectContaining({ id: tenant.network!.subnetId, cidr: tenant.network!.cidr })]);
    await expect(client.listResources("no.such")).rejects.toMatchObject({ status: 404 });
  });
});
