// /instance-ha/v1/{project_id}/…: the path's project must be the token's, for admins too, as Masakari's
// wsgi layer checks before the method runs: the spec's scope mismatch (403) by default, Masakari's 400
// `Malformed request URL` under --profile upstream, before the policy and the body; nothing changes.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { expectRefused } from "../../helpers/refused.js";
import { haApi, type HaApi } from "./setup.js";

type Profile = "spec" | "upstream";

async function projectOf(t: HaApi, token: string): Promise<string> {
  const me = await call(t.emu, "GET", "/identity/v3/auth/tokens", { token, headers: { "X-Subject-Token": token } });
  return me.body.token.project.id;
}

describe.each(["spec", "upstream"] as Profile[])("a path naming another project than the token's, profile %s", (profile) => {
  const expected = (named: string, scoped: string) =>
    profile === "spec"
      ? { forbidden: { code: 403, message: `Scope mismatch: the token is scoped to project ${scoped}, not to project ${named}, which the URL names; authenticate with a token scoped to it.` } }
      : { badRequest: { code: 400, message: `Malformed request URL: URL's project_id '${named}' doesn't match Context's project_id '${scoped}'` } };
  const status = profile === "spec" ? 403 : 400;

  async function setup() {
    const t = await haApi({ profile });
    const adminProject = await projectOf(t, t.admin);
    const demoProject = await projectOf(t, t.demo);
    const refused = async (method: string, project: string, path: string, token: string, scoped: string, body?: unknown) => {
      const res = await expectRefused(t.fingerprint, status, () => call(t.emu, method, `/instance-ha/v1/${project}${path}`, { token, body }));
      expect(res.body).toEqual(expected(project, scoped));
    };
    return { t, adminProject, demoProject, refused };
  }

  it("refuses an admin naming another project, or a prototype key, on every kind of route", async () => {
    const { t, adminProject, demoProject, refused } = await setup();
    const segment = await t.segment();
    const host = await t.host(segment.uuid);
    for (const project of [demoProject, "__proto__", "constructor"]) {
      await refused("GET", project, "/segments", t.admin, adminProject);
      await refused("GET", project, `/segments/${segment.uuid}`, t.admin, adminProject);
      await refused("POST", project, "/segments", t.admin, adminProject, { segment: { name: "other", recovery_method: "auto", service_type: "COMPUTE" } });
      await refused("PUT", project, `/segments/${segment.uuid}/hosts/${host.uuid}`, t.admin, adminProject, { host: { reserved: true } });
      await refused("DELETE", project, `/segments/${segment.uuid}`, t.admin, adminProject);
      await refused("GET", project, "/notifications", t.admin, adminProject);
      await refused("POST", project, "/notifications", t.admin, adminProject, {
        notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: { event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" } },
      });
    }
  });

  it("refuses before the policy and the body: a member, a bad body", async () => {
    const { t, adminProject, demoProject, refused } = await setup();
    await refused("GET", adminProject, "/segments", t.demo, demoProject);
    await refused("POST", adminProject, "/segments", t.demo, demoProject, { segment: { name: 7 } });
    await refused("POST", demoProject, "/segments", t.admin, adminProject, "not a segment");
  });

  it("serves the token's own project path as the project-less one", async () => {
    const { t, adminProject } = await setup();
    const created = await call(t.emu, "POST", `/instance-ha/v1/${adminProject}/segments`, {
      token: t.admin,
      body: { segment: { name: "seg-1", recovery_method: "auto", service_type: "COMPUTE" } },
    });
    expect(created.status, created.text).toBe(201);
    const listed = await call(t.emu, "GET", `/instance-ha/v1/${adminProject}/segments`, { token: t.admin });
    expect(listed.body).toEqual((await t.api("GET", "/segments")).body);
    expect(listed.body.segments.map((s: any) => s.uuid)).toEqual([created.body.segment.uuid]);
  });
});
