// Types for esbuild.mjs, as TypeScript code (the tests) uses it.
import type { BuildOptions } from 'esbuild';
/** esbuild's options for a node entry point; `testHooks` compiles the VS Code suites' hidden commands in. */
export declare function nodeBuildOptions(
  entry: string,
  outfile: string,
  options?: { production?: boolean; testHooks?: boolean },
): BuildOptions;
/** The node bundles' entries: [source, output]. */
export declare const nodeEntries: [string, string][];
/** The browser bundles' entries (webview and report scripts, the report's stylesheet): [source, output]. */
export declare const browserEntries: [string, string][];
