// Constants esbuild.mjs defines at build time (see its `define`).

/** True only in a test build (esbuild.mjs --test-hooks): the VS Code suites' hidden commands are in it. */
declare const EVM_TRACER_TEST_HOOKS: boolean;
