import { createHash, createPrivateKey, generateKeyPairSync, createPublicKey } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { computeApi, fault, type ComputeApi } from "../../helpers/compute.js";

/** An OpenSSH ed25519 public key and its MD5 fingerprint, built independently of the emulator. */
function ed25519Key(comment = "me@laptop"): { publicKey: string; fingerprint: string } {
  const { publicKey } = generateKeyPairSync("ed25519");
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url");
  const str = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  const blob = Buffer.concat([str(Buffer.from("ssh-ed25519")), str(raw)]);
  const fingerprint = createHash("md5").update(blob).digest("hex").match(/../g)!.join(":");
  return { publicKey: `ssh-ed25519 ${blob.toString("base64")} ${comment}`, fingerprint };
}

describe("compute: /v2.1/os-keypairs", () => {
  let n: ComputeApi;
  beforeEach(async () => {
    n = await computeApi();
  });

  it("registers a public key: 200 at 2.1 with exactly name, public_key, fingerprint, user_id", async () => {
    const key = ed25519Key();
    const res = await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name: "laptop", public_key: key.publicKey } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ keypair: { name: "laptop", public_key: key.publicKey, fingerprint: key.fingerprint, user_id: n.demoUser } });
    const events = await n.events("compute.keypair.*");
    expect(events).toMatchObject([{ type: "compute.keypair.created", payload: { name: "laptop", userId: n.demoUser, type: "ssh" } }]);
  });

  it("generates a real RSA key pair when no public key is given: 201 from 2.2 with the private key once, and `type`", async () => {
    const res = await n.api("POST", "/os-keypairs", { token: n.demo, version: "2.2", body: { keypair: { name: "gen" } } });
    expect(res.status).toBe(201);
    const kp = res.body.keypair;
    expect(Object.keys(kp).sort()).toEqual(["fingerprint", "name", "private_key", "public_key", "type", "user_id"]);
    expect(kp.type).toBe("ssh");
    expect(kp.public_key).toMatch(/^ssh-rsa AAAA[A-Za-z0-9+/=]+ Generated-by-Nova$/);
    expect(kp.private_key).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n[\s\S]+\n-----END RSA PRIVATE KEY-----\n$/);
    // the halves belong together: the modulus in the OpenSSH blob is the private key's
    const blob = Buffer.from(kp.public_key.split(" ")[1], "base64");
    const modulus = Buffer.from(createPublicKey(createPrivateKey(kp.private_key)).export({ format: "jwk" }).n!, "base64url");
    expect(blob.includes(modulus)).toBe(true);
    expect(kp.fingerprint).toBe(createHash("md5").update(blob).digest("hex").match(/../g)!.join(":"));
    // never shown again
    const show = await n.api("GET", "/os-keypairs/gen", { token: n.demo, version: "2.2" });
    expect(show.body.keypair.private_key).toBeUndefined();
    expect(show.body.keypair.public_key).toBe(kp.public_key);
  });

  it("lists each keypair wrapped in `keypair` (type from 2.2), shows the DB record, per user", async () => {
    const key = ed25519Key();
    await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name: "k1", public_key: key.publicKey } } });
    await n.api("POST", "/os-keypairs", { body: { keypair: { name: "admin-key", public_key: ed25519Key().publicKey } } });
    const list = await n.api("GET", "/os-keypairs", { token: n.demo });
    expect(list.body).toEqual({ keypairs: [{ keypair: { name: "k1", public_key: key.publicKey, fingerprint: key.fingerprint } }] });
    const v22 = await n.api("GET", "/os-keypairs", { token: n.demo, version: "2.2" });
    expect(v22.body.keypairs[0].keypair.type).toBe("ssh");
    const show = await n.api("GET", "/os-keypairs/k1", { token: n.demo });
    expect(show.body).toEqual({
      keypair: {
        name: "k1",
        public_key: key.publicKey,
        fingerprint: key.fingerprint,
        user_id: n.demoUser,
        created_at: "2030-01-01T00:00:00.000000",
        deleted: false,
        deleted_at: null,
        updated_at: null,
        id: 1,
      },
    });
    // another user's keypair of the same name does not exist for demo
    expect((await n.api("GET", "/os-keypairs/admin-key", { token: n.demo })).status).toBe(404);
    expect(fault(await n.api("GET", "/os-keypairs/nope", { token: n.demo })).message).toBe(`Keypair nope not found for user ${n.demoUser}`);
  });

  it("pages from 2.35 with limit and marker (a name) and keypairs_links", async () => {
    for (const name of ["a", "b", "c"]) await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name, public_key: ed25519Key().publicKey } } });
    const first = await n.api("GET", "/os-keypairs?limit=2", { token: n.demo, version: "2.35" });
    expect(first.body.keypairs.map((k: any) => k.keypair.name)).toEqual(["a", "b"]);
    expect(first.body.keypairs_links).toEqual([{ rel: "next", href: "http://localhost/compute/v2.1/os-keypairs?limit=2&marker=b" }]);
    const next = await n.api("GET", "/os-keypairs?limit=2&marker=b", { token: n.demo, version: "2.35" });
    expect(next.body.keypairs.map((k: any) => k.keypair.name)).toEqual(["c"]);
    // before 2.35 paging parameters are ignored
    expect((await n.api("GET", "/os-keypairs?limit=1", { token: n.demo })).body.keypairs).toHaveLength(3);
  });

  it("lets an admin manage another user's keypairs with user_id from 2.10; a member gets 403", async () => {
    const create = await n.api("POST", "/os-keypairs", { version: "2.10", body: { keypair: { name: "for-demo", user_id: n.demoUser, public_key: ed25519Key().publicKey } } });
    expect(create.status).toBe(201);
    expect(create.body.keypair.user_id).toBe(n.demoUser);
    expect((await n.api("GET", "/os-keypairs", { token: n.demo })).body.keypairs.map((k: any) => k.keypair.name)).toEqual(["for-demo"]);
    expect((await n.api("GET", `/os-keypairs?user_id=${n.demoUser}`, { version: "2.10" })).body.keypairs).toHaveLength(1);
    expect((await n.api("GET", `/os-keypairs/for-demo?user_id=${n.demoUser}`, { version: "2.10" })).status).toBe(200);
    const before = n.fingerprint();
    expect((await n.api("GET", `/os-keypairs?user_id=${n.adminUser}`, { token: n.demo, version: "2.10" })).status).toBe(403);
    expect((await n.api("POST", "/os-keypairs", { token: n.demo, version: "2.10", body: { keypair: { name: "x", user_id: n.adminUser } } })).status).toBe(403);
    // user_id is not a field before 2.10
    expect((await n.api("POST", "/os-keypairs", { version: "2.9", body: { keypair: { name: "x", user_id: n.demoUser } } })).status).toBe(400);
    expect(n.fingerprint()).toBe(before);
    expect((await n.api("DELETE", `/os-keypairs/for-demo?user_id=${n.demoUser}`, { version: "2.10" })).status).toBe(204);
    expect((await n.api("GET", "/os-keypairs", { token: n.demo })).body.keypairs).toEqual([]);
  });

  it("deletes: 202 at 2.1, 204 from 2.2, then 404", async () => {
    await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name: "one", public_key: ed25519Key().publicKey } } });
    await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name: "two", public_key: ed25519Key().publicKey } } });
    expect((await n.api("DELETE", "/os-keypairs/one", { token: n.demo })).status).toBe(202);
    expect((await n.api("DELETE", "/os-keypairs/two", { token: n.demo, version: "2.2" })).status).toBe(204);
    expect((await n.api("DELETE", "/os-keypairs/two", { token: n.demo })).status).toBe(404);
    expect((await n.events("compute.keypair.deleted")).map((e) => e.payload.name)).toEqual(["one", "two"]);
  });

  it("rejects a duplicate name (409), an unparsable key, a bad name or an unknown field (400), changing nothing", async () => {
    await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name: "dup", public_key: ed25519Key().publicKey } } });
    const before = n.fingerprint();
    const dup = await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name: "dup" } } });
    expect(dup.status).toBe(409);
    expect(fault(dup)).toEqual({ name: "conflictingRequest", code: 409, message: "Key pair 'dup' already exists." });
    for (const public_key of ["not a key", "ssh-rsa !!!!", "ssh-rsa AAAAB3NzaC1lZDI1NTE5AAAAIA==", "ssh-foo AAAA"]) {
      const res = await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name: "bad", public_key } } });
      expect(res.status, public_key).toBe(400);
      expect(fault(res).message).toBe("Keypair data is invalid: failed to generate fingerprint");
    }
    for (const keypair of [{ name: "semi;colon" }, { name: "" }, { name: "x".repeat(256) }, { name: "ok", colour: "red" }, { public_key: "x" }, { name: "t", type: "ssh" }]) {
      const res = await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair } });
      expect(res.status, JSON.stringify(keypair)).toBe(400);
      expect(fault(res).name).toBe("badRequest");
    }
    expect((await n.api("POST", "/os-keypairs", { token: n.demo, version: "2.2", body: { keypair: { name: "t", type: "pgp" } } })).status).toBe(400);
    expect(n.fingerprint()).toBe(before);
  });

  it("imports an x509 certificate as type x509 (2.2) with its SHA-1 fingerprint; a broken one is 400", async () => {
    // a self-signed certificate made with `openssl req -x509` (its fingerprint as `openssl x509 -fingerprint -sha1` prints it)
    const cert = [
      "-----BEGIN CERTIFICATE-----",
      "MIIBhDCCASugAwIBAgIUDXZAaYSQPruaNN7Q7GyBZNIbRTswCgYIKoZIzj0EAwIw",
      "FzEVMBMGA1UEAwwMc2t5bW9jay10ZXN0MCAXDTI2MTEyMjA0NTkwOVoYDzIxMjYx",
      "MDI5MDQ1OTA5WjAXMRUwEwYDVQQDDAxza3ltb2NrLXRlc3QwWTATBgcqhkjOPQIB",
      "BggqhkjOPQMBBwNCAAQ7k+ej0yy6CwkiabNV5iJsZmI7L8v1j8p6tftNzfijbClI",
      "nFL9j47C7WSU1oN4RhNmEn2JifwNxkiDDX2UnuPjo1MwUTAdBgNVHQ4EFgQUFHzI",
      "GPMr+uos1pyNmiERQq6NrtUwHwYDVR0jBBgwFoAUFHzIGPMr+uos1pyNmiERQq6N",
      "rtUwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNHADBEAiBR2TpxSxIksrMJ",
      "w0vW0elEsBHLv3hR6zQ1O287YvyG7QIgbEWD5kdUQXsJcM4ulNRldwzDMy/avSqW",
      "CE47W85KeEk=",
      "-----END CERTIFICATE-----",
    ].join("\n");
    const res = await n.api("POST", "/os-keypairs", { token: n.demo, version: "2.2", body: { keypair: { name: "cert", type: "x509", public_key: cert } } });
    expect(res.status).toBe(201);
    expect(res.body.keypair).toMatchObject({ type: "x509", fingerprint: "41:bd:95:80:fc:17:2c:16:b8:1f:e3:b2:6b:f2:69:0a:4d:f4:99:9c", public_key: cert });
    const before = n.fingerprint();
    const broken = cert.replace("MIIBhDCC", "MIIBhDXX");
    expect((await n.api("POST", "/os-keypairs", { token: n.demo, version: "2.2", body: { keypair: { name: "x", type: "x509", public_key: broken } } })).status).toBe(400);
    expect(n.fingerprint()).toBe(before);
    // generating one (no public_key) is compute-bugs.test.ts's
  });

  it("counts key_pairs per user against the quota: the next one is 413 entityTooLarge", async () => {
    await n.api("PUT", `/os-quota-sets/${n.demoProject}`, { body: { quota_set: { key_pairs: 1 } } });
    expect((await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name: "first", public_key: ed25519Key().publicKey } } })).status).toBe(200);
    const before = n.fingerprint();
    const res = await n.api("POST", "/os-keypairs", { token: n.demo, body: { keypair: { name: "second", public_key: ed25519Key().publicKey } } });
    expect(res.status).toBe(413);
    expect(fault(res)).toEqual({ name: "entityTooLarge", code: 413, message: "Quota exceeded for key_pairs: Requested 1, but already used 1 of 1 key_pairs" });
    expect(n.fingerprint()).toBe(before);
  });
});
