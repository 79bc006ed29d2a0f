// The declarative webhook task: a host failure's flow POSTs the notification to a loopback HTTP server (a
// real one on port 0); a non-2xx answer or a refused connection fails the try, retried then reverted like
// any task; a URL off loopback is refused when configured.

import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { haCluster } from "./engine-setup.js";

interface Hook {
  url: string;
  bodies: any[];
  close(): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function hook(status: (n: number) => number): Promise<Hook> {
  const bodies: any[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let text = "";
    req.on("data", (d) => (text += d));
    req.on("end", () => {
      bodies.push({ method: req.method, type: req.headers["content-type"], body: JSON.parse(text) });
      res.writeHead(status(bodies.length), { "content-type": "text/plain" }).end("ok");
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/hooks/ha`, bodies, close: () => new Promise((r) => server.close(() => r())) };
}

const TARGETS = ["disableComputeNodeTask", "NotifyOps", "PrepareHAEnabled", "EvacuateHost"];

async function failHost(t: Awaited<ReturnType<typeof haCluster>>) {
  await t.server("demo", "vm-a", { HA_Enabled: "True" });
  expect((await t.control("POST", "/compute/hosts/compute-1/fail")).status).toBe(200);
  return (await t.notification()).notification_uuid as string;
}

describe("webhook task", () => {
  it("POSTs the notification's record to the URL and the flow goes on when it answers 2xx", async () => {
    const h = await hook(() => 204);
    const t = await haCluster({ tasks: [{ name: "NotifyOps", webhook: { url: h.url } }], recoveryWorkflowOnStop: { targets: TARGETS } });
    const id = await failHost(t);
    const done = await t.control("POST", `/instance-ha/notifications/${id}/advance`);
    expect(done.body).toMatchObject({ id, status: "finished" });
    expect(h.bodies).toHaveLength(1);
    expect(h.bodies[0]).toMatchObject({
      method: "POST",
      type: "application/json",
      body: { notification: { notification_uuid: id, type: "COMPUTE_HOST", status: "running", payload: { event: "STOPPED" } } },
    });
    const n = await t.notification(id);
    expect(n.recovery_workflow_details.map((d: any) => [d.name, d.state])).toEqual([
      ["DisableComputeServiceTask", "SUCCESS"],
      ["NotifyOps", "SUCCESS"],
      ["PrepareHAEnabledInstancesTask", "SUCCESS"],
      ["EvacuateInstancesTask", "SUCCESS"],
    ]);
    expect(n.recovery_workflow_details[1].progress_details.map((p: any) => p.message)).toEqual([
      `Calling webhook ${h.url}`,
      `Webhook ${h.url} answered 204`,
    ]);
  });

  it("a 500 fails the try: retried, then the done tasks are reverted and the notification ends in error", async () => {
    const h = await hook(() => 500);
    const t = await haCluster({
      tasks: [{ name: "NotifyOps", webhook: { url: h.url } }],
      recoveryWorkflowOnStop: { targets: TARGETS },
      taskAttempts: 2,
    });
    const id = await failHost(t);
    const end = await t.control("POST", `/instance-ha/notifications/${id}/advance`, { until: "error" });
    expect(end.body.status).toBe("error");
    expect(h.bodies).toHaveLength(2);
    const n = await t.notification(id);
    expect(n.recovery_workflow_details.map((d: any) => [d.name, d.state])).toEqual([
      ["DisableComputeServiceTask", "REVERTED"],
      ["NotifyOps", "FAILURE"],
      ["PrepareHAEnabledInstancesTask", "PENDING"],
      ["EvacuateInstancesTask", "PENDING"],
    ]);
    expect(n.recovery_workflow_details[1].progress_details.map((p: any) => p.message)).toContain(
      `Failed (try 2 of 2): Webhook ${h.url} failed: answered 500`,
    );
    // the revert enabled the service the flow had disabled
    expect(await t.service("compute-1")).toMatchObject({ status: "enabled" });
    const failures = (await t.events("instance-ha.task.failed")).map((e) => [e.payload.task, e.payload.final]);
    expect(failures).toEqual([
      ["NotifyOps", false],
      ["NotifyOps", true],
    ]);
  });

  it("a refused connection fails the try with the connection's error", async () => {
    const h = await hook(() => 200);
    await h.close();
    servers.length = 0;
    const t = await haCluster({ tasks: [{ name: "NotifyOps", webhook: { url: h.url } }], recoveryWorkflowOnStop: { targets: TARGETS }, taskAttempts: 1 });
    const id = await failHost(t);
    expect((await t.control("POST", `/instance-ha/notifications/${id}/advance`, { until: "error" })).body.status).toBe("error");
    expect((await t.notification(id)).recovery_workflow_details[1].progress_details.at(-1).message).toMatch(/failed: ECONNREFUSED/);
  });

  it("no answer within timeoutSeconds fails the try", async () => {
    const silent = createServer(() => {}); // takes the request, never answers
    servers.push(silent);
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const url = `http://localhost:${(silent.address() as { port: number }).port}/`;
    const t = await haCluster({ tasks: [{ name: "NotifyOps", webhook: { url, timeoutSeconds: 0.2 } }], recoveryWorkflowOnStop: { targets: TARGETS }, taskAttempts: 1 });
    const id = await failHost(t);
    expect((await t.control("POST", `/instance-ha/notifications/${id}/advance`, { until: "error" })).body.status).toBe("error");
    expect((await t.notification(id)).recovery_workflow_details[1].progress_details.at(-1).message).toBe(
      `Failed (try 1 of 1): Webhook ${url} failed: no answer within 0.2 s`,
    );
    silent.closeAllConnections();
  });

  it("a URL off loopback is refused when the emulator starts", async () => {
    await expect(haCluster({ tasks: [{ name: "NotifyOps", webhook: { url: "http://10.0.0.5/hook" } }] })).rejects.toThrow(
      /only call loopback \(127\.0\.0\.0\/8, ::1, localhost\), not 10\.0\.0\.5/,
    );
  });
});
