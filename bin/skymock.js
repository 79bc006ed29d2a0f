#!/usr/bin/env node
// The `skymock` command: runs the built bundle (npm run build makes dist/).
import { main } from "../dist/cli.js";
await main(process.argv.slice(2));
