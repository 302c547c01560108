// Types for build-suite.mjs, as TypeScript code (the benches) uses it.
import type { Plugin } from 'esbuild';
/** Resolves `mocha` to the copy @vscode/test-cli's runner loads. */
export declare const runnersMocha: Plugin;
/** Compiles the in-VS Code suites and the report preload into dist/test/e2e/. */
export declare function buildSuite(): Promise<void>;
