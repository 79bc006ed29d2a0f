// /v3/OS-OAUTH1/consumers: admin-only CRUD; the secret is shown once, by create, and never changes.

import { beforeEach, describe, expect, it } from "vitest";
import { directory, type Directory } from "./directory-setup.js";

const CONSUMERS = "/v3/OS-OAUTH1/consumers";

describe("OS-OAUTH1 consumers", () => {
  let d: Directory;
  beforeEach(async () => {
    d = await directory();
  });

  it("creates a consumer with a secret, lists, shows, updates and deletes it", async () => {
    const made = await d.api("POST", CONSUMERS, { body: { consumer: { description: "ci", team: "qa" } } });
    expect(made.status).toBe(201);
    const consumer = made.body.consumer;
    expect(consumer).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      description: "ci",
      team: "qa",
      secret: expect.stringMatching(/^[0-9a-f]{32}$/),
      links: { self: `http://localhost/identity/v3/OS-OAUTH1/consumers/${consumer.id}` },
    });
    const { secret: _secret, ...shownShape } = consumer;
    expect((await d.api("GET", CONSUMERS)).body.consumers).toEqual([shownShape]);
    expect((await d.api("GET", `${CONSUMERS}/${consumer.id}`)).body.consumer).toEqual(shownShape);
    const updated = await d.api("PATCH", `${CONSUMERS}/${consumer.id}`, { body: { consumer: { description: "renamed" } } });
    expect(updated.status).toBe(200);
    expect(updated.body.consumer).toEqual({ ...shownShape, description: "renamed" });
    const bare = await d.api("POST", CONSUMERS, { body: {} });
    expect(bare.status).toBe(201);
    expect(bare.body.consumer.description).toBeNull();
    expect((await d.api("DELETE", `${CONSUMERS}/${consumer.id}`)).status).toBe(204);
    const gone = await d.api("GET", `${CONSUMERS}/${consumer.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe("Consumer not found");
  });

  it("refuses non-admins, a secret or empty update and an unknown consumer, changing nothing", async () => {
    const consumer = (await d.api("POST", CONSUMERS, { body: { consumer: { description: "x" } } })).body.consumer;
    const before = d.fingerprint();
    expect((await d.api("POST", CONSUMERS, { token: d.demo, body: { consumer: {} } })).status).toBe(403);
    expect((await d.api("GET", CONSUMERS, { token: d.demo })).status).toBe(403);
    expect((await d.api("DELETE", `${CONSUMERS}/${consumer.id}`, { token: d.demo })).status).toBe(403);
    expect((await d.api("PATCH", `${CONSUMERS}/${consumer.id}`, { body: { consumer: { secret: "mine" } } })).status).toBe(400);
    expect((await d.api("PATCH", `${CONSUMERS}/${consumer.id}`, { body: { consumer: {} } })).status).toBe(400);
    expect((await d.api("PATCH", `${CONSUMERS}/${consumer.id}`, { body: { consumer: { id: "other" } } })).status).toBe(400);
    expect((await d.api("PATCH", `${CONSUMERS}/nope`, { body: { consumer: { description: "y" } } })).status).toBe(404);
    expect((await d.api("DELETE", `${CONSUMERS}/nope`)).status).toBe(404);
    expect(d.fingerprint()).toBe(before);
  });
});
