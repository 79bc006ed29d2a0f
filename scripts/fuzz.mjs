// `npm run fuzz -- --seed N --minutes M`: the long fuzz run, the generators and checks of the bounded test
// (test/fuzz/) for as long as asked. It runs test/fuzz/run-long.ts under tsx (the test helpers are
// TypeScript, not part of the build); options pass through: --seed, --minutes, --runs, --route, --path,
// --keep-going.

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
const result = spawnSync(tsx, ["test/fuzz/run-long.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
