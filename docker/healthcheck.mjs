// The image's HEALTHCHECK: 0 when /_emulator/health answers 200 on the address the emulator listens on.
// The emulator writes that address to SKYMOCK_URL_FILE once it listens, so `--port`, `-e SKYMOCK_PORT`
// and a config file's port all work; before that file exists, SKYMOCK_PORT (default 8480) is tried.
import { readFileSync } from "node:fs";

let base = `http://127.0.0.1:${process.env.SKYMOCK_PORT || 8480}`;
try {
  if (process.env.SKYMOCK_URL_FILE) base = readFileSync(process.env.SKYMOCK_URL_FILE, "utf8").trim() || base;
} catch {}
fetch(`${base}/_emulator/health`, { signal: AbortSignal.timeout(2500) }).then(
  (res) => process.exit(res.ok ? 0 : 1),
  () => process.exit(1),
);
