// Tag names in the path of every taggable collection: decoded exactly once (Hono's parameter decoding), so
// `%25zz` is the tag `%zz`; undecodable encodings are a 400 NeutronError; a missing tag is TagNotFound.

import { beforeAll, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";

const COLLECTIONS = ["networks", "subnets", "ports", "routers", "security-groups", "floatingips", "qos/policies"] as const;

/** One resource of each taggable collection, made by admin. */
async function resources(n: NetApi): Promise<Record<(typeof COLLECTIONS)[number], string>> {
  const network = await n.network({ name: "tagged" });
  const subnet = await n.subnet({ network_id: network.id, cidr: "10.77.0.0/24" });
  const made = async (path: string, key: string, body: unknown) => {
    const res = await n.api("POST", `/v2.0/${path}`, { body: { [key]: body } });
    expect(res.status, res.text).toBe(201);
    return res.body[key].id as string;
  };
  const publicNet = (await n.api("GET", "/v2.0/networks?name=public")).body.networks[0].id;
  return {
    networks: network.id,
    subnets: subnet.id,
    ports: await made("ports", "port", { network_id: network.id }),
    routers: await made("routers", "router", { name: "r" }),
    "security-groups": await made("security-groups", "security_group", { name: "sg" }),
    floatingips: await made("floatingips", "floatingip", { floating_network_id: publicNet }),
    "qos/policies": await made("qos/policies", "policy", { name: "q" }),
  };
}

describe("networking tags: a tag name in the path", () => {
  let n: NetApi;
  let ids: Record<(typeof COLLECTIONS)[number], string>;
  beforeAll(async () => {
    n = await netApi();
    ids = await resources(n);
  });

  it("that cannot be percent-decoded is a 400 NeutronError on every route, changing nothing", async () => {
    const before = n.fingerprint();
    for (const collection of COLLECTIONS) {
      for (const bad of ["%ff", "%zz", "%", "%e2%82"]) {
        for (const method of ["GET", "PUT", "DELETE"]) {
          const res = await n.api(method, `/v2.0/${collection}/${ids[collection]}/tags/${bad}`);
          expect([res.status, neutronError(res)?.type], `${method} ${collection} ${bad}`).toEqual([400, "BadRequest"]);
        }
      }
    }
    expect(n.fingerprint()).toBe(before);
  });

  it("is decoded once: %25zz, %25, %25ff and %2541 are the tags %zz, %, %ff and %41", async () => {
    for (const collection of COLLECTIONS) {
      const base = `/v2.0/${collection}/${ids[collection]}/tags`;
      const cases: Array<[string, string]> = [
        ["%25zz", "%zz"],
        ["%25", "%"],
        ["%25ff", "%ff"],
        ["%2541", "%41"],
        ["a%2Fb", "a/b"],
      ];
      for (const [encoded, tag] of cases) {
        expect((await n.api("PUT", `${base}/${encoded}`)).status, `${collection} ${encoded}`).toBe(201);
        expect((await n.api("GET", `${base}/${encoded}`)).status).toBe(204);
      }
      expect((await n.api("GET", base)).body.tags).toEqual(cases.map(([, tag]) => tag));
      // `%41` was stored, not `A`
      const missing = await n.api("GET", `${base}/A`);
      expect([missing.status, neutronError(missing)]).toEqual([404, { type: "TagNotFound", message: "Tag A could not be found.", detail: "" }]);
      for (const [encoded] of cases) expect((await n.api("DELETE", `${base}/${encoded}`)).status).toBe(204);
      expect((await n.api("GET", base)).body.tags).toEqual([]);
    }
  });

  it("keeps prototype names (__proto__, constructor, valueOf) as ordinary tags", async () => {
    const base = `/v2.0/networks/${ids.networks}/tags`;
    for (const tag of ["__proto__", "constructor", "valueOf"]) {
      const absent = await n.api("GET", `${base}/${tag}`);
      expect([absent.status, neutronError(absent)?.type]).toEqual([404, "TagNotFound"]);
      expect((await n.api("PUT", `${base}/${tag}`)).status).toBe(201);
      expect((await n.api("GET", `${base}/${tag}`)).status).toBe(204);
    }
    expect((await n.api("GET", base)).body.tags).toEqual(["__proto__", "constructor", "valueOf"]);
    expect((await n.api("GET", `/v2.0/networks?tags=__proto__`)).body.networks.map((x: { id: string }) => x.id)).toEqual([ids.networks]);
    expect((await n.api("DELETE", base)).status).toBe(204);
  });
});

describe("networking tags: a missing tag", () => {
  it("is a 404 with Neutron's TagNotFound body on check and on removal, changing nothing", async () => {
    const n = await netApi();
    const network = await n.network({ name: "plain" });
    const before = n.fingerprint();
    for (const method of ["GET", "DELETE"]) {
      const res = await n.api(method, `/v2.0/networks/${network.id}/tags/purple`);
      expect(res.status, method).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(neutronError(res)).toEqual({ type: "TagNotFound", message: "Tag purple could not be found.", detail: "" });
    }
    expect(n.fingerprint()).toBe(before);
  });
});
