// Generates COVERAGE.md, the table of implemented operations per service, from the services' own route
// tables, so it cannot drift from the code. `npm run coverage:update` rewrites it; a test checks it.

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createEmulator } from "../src/app.js";
import { routeTable } from "../src/kernel/http/service-app.js";
import { s3FeatureLines } from "../src/services/s3/features.js";

/** Per-service feature lists shown below the service's operations. */
const FEATURES: Record<string, () => string[]> = { s3: s3FeatureLines };

export function coverageTable(): string {
  const emulator = createEmulator({ frozenClock: true, randomSeed: 1 });
  const services = emulator.services;
  const lines = [
    "# Coverage: implemented operations per service",
    "",
    "Generated from the route tables by `npm run coverage:update`; `test/docs/coverage.test.ts` fails when",
    "this file and the code disagree. Policy: `public` needs no token, `authenticated` any valid token,",
    "`reader` a reader/member/admin role, `member` a member or admin role, `admin` the admin role; some",
    "operations also check ownership (the caller's own user or project).",
    "",
  ];
  for (const service of services) {
    const routes = routeTable(service.routes(emulator.kernel));
    lines.push(`## ${service.name} (\`${service.mountPath}\`)`, "", "| method | path | operation | policy |", "|---|---|---|---|");
    for (const r of routes) {
      const policy = r.policy ?? (r.method === "GET" ? "reader" : "member");
      lines.push(`| ${r.method} | \`${service.mountPath}${r.path === "/" ? "" : r.path}\` | ${r.operation} | ${policy} |`);
    }
    lines.push("", `${routes.length} operations.`, "");
    // the names a fault rule may aim at besides the routes' own (src/control/faults.ts)
    const variants = [...new Set(routes.filter((r) => r.variants).map((r) => `${r.operation}: ${r.variants!.names.map((n) => `\`${n}\``).join(", ")}`))];
    if (variants.length) lines.push("Fault rules may name each action or call below its route's operation:", "", ...variants.map((v) => `- ${v}`), "");
    const steps = service.stepOperations?.(emulator.kernel) ?? [];
    if (steps.length) lines.push(`Work no request carries, which fault rules reach by operation: ${steps.map((n) => `\`${n}\``).join(", ")}.`, "");
    lines.push(...(FEATURES[service.name]?.() ?? []));
  }
  lines.push(
    "## Not yet implemented",
    "",
    "Image: the image API 2.17 location calls (`POST`/`GET /v2/images/{id}/locations`) and the glance-download",
    "import method are not served; web-download and the legacy `POST /v2/tasks` import fetch only from loopback",
    "addresses, and that task is answered once its fetch ended (success or failure, not pending). Image locations follow show_multiple_locations on (tempest's manage_locations):",
    "`locations` is shown; a location is a loopback http(s) URL; the store's own location cannot be removed.",
    "Object storage: no extract-archive (bulk_upload), form POST, static web,",
    "container sync or symlinks, and /info does not claim them. S3: see its feature list above (bucket",
    "policies, versioning, bucket tagging, lifecycle, CORS, SSE-KMS/SSE-C answer NotImplemented). Compute attaches,",
    "detaches and swaps volumes (os-volume_attachments) and boots from them (block_device_mapping_v2), and",
    "from 2.85 updates an attachment's delete_on_termination.",
    "Compute: os-assisted-volume-snapshots is not served; the maximum microversion is 2.87 (without 2.81's",
    "image cache and 2.86's extra spec validation). Identity: OAuth1",
    "refuses a replayed nonce (Keystone accepts any) and an `oauth1` login signed by another consumer than the",
    "access token's; RSA signature methods never verify (Keystone keeps no RSA keys). Networking: DHCP agents",
    "are scheduled automatically, L3 agents are not; no `segment_id` on subnets.",
    "(`POST /instance-ha/v1/alertmanager` above is Alertmanager's webhook, not a Masakari API.)",
    "",
  );
  void emulator.close();
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL("../COVERAGE.md", import.meta.url), coverageTable());
  console.log("COVERAGE.md written");
}
