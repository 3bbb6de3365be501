// Stands in for `virtual:react-router/server-build` in in-process tests: pages need the built Worker.
throw new Error("Pages are not served in-process: test them against the running Worker (tests/worker, tests/e2e)");
