// Bundles every entry point: the extension, the language server, the CLI and the runtime's trace worker.
// One file each, so nothing is resolved from node_modules at run time (VS Code ships no node_modules).
// --test-hooks compiles the VS Code suites' hidden commands (client/commands/test-hooks.ts) into the
// extension: test/e2e builds so; the packaged (--production) extension never holds them.
import * as esbuild from 'esbuild';
import { pathToFileURL } from 'node:url';
import { ethereumjsPatches } from './build/ethereumjs-patches.mjs';
import { tracerRealm } from './build/tracer-realm.mjs';

/** Node entries: [source, output]. */
export const nodeEntries = [
  ['client/extension.ts', 'dist/extension.js'],
  // The extension loads it just after activation (most of its code is the LSP client library).
  ['client/language-client.ts', 'dist/language-client.js'],
  ['server/main.ts', 'dist/server.js'],
  ['cli/main.ts', 'dist/cli.js'],
  ['runtime/trace/worker.ts', 'dist/trace-worker.js'],
];

/** esbuild's options for the node entry `entry` → `outfile`. */
export function nodeBuildOptions(entry, outfile, { production = false, testHooks = false } = {}) {
  if (production && testHooks) throw new Error('esbuild.mjs: --test-hooks is for test builds, not with --production');
  return {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    sourcemap: !production,
    minify: production,
    keepNames: true,
    logLevel: 'warning',
    plugins: [ethereumjsPatches, tracerRealm],
    // A constant, so that without test hooks their branch, and their module, are left out of the bundle.
    define: { EVM_TRACER_TEST_HOOKS: String(testHooks) },
    entryPoints: [entry],
    outfile,
    banner: outfile === 'dist/cli.js' ? { js: '#!/usr/bin/env node' } : undefined,
  };
}

/** Browser entries (webview scripts): [source, output]. */
export const browserEntries = [
  ['client/webview/browser/main.ts', 'dist/webview.js'],
  // The range view's script (Trace Block Range…).
  ['client/webview/browser/range-view.ts', 'dist/range-view.js'],
  // The HTML report's script and stylesheet, inlined into each report file (and the stylesheet used by the panel).
  ['report/browser/standalone.ts', 'dist/report.js'],
  ['report/browser/report.css', 'dist/report.css'],
];

async function buildAll(args) {
  const production = args.includes('--production');
  const testHooks = args.includes('--test-hooks');
  const contexts = await Promise.all([
    ...nodeEntries.map(([entry, outfile]) => esbuild.context(nodeBuildOptions(entry, outfile, { production, testHooks }))),
    ...browserEntries.map(([entry, outfile]) =>
      esbuild.context({
        bundle: true,
        platform: 'browser',
        format: 'iife',
        target: 'chrome114',
        sourcemap: !production,
        minify: production,
        logLevel: 'warning',
        entryPoints: [entry],
        outfile,
      }),
    ),
  ]);
  if (args.includes('--watch')) {
    await Promise.all(contexts.map((c) => c.watch()));
  } else {
    await Promise.all(contexts.map((c) => c.rebuild()));
    await Promise.all(contexts.map((c) => c.dispose()));
  }
}

// Run, it builds; imported (by a test), it only lends its options (no top-level await: tsx loads it as CommonJS).
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildAll(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
