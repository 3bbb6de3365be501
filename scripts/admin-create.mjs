import { ensureDependencies, runTs } from "./bootstrap.mjs";

ensureDependencies();
runTs("scripts/admin-create.ts", process.argv.slice(2));
