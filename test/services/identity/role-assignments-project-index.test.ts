// A project-filtered /v3/role_assignments reads the project's grants from their index (grants grouped by
// scope.project) instead of scanning every grant: it must list exactly what the unfiltered list holds for
// that project, in the same order, after grants and revokes, a per-project reset, and the import of a
// snapshot written by a build that kept no such index.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { directory, type Directory } from "./directory-setup.js";

type Row = { user?: { id: string }; group?: { id: string }; role: { id: string }; scope: { project?: { id: string }; domain?: { id: string } } };
const key = (r: Row) => `${r.user?.id ?? r.group?.id}|${r.role.id}|${r.scope.project?.id ?? r.scope.domain?.id ?? "system"}`;

async function rows(d: Directory, query = ""): Promise<string[]> {
  const res = await d.api("GET", `/v3/role_assignments${query}`);
  expect(res.status).toBe(200);
  return res.body.role_assignments.map(key);
}

/** The project's rows as the full list has them, and as the project filter answers. */
async function both(d: Directory, projectId: string): Promise<{ want: string[]; got: string[] }> {
  const all = (await d.api("GET", "/v3/role_assignments")).body.role_assignments as Row[];
  return { want: all.filter((r) => r.scope.project?.id === projectId).map(key), got: await rows(d, `?scope.project.id=${projectId}`) };
}

describe("role assignments of one project, through the project index", () => {
  it("list what the full list holds for the project, through grants, revokes, a reset and an old snapshot", async () => {
    const d = await directory();
    const project = (await d.api("POST", "/v3/projects", { body: { project: { name: "indexed" } } })).body.project.id;
    const other = (await d.api("POST", "/v3/projects", { body: { project: { name: "elsewhere" } } })).body.project.id;
    const roles = (await d.api("GET", "/v3/roles")).body.roles as Array<{ id: string; name: string }>;
    const role = (name: string) => roles.find((r) => r.name === name)!.id;
    const users: string[] = [];
    for (let i = 0; i < 4; i++) {
      users.push((await d.api("POST", "/v3/users", { body: { user: { name: `ix-${i}`, password: "pw" } } })).body.user.id);
    }
    const grant = (p: string, u: string, r: string, method = "PUT") => d.api(method, `/v3/projects/${p}/users/${u}/roles/${role(r)}`);
    // interleaved with grants elsewhere, so the project's rows are not contiguous in the table
    for (const [i, u] of users.entries()) {
      expect((await grant(project, u, "member")).status).toBe(204);
      expect((await grant(other, u, "reader")).status).toBe(204);
      if (i % 2 === 0) expect((await grant(project, u, "reader")).status).toBe(204);
    }
    // a group grant on the project is listed too (it is not in the user-grant index)
    const group = (await d.api("POST", "/v3/groups", { body: { group: { name: "ix-group" } } })).body.group.id;
    expect((await d.api("PUT", `/v3/projects/${project}/groups/${group}/roles/${role("reader")}`)).status).toBe(204);

    let { want, got } = await both(d, project);
    expect(want.length).toBe(7);
    expect(got).toEqual(want);

    expect((await grant(project, users[1]!, "member", "DELETE")).status).toBe(204);
    ({ want, got } = await both(d, project));
    expect(want.length).toBe(6);
    expect(got).toEqual(want);
    // the other filters still narrow what the index read
    expect(await rows(d, `?scope.project.id=${project}&role.id=${role("reader")}`)).toEqual(want.filter((k) => k.includes(`|${role("reader")}|`)));
    expect(await rows(d, `?scope.project.id=${project}&user.id=${users[0]}`)).toEqual(want.filter((k) => k.startsWith(`${users[0]}|`)));

    // an import of a snapshot from a build without the index builds it from the grants
    const snapshot = JSON.parse((await call(d.emu, "GET", "/_emulator/state")).text);
    snapshot.state.identity.assignments.also = undefined;
    delete snapshot.state.identity.assignments.also;
    expect((await call(d.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    ({ want, got } = await both(d, project));
    expect(got).toEqual(want);
    expect(got.length).toBe(6);

    // a per-project reset of the seeded demo project puts back its seeded grants, and only those
    const demoProject = await d.idOf("projects", "demo");
    const seeded = (await both(d, demoProject)).got;
    expect((await grant(demoProject, users[2]!, "reader")).status).toBe(204);
    expect((await both(d, demoProject)).got.length).toBe(seeded.length + 1);
    expect((await call(d.emu, "POST", `/_emulator/reset?project=${demoProject}`)).status).toBeLessThan(300);
    ({ want, got } = await both(d, demoProject));
    expect(got).toEqual(want);
    expect(got).toEqual(seeded);
  });
});
