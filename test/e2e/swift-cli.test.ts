// Debian's python3-swiftclient (`swift`) against a real emulator process, authenticating with Keystone v3:
// stat, post, upload (plain and segmented with --segment-size), list, download and delete.

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession, runPythonCli } from "../helpers/openstack-cli.js";

vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("swift-cli.test.ts", "swift");

describe.skipIf(skip)("swift CLI (skipped only where python3-swiftclient is not installed)", () => {
  const session = cliSession(["--random-seed", "7"]);
  const swift = (args: string[], cwd?: string) => runPythonCli("swift", "swift", args, { ...session.demo, OS_AUTH_VERSION: "3" }, { cwd });
  const ok = async (args: string[], cwd?: string) => session.passed(`swift ${args.join(" ")}`, await swift(args, cwd)).stdout;

  it("stats the account, uploads, lists, downloads, posts metadata and deletes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "skymock-swift-"));
    writeFileSync(join(dir, "notes.txt"), "swift notes\n");
    expect(await ok(["stat"])).toMatch(/Containers: 0/);

    await ok(["upload", "docs", "notes.txt"], dir);
    expect(await ok(["list"])).toBe("docs\n");
    expect(await ok(["list", "docs"])).toBe("notes.txt\n");

    await ok(["post", "-m", "Color:blue", "docs", "notes.txt"]);
    const stat = await ok(["stat", "docs", "notes.txt"]);
    expect(stat).toMatch(/Content Length: 12/);
    expect(stat).toMatch(/Meta Color: blue/);
    await ok(["post", "-r", ".r:*", "docs"]);
    expect(await ok(["stat", "docs"])).toMatch(/Read ACL: \.r:\*/);
    expect(await ok(["stat"])).toMatch(/Objects: 1/);

    const out = join(dir, "out.txt");
    await ok(["download", "docs", "notes.txt", "-o", out]);
    expect(readFileSync(out, "utf8")).toBe("swift notes\n");

    await ok(["delete", "docs", "notes.txt"]);
    expect(await ok(["list", "docs"])).toBe("");
  });

  // without --use-slo the client writes a dynamic large object (X-Object-Manifest), with it a static one
  it.each([["dynamic", []], ["static", ["--use-slo"]]])("uploads in segments (--segment-size, %s manifest) and downloads the whole object back", async (kind, flags) => {
    const dir = mkdtempSync(join(tmpdir(), "skymock-swift-"));
    const bytes = Buffer.alloc(10_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
    writeFileSync(join(dir, "big.bin"), bytes);
    await ok(["upload", ...flags, "--segment-size", "4096", "large", "big.bin"], dir);
    expect(await ok(["stat", "large", "big.bin"])).toMatch(kind === "static" ? /X-Static-Large-Object: True/ : /Manifest: large_segments\//);
    expect(await ok(["list", "large"])).toBe("big.bin\n");
    const segments = (await ok(["list", "large_segments"])).trim().split("\n");
    expect(segments).toHaveLength(3);
    expect(await ok(["stat", "large", "big.bin"])).toMatch(/Content Length: 10000/);
    const out = join(dir, "back.bin");
    await ok(["download", "large", "big.bin", "-o", out]);
    expect(readFileSync(out).equals(bytes)).toBe(true);
    await ok(["delete", "large", "big.bin"]);
    expect(await ok(["list", "large_segments"])).toBe("");
  });
});
