// An `openstack` command for shell scripts (the README's walkthroughs) that runs the unmodified CLI in the
// long-lived runner (client-runner.ts) instead of starting Python and importing the client for each
// line: a small Node script, first on the script's PATH, sends its arguments, environment and working
// directory over a Unix socket, and prints the answer with the command's exit code. What the client does
// is the same entry point with the same inputs; SKYMOCK_CLI_PROCESS=1 keeps the real binary on PATH.

import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { runPythonCli } from "./openstack-cli.js";

export interface Forwarder {
  /** put it first on the script's PATH */
  binDir: string;
  /** the script's environment needs it */
  env: Record<string, string>;
  close(): void;
}

const SOCKET_VARIABLE = "SKYMOCK_OPENSTACK_SOCKET";

const shim = (node: string) => `#!${node}
const socket = require("node:net").connect(process.env.${SOCKET_VARIABLE});
const env = { ...process.env };
delete env.${SOCKET_VARIABLE};
socket.end(JSON.stringify({ args: process.argv.slice(2), env, cwd: process.cwd() }) + "\\n");
let answer = "";
socket.setEncoding("utf8");
socket.on("data", (chunk) => (answer += chunk));
socket.on("error", (error) => {
  process.stderr.write("openstack (forwarded): " + error.message + "\\n");
  process.exitCode = 1;
});
socket.on("end", () => {
  const result = JSON.parse(answer);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.code;
});
`;

/** Makes `dir`/.forward-bin/openstack and the socket it talks to; undefined when SKYMOCK_CLI_PROCESS=1. */
export async function forwardOpenstack(dir: string, timeout = 120_000): Promise<Forwarder | undefined> {
  if (process.env.SKYMOCK_CLI_PROCESS === "1") return undefined;
  const binDir = join(dir, ".forward-bin");
  const path = join(dir, ".openstack.sock");
  mkdirSync(binDir);
  writeFileSync(join(binDir, "openstack"), shim(process.execPath));
  chmodSync(join(binDir, "openstack"), 0o755);
  // half-open: the shim ends its side once it has sent the request, and still reads the answer
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    let request = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (request += chunk));
    socket.on("end", () => {
      const { args, env, cwd } = JSON.parse(request) as { args: string[]; env: Record<string, string>; cwd: string };
      void runPythonCli("openstack", "openstack", args, env, { cwd, timeout }).then((result) => socket.end(JSON.stringify(result)));
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return { binDir, env: { [SOCKET_VARIABLE]: path }, close: () => server.close() };
}
