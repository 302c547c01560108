// Types for build-suite.mjs, as TypeScript code (the benches) uses it.
import type { BuildResult } from 'esbuild';
/** Compiles entry points ({in, out}) into `outdir` for the extension host. */
export declare function buildForExtensionHost(entryPoints: Array<{ in: string; out: string }>, outdir: string): Promise<BuildResult>;
/** The report preload every run in VS Code needs, as an entry point. */
export declare const reportPreloadEntry: { in: string; out: string };
