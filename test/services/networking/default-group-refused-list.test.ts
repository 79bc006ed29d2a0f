// Found by the fuzzer (test/fuzz/): a group or rule list gives the caller's project its `default` group when
// it has none, but a list refused for its query (an unknown filter, a bad limit or marker) must create nothing.

import { describe, expect, it } from "vitest";
import { netApi } from "./api-setup.js";
import { defaultGroupId } from "./port-setup.js";

describe("a refused security group or rule list", () => {
  it.each([
    "/v2.0/security-groups?no_such_filter=1",
    "/v2.0/security-groups?limit=x",
    "/v2.0/security-groups?marker=00000000-0000-0000-0000-000000000000",
    "/v2.0/security-group-rules?no_such_filter=1",
    "/v2.0/security-group-rules?limit=-1",
  ])("%s: 400, and no default group is created", async (path) => {
    const n = await netApi();
    // an admin may delete a project's default group; the project's next list brings a new one
    expect((await n.api("DELETE", `/v2.0/security-groups/${await defaultGroupId(n, n.demo)}`)).status).toBe(204);
    const before = n.fingerprint();
    const res = await n.api("GET", path, { token: n.demo });
    expect(res.status, res.text).toBe(400);
    expect(res.body.NeutronError.message).toBeTruthy();
    expect(n.fingerprint()).toBe(before);
    const listed = await n.api("GET", "/v2.0/security-groups", { token: n.demo });
    expect(listed.body.security_groups.map((g: any) => g.name)).toContain("default");
  });
});
