// The container tests' Docker: whether an engine answers (in CI its absence is an error, elsewhere a
// skip that says why), and the image built once per test file from the repository's Dockerfile on the
// base SKYMOCK_TEST_NODE_IMAGE (CI passes the local stand-in scripts/stand-in-node-image.sh makes, as no
// public registry can be reached there; unset, the Dockerfile's own default, the official Node image).

import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The engine's version, or why there is none to use. */
export function dockerEngine(): { version: string } | { missing: string } {
  const probe = spawnSync("docker", ["version", "--format", "{{.Server.Version}}"], { encoding: "utf8", timeout: 20_000 });
  if (probe.error) return { missing: "no docker command on this machine" };
  if (probe.status !== 0) return { missing: `no Docker engine answers (${(probe.stderr || "").trim().split("\n")[0]})` };
  return { version: probe.stdout.trim() };
}

/** Undefined when the container tests can run; else why not. In CI a missing engine throws instead. */
export function containerSkipReason(file: string): string | undefined {
  const engine = dockerEngine();
  if ("version" in engine) return undefined;
  if (process.env.CI) throw new Error(`${file}: ${engine.missing}, and CI must run the container tests`);
  console.warn(`${file} skipped: ${engine.missing}`);
  return engine.missing;
}

/** Builds the repository's Dockerfile, as it is, as `tag` on the machine's engine, and returns the tag. */
export function buildImage(tag = "skymock:test"): string {
  const engine = dockerEngine();
  if (!("version" in engine)) throw new Error(engine.missing);
  const base = process.env.SKYMOCK_TEST_NODE_IMAGE;
  const args = ["build", "-q", ...(base ? ["--build-arg", `NODE_IMAGE=${base}`] : []), "-t", tag, "."];
  execFileSync("docker", args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"], timeout: 600_000 });
  return tag;
}

/** `docker inspect` of a container, one Go template. */
export function inspect(containerId: string, template: string): string {
  return execFileSync("docker", ["inspect", "--format", template, containerId], { encoding: "utf8" }).trim();
}
