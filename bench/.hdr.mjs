import { createEmulator } from "../dist/index.js";
const em = createEmulator({});
for (const [m, p] of [["GET", "/identity/v3"], ["GET", "/nope"], ["GET", "/identity/v3/auth/tokens"], ["PUT", "/identity/v3/auth/tokens"], ["GET", "/"], ["GET", "/identity/v3/users"]]) {
  const r = await em.app.request(p, { method: m });
  console.log(m, p, r.status, r.headers.get("x-openstack-request-id"), r.headers.get("content-type"));
}
console.log(em.kernel.requests.list().map(r => r.status + " " + r.requestId).join("\n"));
await em.close();
