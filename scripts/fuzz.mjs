import { ensureDependencies, runTs } from "./bootstrap.mjs";

ensureDependencies();
runTs("scripts/fuzz.ts", process.argv.slice(2));
