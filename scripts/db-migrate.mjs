import { ensureDependencies, runTs } from "./bootstrap.mjs";

ensureDependencies();
runTs("scripts/db-migrate.ts", process.argv.slice(2));
