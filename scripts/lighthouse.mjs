import { ensureDependencies, runTs } from "./bootstrap.mjs";

ensureDependencies();
runTs("scripts/lighthouse.ts", process.argv.slice(2));
