// Compute fixes: a numeric flavor id, the versions document's order, generated x509 keypairs, /extensions.

import { createHash, createPrivateKey, X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { fault, profileApi } from "./profile-setup.js";

describe("compute fixes", () => {
  it("takes a numeric flavor id and keeps it as a string (as Nova does)", async () => {
    const t = await profileApi();
    const res = await t.api("POST", "/flavors", { body: { flavor: { name: "num", id: 42, ram: 512, vcpus: 1, disk: 1 } } });
    expect(res.status).toBe(200);
    expect(res.body.flavor.id).toBe("42");
    expect((await t.api("GET", "/flavors/42")).body.flavor.name).toBe("num");
    // a string id that is not allowed is still refused
    await t.refused(400, "POST", "/flavors", { body: { flavor: { name: "bad", id: " x", ram: 512, vcpus: 1, disk: 1 } } });
    const dup = await t.refused(409, "POST", "/flavors", { body: { flavor: { name: "num2", id: 42, ram: 512, vcpus: 1, disk: 1 } } });
    expect(fault(dup).message).toBe("Flavor with ID 42 already exists.");
  });

  it("answers 404 for an empty id (DELETE /images/), as Nova does, not 405", async () => {
    const t = await profileApi();
    for (const path of ["/images/", "/servers/", "/flavors/", "/os-keypairs/"]) {
      const res = await t.api("DELETE", path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(fault(res).code).toBe(404);
    }
    // the collection itself still names the methods it takes
    expect((await t.api("DELETE", "/images")).status).toBe(405);
  });

  it("lists v2.0 first, then v2.1, in the versions document", async () => {
    const t = await profileApi();
    const res = await call(t.emu, "GET", "/compute/");
    expect(res.status).toBe(200);
    expect(res.body.versions).toEqual([
      { id: "v2.0", status: "SUPPORTED", version: "", min_version: "", updated: "2011-01-21T11:33:21Z", links: [{ rel: "self", href: "http://localhost/compute/v2/" }] },
      expect.objectContaining({ id: "v2.1", status: "CURRENT", version: "2.96", min_version: "2.1" }),
    ]);
  });

  it("generates an x509 keypair (2.2): a self-signed certificate for the user, its SHA-1 fingerprint, the private key once", async () => {
    const t = await profileApi();
    const res = await t.api("POST", "/os-keypairs", { token: t.demo, version: "2.2", body: { keypair: { name: "winrm", type: "x509" } } });
    expect(res.status).toBe(201);
    const kp = res.body.keypair;
    expect(kp.type).toBe("x509");
    const cert = new X509Certificate(kp.public_key);
    const who = (await call(t.emu, "GET", "/identity/v3/auth/tokens", { token: t.admin, headers: { "X-Subject-Token": t.demo } })).body.token.user.id;
    expect(cert.subject).toBe(`CN=${who}`);
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(kp.private_key))).toBe(true);
    expect(cert.subjectAltName).toBe(`othername:UPN:${who}@localhost`);
    expect(new Date(cert.validFrom).toISOString()).toBe("2030-01-01T00:00:00.000Z");
    const sha1 = createHash("sha1").update(cert.raw).digest("hex").match(/../g)!.join(":");
    expect(kp.fingerprint).toBe(sha1);
    const shown = await t.api("GET", "/os-keypairs/winrm", { token: t.demo, version: "2.2" });
    expect(shown.body.keypair).toMatchObject({ type: "x509", fingerprint: sha1, public_key: kp.public_key });
    expect(shown.body.keypair.private_key).toBeUndefined();
    // `type` is not a 2.1 field
    await t.refused(400, "POST", "/os-keypairs", { token: t.demo, body: { keypair: { name: "old", type: "x509" } } });
  });

  it("answers /extensions with Nova's fixed list, and one by alias (404 otherwise)", async () => {
    const t = await profileApi();
    const list = await t.api("GET", "/extensions", { token: t.demo });
    expect(list.status).toBe(200);
    expect(list.body.extensions.length).toBeGreaterThan(90);
    const dcf = { alias: "OS-DCF", description: "Disk Management Extension.", links: [], name: "DiskConfig", namespace: "http://docs.openstack.org/compute/ext/fake_xml", updated: "2014-12-03T00:00:00Z" };
    expect(list.body.extensions).toContainEqual(dcf);
    expect((await t.api("GET", "/extensions/OS-DCF", { token: t.demo })).body).toEqual({ extension: dcf });
    const missing = await t.api("GET", "/extensions/nope", { token: t.demo });
    expect(missing.status).toBe(404);
    expect(fault(missing).name).toBe("itemNotFound");
  });
});
