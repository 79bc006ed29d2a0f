// Keystone credentials: /v3/users/{id}/credentials/OS-EC2 (what `openstack ec2 credentials` calls) and the
// generic /v3/credentials CRUD with type ec2; who may see and manage which; refusals change nothing.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { call, testEmulator } from "../../helpers/emulator.js";
import { session } from "./identity-helpers.js";

const ec2Path = (userId: string, access = "") => `/identity/v3/users/${userId}/credentials/OS-EC2${access ? `/${access}` : ""}`;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

async function listAll(emu: Emulator, token: string, query = "") {
  const res = await call(emu, "GET", `/identity/v3/credentials${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.credentials as Array<Record<string, unknown>>;
}

describe("OS-EC2 credentials", () => {
  it("creates a key pair on a project, lists, shows by access key and deletes it", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const res = await call(emu, "POST", ec2Path(demo.userId), { token: demo.token, body: { tenant_id: demo.projectId } });
    expect(res.status).toBe(201);
    const cred = res.body.credential;
    expect(cred).toEqual({
      user_id: demo.userId,
      tenant_id: demo.projectId,
      access: expect.stringMatching(/^[0-9a-f]{32}$/),
      secret: expect.stringMatching(/^[0-9a-f]{32}$/),
      trust_id: null,
      links: { self: `http://localhost${ec2Path(demo.userId, cred.access)}` },
    });
    const list = await call(emu, "GET", ec2Path(demo.userId), { token: demo.token });
    expect(list.body.credentials).toEqual([cred]);
    const shown = await call(emu, "GET", ec2Path(demo.userId, cred.access), { token: demo.token });
    expect(shown.body.credential).toEqual(cred);
    // the same record through /v3/credentials: its id is the access key's SHA-256
    const generic = await call(emu, "GET", `/identity/v3/credentials/${sha256(cred.access)}`, { token: demo.token });
    expect(generic.status).toBe(200);
    expect(generic.body.credential).toMatchObject({ type: "ec2", user_id: demo.userId, project_id: demo.projectId });
    expect(JSON.parse(generic.body.credential.blob)).toMatchObject({ access: cred.access, secret: cred.secret });

    expect((await call(emu, "DELETE", ec2Path(demo.userId, cred.access), { token: demo.token })).status).toBe(204);
    expect((await call(emu, "GET", ec2Path(demo.userId, cred.access), { token: demo.token })).status).toBe(404);
    expect((await call(emu, "GET", ec2Path(demo.userId), { token: demo.token })).body.credentials).toEqual([]);
  });

  it("refuses another user's credentials to a non-admin, an unknown project or user, and a missing tenant_id", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const admin = await session(emu, "admin");
    expect((await call(emu, "POST", ec2Path(admin.userId), { token: demo.token, body: { tenant_id: demo.projectId } })).status).toBe(403);
    expect((await call(emu, "GET", ec2Path(admin.userId), { token: demo.token })).status).toBe(403);
    expect((await call(emu, "POST", ec2Path(demo.userId), { token: demo.token, body: { tenant_id: "nope" } })).status).toBe(404);
    expect((await call(emu, "POST", ec2Path(demo.userId), { token: demo.token, body: {} })).status).toBe(400);
    expect((await call(emu, "POST", ec2Path("nobody"), { token: admin.token, body: { tenant_id: demo.projectId } })).status).toBe(404);
    expect(await listAll(emu, admin.token)).toEqual([]);
    // an admin manages anyone's
    const made = await call(emu, "POST", ec2Path(demo.userId), { token: admin.token, body: { tenant_id: demo.projectId } });
    expect(made.status).toBe(201);
    expect((await call(emu, "DELETE", ec2Path(demo.userId, made.body.credential.access), { token: demo.token })).status).toBe(204);
  });

  it("goes with its user and with its project", async () => {
    const emu = testEmulator();
    const admin = await session(emu, "admin");
    const user = await call(emu, "POST", "/identity/v3/users", { token: admin.token, body: { user: { name: "s3-user", password: "pw" } } });
    const project = await call(emu, "POST", "/identity/v3/projects", { token: admin.token, body: { project: { name: "s3-project" } } });
    const userId = user.body.user.id;
    const projectId = project.body.project.id;
    await call(emu, "POST", ec2Path(userId), { token: admin.token, body: { tenant_id: admin.projectId } });
    await call(emu, "POST", ec2Path(admin.userId), { token: admin.token, body: { tenant_id: projectId } });
    expect(await listAll(emu, admin.token)).toHaveLength(2);
    expect((await call(emu, "DELETE", `/identity/v3/users/${userId}`, { token: admin.token })).status).toBe(204);
    expect(await listAll(emu, admin.token)).toHaveLength(1);
    expect((await call(emu, "DELETE", `/identity/v3/projects/${projectId}`, { token: admin.token })).status).toBe(204);
    expect(await listAll(emu, admin.token)).toHaveLength(0);
  });
});

describe("/v3/credentials", () => {
  it("creates an ec2 credential whose id is its access key's hash, and generic ones with ids of their own", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const blob = JSON.stringify({ access: "AKIADEMO", secret: "s3cr3t" });
    const res = await call(emu, "POST", "/identity/v3/credentials", {
      token: demo.token,
      body: { credential: { type: "ec2", blob, user_id: demo.userId, project_id: demo.projectId } },
    });
    expect(res.status).toBe(201);
    expect(res.body.credential).toEqual({
      id: sha256("AKIADEMO"),
      type: "ec2",
      blob,
      user_id: demo.userId,
      project_id: demo.projectId,
      links: { self: `http://localhost/identity/v3/credentials/${sha256("AKIADEMO")}` },
    });
    // the OS-EC2 view finds it by its access key
    const ec2 = await call(emu, "GET", ec2Path(demo.userId, "AKIADEMO"), { token: demo.token });
    expect(ec2.body.credential).toMatchObject({ access: "AKIADEMO", secret: "s3cr3t", tenant_id: demo.projectId });
    const other = await call(emu, "POST", "/identity/v3/credentials", {
      token: demo.token,
      body: { credential: { type: "totp", blob: "base32", user_id: demo.userId } },
    });
    expect(other.status).toBe(201);
    expect(other.body.credential.id).toMatch(/^[0-9a-f]{32}$/);
    expect((await listAll(emu, demo.token, "?type=ec2")).map((c) => c.id)).toEqual([sha256("AKIADEMO")]);
    expect(await listAll(emu, demo.token, `?user_id=${demo.userId}`)).toHaveLength(2);
  });

  it("refuses a bad ec2 blob, a missing project, a duplicate key and another user's credential, changing nothing", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const admin = await session(emu, "admin");
    const post = (token: string, credential: Record<string, unknown>) => call(emu, "POST", "/identity/v3/credentials", { token, body: { credential } });
    const ok = { type: "ec2", blob: JSON.stringify({ access: "K1", secret: "x" }), user_id: demo.userId, project_id: demo.projectId };
    expect((await post(demo.token, { ...ok, blob: "not json" })).status).toBe(400);
    expect((await post(demo.token, { ...ok, blob: JSON.stringify({ secret: "x" }) })).status).toBe(400);
    expect((await post(demo.token, { ...ok, project_id: undefined })).status).toBe(400);
    expect((await post(demo.token, { ...ok, user_id: admin.userId })).status).toBe(403);
    expect((await post(demo.token, { ...ok, type: undefined })).status).toBe(400);
    expect(await listAll(emu, admin.token)).toEqual([]);
    expect((await post(demo.token, ok)).status).toBe(201);
    expect((await post(demo.token, ok)).status).toBe(409);
    expect(await listAll(emu, admin.token)).toHaveLength(1);
  });

  it("shows a user only their own; an admin sees, updates and deletes all", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const admin = await session(emu, "admin");
    const mine = await call(emu, "POST", ec2Path(admin.userId), { token: admin.token, body: { tenant_id: admin.projectId } });
    const theirs = await call(emu, "POST", ec2Path(demo.userId), { token: demo.token, body: { tenant_id: demo.projectId } });
    const adminId = sha256(mine.body.credential.access);
    const demoId = sha256(theirs.body.credential.access);
    expect((await listAll(emu, demo.token)).map((c) => c.id)).toEqual([demoId]);
    expect((await listAll(emu, admin.token)).map((c) => c.id).sort()).toEqual([adminId, demoId].sort());
    expect((await call(emu, "GET", `/identity/v3/credentials/${adminId}`, { token: demo.token })).status).toBe(403);
    expect((await call(emu, "DELETE", `/identity/v3/credentials/${adminId}`, { token: demo.token })).status).toBe(403);
    expect((await call(emu, "GET", `/identity/v3/credentials/unknown`, { token: admin.token })).status).toBe(404);

    // an update may move the project and change the access key (the id stays), not what scopes it (Keystone)
    const blob = JSON.parse((await call(emu, "GET", `/identity/v3/credentials/${demoId}`, { token: demo.token })).body.credential.blob);
    const patched = await call(emu, "PATCH", `/identity/v3/credentials/${demoId}`, { token: admin.token, body: { credential: { project_id: admin.projectId } } });
    expect(patched.status).toBe(200);
    expect(patched.body.credential.project_id).toBe(admin.projectId);
    const moved = await call(emu, "PATCH", `/identity/v3/credentials/${demoId}`, {
      token: admin.token,
      body: { credential: { blob: JSON.stringify({ ...blob, access: "other" }) } },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.credential.id).toBe(demoId);
    expect(JSON.parse(moved.body.credential.blob).access).toBe("other");
    const rescoped = await call(emu, "PATCH", `/identity/v3/credentials/${demoId}`, {
      token: admin.token,
      body: { credential: { blob: JSON.stringify({ ...blob, access: "other", trust_id: "t-1" }) } },
    });
    expect(rescoped.status).toBe(400);
    expect(rescoped.body.error.message).toContain("trust_id can not be updated");
    expect(JSON.parse((await call(emu, "GET", `/identity/v3/credentials/${demoId}`, { token: admin.token })).body.credential.blob).trust_id ?? null).toBe(blob.trust_id ?? null);
    expect((await call(emu, "PATCH", `/identity/v3/credentials/${demoId}`, { token: admin.token, body: { credential: {} } })).status).toBe(400);
    expect((await call(emu, "DELETE", `/identity/v3/credentials/${demoId}`, { token: admin.token })).status).toBe(204);
    expect((await listAll(emu, admin.token)).map((c) => c.id)).toEqual([adminId]);
  });
});
