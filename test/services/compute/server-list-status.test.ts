// The `status` filter of GET /servers and /servers/detail: Nova's status values in any case; an unknown one is
// 400 "Invalid status value" in the spec profile at every microversion, and in the upstream profile as Nova
// answers it (ignored beside a known one; alone: 400 from 2.38, an empty list below).

import { describe, expect, it } from "vitest";
import { CIRROS, fault, profileApi, type ProfileApi } from "./profile-setup.js";

const LISTS = ["/servers", "/servers/detail"];

async function withServer(profile: "spec" | "upstream"): Promise<ProfileApi> {
  const t = await profileApi(profile);
  const res = await t.api("POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] } } });
  expect(res.status).toBe(202);
  return t;
}

const names = async (t: ProfileApi, path: string, version?: string) => {
  const res = await t.api("GET", path, { token: t.demo, version });
  expect(res.status, res.text).toBe(200);
  return res.body.servers.map((v: { name: string }) => v.name);
};

describe("GET /servers?status= in both profiles", () => {
  for (const profile of ["spec", "upstream"] as const) {
    it(`${profile}: takes Nova's status values in any case, and answers an unknown one 400 from 2.38`, async () => {
      const t = await withServer(profile);
      for (const path of LISTS) {
        expect(await names(t, `${path}?status=BUILD`)).toEqual(["vm"]);
        expect(await names(t, `${path}?status=build`)).toEqual(["vm"]);
        expect(await names(t, `${path}?status=ACTIVE&status=Build`)).toEqual(["vm"]);
        for (const status of ["SHELVED_OFFLOADED", "verify_resize", "HARD_REBOOT", "SOFT_DELETED", "PASSWORD"]) {
          expect(await names(t, `${path}?status=${status}`), status).toEqual([]);
        }
        for (const version of ["2.38", "2.79"]) {
          for (const status of ["FOO", "UNKNOWN", ""]) {
            const res = await t.refused(400, "GET", `${path}?status=${status}`, { token: t.demo, version });
            expect(fault(res)).toEqual({ name: "badRequest", code: 400, message: "Invalid status value" });
          }
        }
      }
    });
  }
});

describe("an unknown status in the spec profile", () => {
  it("is 400 below 2.38 too, and beside a known value", async () => {
    const t = await withServer("spec");
    for (const path of LISTS) {
      for (const version of [undefined, "2.1", "2.37"]) {
        const res = await t.refused(400, "GET", `${path}?status=FOO`, { token: t.demo, version });
        expect(fault(res).message).toBe("Invalid status value");
      }
      await t.refused(400, "GET", `${path}?status=BUILD&status=FOO`, { token: t.demo, version: "2.79" });
    }
  });
});

describe("an unknown status in the upstream profile", () => {
  it("lists nothing below 2.38, and is ignored beside a known value, as Nova does", async () => {
    const t = await withServer("upstream");
    for (const path of LISTS) {
      expect(await names(t, `${path}?status=FOO`)).toEqual([]);
      expect(await names(t, `${path}?status=FOO`, "2.37")).toEqual([]);
      expect(await names(t, `${path}?status=BUILD&status=FOO`, "2.79")).toEqual(["vm"]);
    }
  });
});
