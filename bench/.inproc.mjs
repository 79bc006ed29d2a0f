import { createEmulator } from "../dist/index.js";
const em = createEmulator({});
const r = await em.app.request("http://127.0.0.1:1/identity/v3/auth/tokens", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ auth: { identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } }, scope: { project: { name: "admin", domain: { name: "Default" } } } } }) });
const tok = r.headers.get("x-subject-token");
const h = { "X-Auth-Token": tok, "X-Subject-Token": tok, host: "127.0.0.1:1" };
const req = () => em.app.fetch(new Request("http://127.0.0.1:1/identity/v3/auth/tokens", { headers: h }));
for (let i = 0; i < 5000; i++) { const res = await req(); }
let t0 = performance.now(); const N = 30000;
for (let i = 0; i < N; i++) { const res = await req(); }
console.log("app.fetch incl Request construction µs/req", ((performance.now() - t0) * 1000 / N).toFixed(1));
const res = await req(); console.log(res.status, (await res.text()).length);
await em.close();
