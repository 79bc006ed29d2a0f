// Build step after bundling: runs the CLI bundle's start once (the default world, a free port, a token
// issued and validated as a suite's first calls would) and saves V8's code cache of every function
// compiled by then, for bin/load-cli.js to start from.

import { loadCli } from "../bin/load-cli.js";

const cli = loadCli({ useCache: false });
const emulator = await cli.exports.startServer({ port: 0, host: "127.0.0.1", quiet: true }, () => {});
const auth = {
  auth: {
    identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } },
    scope: { project: { name: "admin", domain: { name: "Default" } } },
  },
};
const discovery = await fetch(`${emulator.url}/identity/v3`);
await discovery.arrayBuffer();
const issued = await fetch(`${emulator.url}/identity/v3/auth/tokens`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(auth) });
await issued.arrayBuffer();
const token = issued.headers.get("x-subject-token");
const validated = await fetch(`${emulator.url}/identity/v3/auth/tokens`, { headers: { "x-auth-token": token, "x-subject-token": token } });
await validated.arrayBuffer();
if (discovery.status !== 200 || issued.status !== 201 || validated.status !== 200) {
  throw new Error(`code cache run: unexpected answers ${discovery.status} ${issued.status} ${validated.status}`);
}
cli.saveCodeCache();
await emulator.close();
process.exit(0);
