import { ensureDependencies, runTs } from "./bootstrap.mjs";

ensureDependencies();
runTs("scripts/compare-builds.ts", process.argv.slice(2));
