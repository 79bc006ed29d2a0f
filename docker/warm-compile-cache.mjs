// Image build step: starts the emulator once as a container start would (default world, a token issued
// and validated), so Node's compile cache (NODE_COMPILE_CACHE) holds the bundle's compiled code in the
// image: the container's first start is as fast as any later one.
import { createRequire, enableCompileCache, flushCompileCache } from "node:module";

enableCompileCache();
const { createEmulator } = createRequire(import.meta.url)("../dist/skymock.cjs");
const emulator = createEmulator({ port: 0 });
const url = await emulator.listen(0, "127.0.0.1");
const auth = {
  auth: {
    identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } },
    scope: { project: { name: "admin", domain: { name: "Default" } } },
  },
};
const health = await fetch(`${url}/_emulator/health`);
const issued = await fetch(`${url}/identity/v3/auth/tokens`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(auth) });
const token = issued.headers.get("x-subject-token") ?? "";
const validated = await fetch(`${url}/identity/v3/auth/tokens`, { headers: { "x-auth-token": token, "x-subject-token": token } });
if (health.status !== 200 || issued.status !== 201 || validated.status !== 200) {
  throw new Error(`compile cache warm-up: unexpected answers ${health.status} ${issued.status} ${validated.status}`);
}
await emulator.close();
flushCompileCache();
