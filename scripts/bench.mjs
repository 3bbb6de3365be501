import { ensureDependencies, runTs } from "./bootstrap.mjs";

ensureDependencies();
runTs("scripts/bench.ts", process.argv.slice(2));
