// The container tests' Docker: whether an engine answers (in CI its absence is an error, elsewhere a
// skip that says why), and the image built once per test file from the repository's Dockerfile on the
// base SKYMOCK_TEST_NODE_IMAGE (CI passes the local stand-in scripts/stand-in-node-image.sh makes, as no
// public registry can be reached there; unset, the Dockerfile's own default, the official Node image).

import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
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

/** HEALTHCHECK --start-interval needs Docker Engine 25 or later. */
export function startIntervalSupported(version: string): boolean {
  return Number(version.split(".")[0]) >= 25;
}

/**
 * Builds the repository's Dockerfile as `tag` and returns the tag. An engine older than 25 cannot parse
 * HEALTHCHECK's --start-interval: for it (Debian 12's docker.io is 20.10) that one flag is left out, and
 * the test says so.
 */
export function buildImage(tag = "skymock:test"): string {
  const engine = dockerEngine();
  if (!("version" in engine)) throw new Error(engine.missing);
  let dockerfile = readFileSync(`${ROOT}Dockerfile`, "utf8");
  if (!startIntervalSupported(engine.version)) {
    console.warn(`Docker Engine ${engine.version} predates HEALTHCHECK --start-interval: building the Dockerfile without that flag`);
    dockerfile = dockerfile.replace(/ --start-interval=\S+/, "");
  }
  const base = process.env.SKYMOCK_TEST_NODE_IMAGE;
  const args = ["build", "-q", "-f", "-", ...(base ? ["--build-arg", `NODE_IMAGE=${base}`] : []), "-t", tag, "."];
  execFileSync("docker", args, { cwd: ROOT, input: dockerfile, stdio: ["pipe", "pipe", "inherit"], timeout: 600_000 });
  return tag;
}

/** `docker inspect` of a container, one Go template. */
export function inspect(containerId: string, template: string): string {
  return execFileSync("docker", ["inspect", "--format", template, containerId], { encoding: "utf8" }).trim();
}
