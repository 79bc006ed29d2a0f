#!/usr/bin/env node
// The `skymock` command: runs the built CLI bundle (npm run build makes dist/).
import { loadCli } from "./load-cli.js";

await loadCli().exports.main(process.argv.slice(2));
