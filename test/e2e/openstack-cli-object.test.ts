// The unmodified openstack CLI driving object storage (Swift v1 through openstacksdk): container create,
// list, show and delete; object create (upload), list, show, save (download), set/unset properties and delete.

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-object.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: object storage (skipped only where the openstack CLI is not installed)", () => {
  const { run, ok } = cliSession(["--random-seed", "7"]);

  it("creates a container, uploads, lists, saves and deletes objects", async () => {
    const dir = mkdtempSync(join(tmpdir(), "skymock-object-"));
    const file = join(dir, "report.txt");
    writeFileSync(file, "quarterly numbers\n".repeat(1000));

    const created = await ok(["container", "create", "-f", "json", "reports"]);
    expect(created).toEqual([expect.objectContaining({ container: "reports" })]);
    expect(await ok(["container", "list", "-f", "json"])).toEqual([{ Name: "reports" }]);

    // the object is named after the path given, as Swift clients do
    const uploaded = await ok(["object", "create", "-f", "json", "reports", file], undefined);
    expect(uploaded).toEqual([expect.objectContaining({ object: expect.stringContaining("report.txt"), container: "reports" })]);
    const listed = await ok(["object", "list", "-f", "json", "reports"]);
    expect(listed).toHaveLength(1);
    const name = listed[0].Name as string;
    expect(name).toContain("report.txt");

    const shown = await ok(["object", "show", "-f", "json", "reports", name]);
    expect(shown).toMatchObject({ container: "reports", "content-length": "18000", "content-type": "text/plain" });

    await ok(["object", "set", "--property", "owner=finance", "reports", name]);
    const withProperty = await ok(["object", "show", "-f", "json", "reports", name]);
    expect(withProperty.properties).toEqual({ owner: "finance" });

    const saved = join(dir, "saved.txt");
    await ok(["object", "save", "--file", saved, "reports", name]);
    expect(readFileSync(saved, "utf8")).toBe(readFileSync(file, "utf8"));

    const shownContainer = await ok(["container", "show", "-f", "json", "reports"]);
    expect(shownContainer).toMatchObject({ container: "reports", object_count: "1", bytes_used: "18000" });

    // a container that holds objects is refused; the CLI reports it
    const refused = await run(["container", "delete", "reports"]);
    expect(refused.code).not.toBe(0);

    await ok(["object", "delete", "reports", name]);
    expect(await ok(["object", "list", "-f", "json", "reports"])).toEqual([]);
    await ok(["container", "delete", "reports"]);
    expect(await ok(["container", "list", "-f", "json"])).toEqual([]);
  });
});
