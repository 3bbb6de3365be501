import { ensureDependencies, runTs } from "./bootstrap.mjs";

ensureDependencies();
runTs("scripts/db-seed.ts", process.argv.slice(2));
