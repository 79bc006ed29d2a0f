// The unmodified openstack CLI driving the image service (openstacksdk's image proxy underneath): create
// with an uploaded file, show (checksum = the file's MD5), save (byte-identical), set properties and tags,
// list by property, share with another project and accept, delete; and a server booted from the upload.

import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

// each step runs the real CLI (about a second a call, more on a loaded machine)
vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-image.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: images (skipped only where the openstack CLI is not installed)", () => {
  const session = cliSession(["--random-seed", "7", "--time-factor", "100"]);
  const { run, ok } = session;
  const dir = mkdtempSync(join(tmpdir(), "skymock-image-cli-"));
  const bytes = randomBytes(3 * 1024 * 1024 + 123);
  const file = join(dir, "img1.qcow2");
  writeFileSync(file, bytes);
  const md5 = createHash("md5").update(bytes).digest("hex");

  it("uploads a file, shows its checksum and size, and saves it back byte for byte", async () => {
    const created = await ok(["image", "create", "--file", file, "--disk-format", "qcow2", "--container-format", "bare", "-f", "json", "img1"]);
    expect(created).toMatchObject({ name: "img1", disk_format: "qcow2", container_format: "bare" });

    const shown = await ok(["image", "show", "-f", "json", "img1"]);
    expect(shown).toMatchObject({ id: created.id, status: "active", checksum: md5, size: bytes.length, visibility: "shared" });
    expect(shown.properties).toMatchObject({ os_hash_algo: "sha512", os_hash_value: createHash("sha512").update(bytes).digest("hex") });

    const out = join(dir, "out.bin");
    await ok(["image", "save", "--file", out, "img1"]);
    expect(createHash("md5").update(readFileSync(out)).digest("hex")).toBe(md5);
    expect(readFileSync(out).equals(bytes)).toBe(true);
  });

  it("sets a property and a tag, and lists by property", async () => {
    await ok(["image", "set", "--property", "foo=bar", "--tag", "t1", "img1"]);
    const shown = await ok(["image", "show", "-f", "json", "img1"]);
    expect(shown.tags).toEqual(["t1"]);
    expect(shown.properties).toMatchObject({ foo: "bar" });
    const listed = await ok(["image", "list", "--property", "foo=bar", "-f", "json"]);
    expect(listed.map((i: { Name: string }) => i.Name)).toEqual(["img1"]);
    expect(await ok(["image", "list", "--property", "foo=nope", "-f", "json"])).toEqual([]);
    const tagged = await ok(["image", "list", "--tag", "t1", "-f", "json"]);
    expect(tagged.map((i: { Name: string }) => i.Name)).toEqual(["img1"]);
  });

  it("boots a server from the uploaded image", async () => {
    const server = await ok(["server", "create", "--flavor", "m1.tiny", "--image", "img1", "--network", "private", "--wait", "-f", "json", "vm-img1"]);
    expect(server.status).toBe("ACTIVE");
    expect(server.image).toMatch(/img1/);
    await ok(["server", "delete", "--wait", "vm-img1"]);
  });

  it("shares an image with another project, which accepts it", async () => {
    const created = await ok(["image", "create", "--file", file, "--disk-format", "raw", "--container-format", "bare", "--shared", "-f", "json", "img-shared"]);
    const admin = await ok(["project", "show", "-f", "json", "admin"], session.admin);
    await ok(["image", "add", "project", "img-shared", admin.id]);
    const members = await ok(["image", "member", "list", "-f", "json", "img-shared"]);
    expect(members).toEqual([expect.objectContaining({ "Member ID": admin.id, Status: "pending" })]);
    // as the member project itself (OSC's --project would also make it the owner)
    await ok(["image", "set", "--accept", created.id], session.admin);
    const accepted = await ok(["image", "member", "list", "-f", "json", "img-shared"]);
    expect(accepted).toEqual([expect.objectContaining({ "Member ID": admin.id, Status: "accepted" })]);
  });

  it("deletes an image; a second delete fails", async () => {
    await ok(["image", "set", "--protected", "img1"]);
    const refused = await run(["image", "delete", "img1"]);
    expect(refused.code).not.toBe(0);
    await ok(["image", "set", "--unprotected", "img1"]);
    await ok(["image", "delete", "img1"]);
    const names = (await ok(["image", "list", "-f", "json"])).map((i: { Name: string }) => i.Name);
    expect(names).not.toContain("img1");
    expect((await run(["image", "delete", "img1"])).code).not.toBe(0);
  });
});
