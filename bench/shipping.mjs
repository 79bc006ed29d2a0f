// What users download and wait for: the npm package (packed and installed size, which is all a user
// installs: it has no dependencies), and, where a Docker engine answers, the image (size), `docker run`
// to the HEALTHCHECK's healthy and to the first 200 (against the `skymock start` process's spawn -> first
// 200, run right after each container: target within 1.5x; and against a bare node:http container on the
// same base, what the engine itself takes), and `docker stop`. The image is built from the
// repository's Dockerfile on NODE_IMAGE (SKYMOCK_BENCH_NODE_IMAGE, else the local stand-in that
// scripts/stand-in-node-image.sh makes, since the official image may be out of reach).

import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, spread, startEmulator, stopChild } from "./lib.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const sh = (cmd, args, options = {}) => execFileSync(cmd, args, { cwd: ROOT, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"], ...options }).trim();

export function measurePackage() {
  const dir = mkdtempSync(join(tmpdir(), "skymock-bench-pack-"));
  try {
    const [packed] = JSON.parse(sh("npm", ["pack", "--json", "--pack-destination", dir, "--loglevel=error"]));
    return { packedKiB: packed.size / 1024, installedKiB: packed.unpackedSize / 1024, files: packed.files.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureContainer({ runs = 3 } = {}) {
  const engine = spawnSync("docker", ["version", "--format", "{{.Server.Version}}"], { encoding: "utf8" });
  if (engine.status !== 0) return { skipped: "no Docker engine answers" };
  const version = engine.stdout.trim();
  const base = process.env.SKYMOCK_BENCH_NODE_IMAGE ?? sh("scripts/stand-in-node-image.sh", []);
  const dockerfile = dockerfileFor(version);
  const tag = "skymock:bench";
  sh("docker", ["build", "-q", "-f", "-", "--build-arg", `NODE_IMAGE=${base}`, "-t", tag, "."], { input: dockerfile });
  const imageMiB = Number(sh("docker", ["image", "inspect", "--format", "{{.Size}}", tag])) / 2 ** 20;
  const baseMiB = Number(sh("docker", ["image", "inspect", "--format", "{{.Size}}", base])) / 2 ** 20;

  const firstOk = [];
  const processOk = [];
  const bareOk = [];
  const healthy = [];
  const stop = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const id = sh("docker", ["run", "-d", "-p", "127.0.0.1::8480", tag]);
    try {
      const port = sh("docker", ["port", id, "8480/tcp"]).split("\n")[0].split(":").pop();
      // the first 200 of the path the process figure waits for, polled every 2 ms like it (no docker call between)
      let answered;
      while (answered === undefined && performance.now() - t0 < 60_000) {
        const ok = await fetch(`http://127.0.0.1:${port}/identity/v3`).then((r) => r.ok, () => false);
        if (ok) answered = performance.now() - t0;
        else await new Promise((r) => setTimeout(r, 2));
      }
      while (performance.now() - t0 < 60_000) {
        if (sh("docker", ["inspect", "--format", "{{.State.Health.Status}}", id]) === "healthy") break;
        await new Promise((r) => setTimeout(r, 50));
      }
      firstOk.push(answered ?? NaN);
      healthy.push(performance.now() - t0);
      const s0 = performance.now();
      sh("docker", ["stop", id]);
      stop.push(performance.now() - s0);
    } finally {
      spawnSync("docker", ["rm", "-f", id]);
    }
    // the same start as a process, right after: the round's baseline
    const { child, readyMs } = await startEmulator();
    processOk.push(readyMs);
    await stopChild(child);
    // and the engine's own floor: a bare node:http server in a container of the same base
    bareOk.push(await bareContainerFirstOk(base));
  }
  return {
    engine: version,
    startIntervalSupported: startIntervalSupported(version),
    base,
    imageMiB,
    appLayersMiB: imageMiB - baseMiB,
    firstOkMs: median(firstOk),
    processOkMs: median(processOk),
    bareContainerOkMs: median(bareOk),
    startRatio: spread(firstOk.map((ms, i) => ms / processOk[i])),
    healthyMs: median(healthy),
    stopMs: median(stop),
  };
}

/** docker run -> first 200 of the smallest node:http server on `base`: what the engine itself takes. */
async function bareContainerFirstOk(base) {
  const t0 = performance.now();
  const server = "require('node:http').createServer((q, r) => r.end('ok')).listen(8480)";
  const id = sh("docker", ["run", "-d", "-p", "127.0.0.1::8480", "--entrypoint", "node", base, "-e", server]);
  try {
    const port = sh("docker", ["port", id, "8480/tcp"]).split("\n")[0].split(":").pop();
    while (performance.now() - t0 < 60_000) {
      if (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)) return performance.now() - t0;
      await new Promise((r) => setTimeout(r, 2));
    }
    return NaN;
  } finally {
    spawnSync("docker", ["rm", "-f", id]);
  }
}

/** HEALTHCHECK --start-interval needs Docker Engine 25 or later. */
export function startIntervalSupported(version) {
  return Number(version.split(".")[0]) >= 25;
}

/** The repository's Dockerfile; for an engine older than 25, without the one flag it cannot parse. */
export function dockerfileFor(version) {
  const text = readFileSync(join(ROOT, "Dockerfile"), "utf8");
  return startIntervalSupported(version) ? text : text.replace(/ --start-interval=\S+/, "");
}
