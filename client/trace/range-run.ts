// Trace Block Range's run: the CLI's `trace range` core (core/range: the folder, its manifest and resume, each
// block read and traced, retries) run here in the extension host, with a progress notification whose Cancel
// stops it. Here, not in a spawned `evm-tracer`: the node's key or password (from SecretStorage) stays in this
// process's memory, never on a command line or in another process's environment, and Cancel is an AbortSignal
// to the requests in flight. The tracer runs on the chosen node, as every trace of the extension does: the
// built-in local node, or a remote node that runs JavaScript tracers.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { version } from '../../package.json';
import { numberAnswer } from '../../core/chain/number-answer';
import { blockLines } from '../../core/range/block-lines';
import { resolveRange, type TypedRange } from '../../core/range/block-range';
import type { Manifest, TracerIdentity } from '../../core/range/manifest';
import { lockFolder } from '../../core/range/folder-lock';
import { openRangeRun } from '../../core/range/range-run';
import { readManifestText } from '../../core/range/range-folder';
import { blockRetry, shownFailure, withRetries } from '../../core/range/retry';
import { runChunks } from '../../core/range/run-chunks';
import { createRpcClient } from '../../core/rpc/client';
import { displayUrl, endpointMasker } from '../../core/rpc/endpoint';
import { builtinTracerOfUri } from '../../core/trace/named-tracer';
import { prepareTracer, tracerOptionsObject } from '../../core/trace/requests';
import { config } from '../config';
import type { Ctx } from '../ctx';
import { tracerName } from './spec';

/** What Trace Block Range runs. */
export interface RangeRequest {
  nodeName: string;
  range: TypedRange;
  tracerUri: string;
  /** Raw tracerConfig JSON text. */
  tracerConfig?: string;
  /** The output folder (a file system path). */
  folder: string;
  chunkSize: number;
}

interface RangeOutcome {
  manifest: Manifest;
  /** Cancelled before every chunk had run: the same request again resumes. */
  stopped: boolean;
}

/** The tracer as sent (a built-in's name, or the file flattened at the node's level) and as the manifest names it. */
async function rangeTracer(request: RangeRequest, nodeName: string): Promise<{ code: string; identity: TracerIdentity }> {
  const builtin = builtinTracerOfUri(request.tracerUri);
  if (builtin !== undefined) return { code: builtin, identity: { name: builtin } };
  const source = (await vscode.workspace.openTextDocument(vscode.Uri.parse(request.tracerUri))).getText();
  const fileName = tracerName({ tracerUri: request.tracerUri });
  const { code } = prepareTracer(source, fileName, config.level(nodeName));
  return { code, identity: { file: fileName, sha256: createHash('sha256').update(source).digest('hex') } };
}

/** The folder refused for this run (core/range's words for the CLI's --out, said of the folder); `afresh`: starting
 * afresh there would do (it holds another run, or a manifest this version does not read). */
export class FolderRefused extends Error {
  constructor(
    message: string,
    readonly afresh: boolean,
  ) {
    super(message);
  }
}

function folderRefused(error: unknown, folder: string): unknown {
  const message = error instanceof Error ? error.message : '';
  if (!message.startsWith(`--out ${folder}`)) return error;
  const text = `The folder ${message.slice('--out '.length).replace(/: give another --out, or --overwrite to start afresh there$/, '')}`;
  return new FolderRefused(text, readManifestText(folder) !== undefined && !message.includes('not empty'));
}

/**
 * Runs `request` into its folder with progress and Cancel; `overwrite` starts afresh over another run there.
 * Throws when the run cannot begin (the folder holds another run, the node is unreachable, …).
 */
export async function runRange(ctx: Ctx, request: RangeRequest, overwrite: boolean): Promise<RangeOutcome> {
  const node = ctx.nodes.find(request.nodeName);
  if (!node) throw new Error(`No node named "${request.nodeName}": add it with "EVM Tracer: Add Node" or select another.`);
  const endpoint = await ctx.nodes.endpoint(node);
  const mask = endpointMasker(endpoint);
  const local = ctx.nodes.isLocal(node);
  const client = createRpcClient(endpoint, { log: (line) => ctx.log.trace(line) });
  const report = (line: string) => ctx.log.info(`Trace Block Range: ${mask(line)}`);
  let unlock: (() => Promise<void>) | undefined;
  try {
    const chainId = await numberAnswer(client, 'eth_chainId');
    const tracer = await rangeTracer(request, node.name);
    const tracerConfig = request.tracerConfig === undefined ? undefined : (JSON.parse(request.tracerConfig) as unknown);
    // One run at a time in a folder, as the CLI's (a terminal's trace range into the same folder is refused).
    unlock = await lockFolder(request.folder);
    const manifest = await openRangeRun({
      folder: request.folder,
      overwrite,
      tool: { name: 'evm-tracer-studio', version },
      identity: {
        range: request.range,
        chunkSize: request.chunkSize,
        fileFormat: 'jsonl',
        // As the CLI names them: the local node runs the tracer here; any other node runs it itself.
        on: local ? 'local' : 'node',
        node: { url: local ? 'local' : displayUrl(endpoint), chainId },
        tracer: tracer.identity,
        config: tracerConfig ?? null,
        target: null,
      },
      resolve: async (range) => resolveRange(range, await numberAnswer(client, 'eth_blockNumber')),
      report,
    }).catch((error: unknown) => {
      throw folderRefused(error, request.folder);
    });
    const timeoutSeconds = config.traceTimeoutSeconds();
    const blockOptions = {
      traceConfig: tracerOptionsObject({ tracer: tracer.code, tracerConfig, timeout: `${timeoutSeconds}s` }),
      perTransactionMs: timeoutSeconds * 1000,
      holdsSecret: (text: string) => mask(text) !== text,
    };
    const pending = manifest.chunks.filter((chunk) => chunk.state !== 'done');
    const blocks = pending.reduce((sum, chunk) => sum + chunk.to - chunk.from + 1, 0);
    const { from, to } = manifest.range;
    const stopped = await ctx.traces.cancellable((controller) =>
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `EVM Tracer: blocks ${from}..${to} on ${node.name}`, cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => controller.abort());
          let traced = 0;
          let transactions = 0;
          const outcome = await runChunks({
            folder: request.folder,
            manifest,
            jobs: 1,
            signal: controller.signal,
            report,
            chunkDone: report,
            shown: shownFailure(mask),
            traceBlock: async (number, signal) => {
              const lines = await withRetries(() => blockLines(client, number, { ...blockOptions, signal }), { ...blockRetry, signal });
              traced++;
              transactions += lines.transactions;
              progress.report({
                increment: 100 / blocks,
                message: `block ${number} · ${traced} of ${blocks} blocks · ${transactions} transactions`,
              });
              return lines;
            },
          });
          return outcome.stopped;
        },
      ),
    );
    return { manifest, stopped };
  } finally {
    await client.close();
    await unlock?.();
  }
}
