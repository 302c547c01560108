// Bundles every entry point: the extension, the language server, the CLI and the runtime's trace worker.
// One file each, so nothing is resolved from node_modules at run time (VS Code ships no node_modules).
import * as esbuild from 'esbuild';
import { ethereumjsPatches } from './build/ethereumjs-patches.mjs';
import { tracerRealm } from './build/tracer-realm.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Node entries: [source, output]. */
export const nodeEntries = [
  ['client/extension.ts', 'dist/extension.js'],
  // The extension loads it just after activation (most of its code is the LSP client library).
  ['client/language-client.ts', 'dist/language-client.js'],
  ['server/main.ts', 'dist/server.js'],
  ['cli/main.ts', 'dist/cli.js'],
  ['runtime/trace/worker.ts', 'dist/trace-worker.js'],
];

const common = {
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
};

/** Browser entries (webview scripts): [source, output]. */
export const browserEntries = [
  ['client/webview/browser/main.ts', 'dist/webview.js'],
  // The HTML report's script and stylesheet, inlined into each report file (and the stylesheet used by the panel).
  ['report/browser/standalone.ts', 'dist/report.js'],
  ['report/browser/report.css', 'dist/report.css'],
];

const contexts = await Promise.all([
  ...nodeEntries.map(([entry, outfile]) =>
    esbuild.context({
      ...common,
      entryPoints: [entry],
      outfile,
      banner: outfile === 'dist/cli.js' ? { js: '#!/usr/bin/env node' } : undefined,
    }),
  ),
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

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
