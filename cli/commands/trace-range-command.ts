// `evm-tracer trace range FROM..TO --out DIR`: a tracer over every transaction of a block range, into a folder
// of JSON Lines files, one per chunk of blocks, and a manifest; the same command again resumes. On a remote
// node the tracer runs here by default, in a local fork node of it (one for the whole run: its fork cache and
// prefetching serve every block), or with --on node on the node itself; on the local node, there.
import { version } from '../../package.json';
import { parseBlockRange, resolveRange, type TypedRange } from '../../core/range/block-range';
import { readBlockList } from '../../core/range/block-list';
import { blockCount, chunkFormats, type ChunkFormat } from '../../core/range/chunk-plan';
import type { QueueAddress } from '../../core/range/fleet/queue-url';
import type { Manifest, TracerIdentity } from '../../core/range/manifest';
import { lockFolder } from '../../core/range/folder-lock';
import { openRangeRun } from '../../core/range/range-run';
import { plural, runChunks } from '../../core/range/run-chunks';
import { aroundRequests, RequestPacer, type PaceLimits } from '../../core/rpc/request-pacer';
import { displayUrl, endpointMasker } from '../../core/rpc/endpoint';
import { parseDuration } from '../../core/trace/duration';
import type { SendableTracer } from '../../core/trace/requests';
import { commandWithNode } from '../command-with-node';
import { expectPositionals, UsageError } from '../command-line';
import { commandEcmaLevel, ecmaOption } from '../ecma-option';
import { stopOnSignals } from '../node-selection';
import { queueAddress, queueOption } from '../queue-option';
import { rangeProgress } from '../range-progress';
import { numberAnswer } from '../../core/chain/number-answer';
import { count, defaultTimeoutMs, openBlockTracing } from '../range-tracing';
import { shownFailure } from '../../core/range/retry';
import { checkTargetOption, jsonArgument, readTracer, targetOption, tracerIdentity, tracerOption } from '../trace-options';

interface Prepared {
  range: TypedRange;
  out: string;
  chunkSize: number;
  fileFormat: ChunkFormat;
  jobs: number;
  on: 'local' | 'node';
  tracer: SendableTracer;
  identity: TracerIdentity;
  config: unknown;
  perTransactionMs: number;
  /** Limits on this process's requests to the node (and its local fork node's). */
  pace: PaceLimits;
  /** --queue: the chunks go to a fleet's workers, --max-requests-per-second their limit together. */
  queue?: QueueAddress;
}

/** The last line: what was traced, what failed, or where the run stopped; and the exit status. */
function summary(manifest: Manifest, folder: string, stoppedStatus: number | undefined): number {
  const done = manifest.chunks.filter((chunk) => chunk.state === 'done');
  const failed = manifest.chunks.filter((chunk) => chunk.state === 'failed');
  const { from, to, blocks, text } = manifest.range;
  const total = `${done.length} of ${plural(manifest.chunks.length, 'chunk')} done`;
  if (stoppedStatus !== undefined) {
    process.stderr.write(`evm-tracer: stopped: ${total}; run the same command again to resume\n`);
    return stoppedStatus;
  }
  if (failed.length > 0) {
    const first = failed[0];
    process.stderr.write(
      `evm-tracer: ${failed.length} of ${plural(manifest.chunks.length, 'chunk')} failed (first: blocks ${first.from}..${first.to}: ${first.reason}); ` +
        `the others are in ${folder}; run the same command again to retry the failed ones\n`,
    );
    return 1;
  }
  const transactions = done.reduce((sum, chunk) => sum + chunk.transactions, 0);
  const errors = done.reduce((sum, chunk) => sum + chunk.errors, 0);
  process.stderr.write(
    `evm-tracer: ${blocks ? text : `blocks ${from}..${to}`}: ${plural(transactions, 'transaction')} (${plural(errors, 'error')}) in ${folder}, ${total}\n`,
  );
  return 0;
}

export const traceRangeCommand = commandWithNode({
  name: 'trace range',
  summary: 'run a tracer over every transaction of a block range, into a folder of JSON Lines or Parquet files',
  synopsis: [
    'FROM..TO|--blocks FILE --out DIR --tracer FILE|NAME [--config JSON] [--format jsonl|parquet]',
    '         [--chunk-size N] [--jobs N] [--on local|node] [--overwrite] [--queue redis://HOST:PORT] [options]',
  ],
  description: `Traces every transaction of blocks FROM..TO (each a block number, latest or latest-N), or of
the blocks listed in --blocks FILE, as geth's debug_traceBlockByNumber does, into DIR: one JSON
Lines file per chunk of blocks, one line per transaction ({"blockNumber", "blockHash", "txIndex",
"txHash", "result" | "error"}), or with --format parquet one Parquet file per chunk (columns
block_number, block_hash, tx_index, tx_hash, result as JSON text, error), each file written whole
or not at all, and manifest.json (the run, each chunk's state and counts). The same command again
resumes: finished chunks are kept, the rest are traced; one run at a time uses a folder. A
transaction whose tracer fails is its error line; a chunk that still fails after retries is
recorded with its reason, and the command ends with status 1. Ctrl-C stops; the folder resumes.
Progress on stderr: one line redrawn on a terminal, else one line per chunk. With --queue the
chunks become jobs on Redis for \`evm-tracer worker\` processes on any machine (DIR a folder they
all reach); the command follows them and writes the manifest.`,
  options: {
    tracer: tracerOption,
    config: { type: 'string', value: 'JSON', help: 'tracerConfig passed to setup(config): JSON text or a JSON file' },
    ecma: ecmaOption,
    blocks: {
      type: 'string',
      value: 'FILE',
      help: 'the blocks to trace instead of FROM..TO: one block number or range a..b a line, # comments',
    },
    out: { type: 'string', value: 'DIR', help: 'the folder of results: new or empty, or one of this run to resume' },
    format: { type: 'string', value: 'jsonl|parquet', help: 'the chunk files: JSON Lines (default) or Parquet' },
    'chunk-size': { type: 'string', value: 'N', help: 'blocks per file (default 100)' },
    jobs: { type: 'string', value: 'N', help: 'chunks traced at once (default 1)' },
    on: {
      type: 'string',
      value: 'local|node',
      help: `where the tracer runs: local (default), this project's runtime, on a local fork of
--node (which then only serves blocks and state); node, the node itself`,
    },
    'max-requests-per-second': {
      type: 'string',
      value: 'N',
      help: `send --node at most N requests a second (evenly spaced), retries and the local fork
node's reads included; with --queue, all workers' requests together`,
    },
    'max-concurrent-requests': { type: 'string', value: 'N', help: 'at most N requests to --node under way at once' },
    overwrite: { type: 'boolean', help: 'start afresh in a folder that holds another run (its chunk files are removed)' },
    timeout: { type: 'string', value: 'DURATION', help: "each transaction's tracing time-out, e.g. 5s (geth's default)" },
    target: targetOption,
    queue: queueOption,
  },
  prepare({ values, positionals }): Prepared {
    expectPositionals(positionals, 1);
    if ((positionals[0] === undefined) === (values.blocks === undefined))
      throw new UsageError('trace range needs FROM..TO or --blocks FILE (one of the two)');
    let range: TypedRange;
    try {
      range = values.blocks === undefined ? parseBlockRange(positionals[0]) : readBlockList(values.blocks);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (values.out === undefined) throw new UsageError('--out DIR is required: the folder the results go to');
    if (values.tracer === undefined) throw new UsageError('--tracer FILE|NAME is required');
    const fileFormat = (values.format ?? 'jsonl') as ChunkFormat;
    if (!chunkFormats.includes(fileFormat)) throw new UsageError(`--format must be jsonl or parquet (got '${values.format}')`);
    const on = values.on ?? 'local';
    if (on !== 'local' && on !== 'node') throw new UsageError(`--on must be local or node (got '${on}')`);
    checkTargetOption(values.target);
    let perTransactionMs = defaultTimeoutMs;
    try {
      if (values.timeout !== undefined) perTransactionMs = parseDuration(values.timeout);
    } catch (error) {
      throw new UsageError(`--timeout: ${(error as Error).message}`);
    }
    const config = values.config === undefined ? null : jsonArgument(values.config, '--config');
    const optional = (name: 'max-requests-per-second' | 'max-concurrent-requests', most: number) =>
      values[name] === undefined ? undefined : count(values[name], `--${name}`, 0, most);
    const queue = values.queue === undefined ? undefined : queueAddress(values.queue);
    if (queue && values.jobs !== undefined)
      throw new UsageError('--jobs with --queue: each worker takes its own (evm-tracer worker --jobs N)');
    if (queue && values['max-concurrent-requests'] !== undefined)
      throw new UsageError('--max-concurrent-requests is per process: with --queue only --max-requests-per-second holds for the fleet');
    const chosen = readTracer(values.tracer, () => commandEcmaLevel(values));
    return {
      range,
      out: values.out,
      chunkSize: count(values['chunk-size'], '--chunk-size', 100, 1_000_000),
      fileFormat,
      jobs: count(values.jobs, '--jobs', 1, 64),
      on,
      tracer: chosen.tracer,
      identity: tracerIdentity(chosen, values.tracer),
      config,
      perTransactionMs,
      pace: { perSecond: optional('max-requests-per-second', 100_000), concurrent: optional('max-concurrent-requests', 1000) },
      queue,
    };
  },
  localNode: () => ({ ownSignals: true }),
  async run(session, prepared, { values }) {
    const { endpoint } = session;
    const stop = stopOnSignals();
    const mask = endpointMasker(endpoint);
    const report = (line: string) => process.stderr.write(`${mask(line)}\n`);
    let closeTracing = async () => {};
    /** The progress line left as it is, should the run end in an error. */
    let endProgress: (() => void) | undefined;
    let unlock: (() => Promise<void>) | undefined;
    try {
      if (prepared.queue && session.local)
        throw new UsageError("--queue needs --node: every worker traces on a node it reaches, not on this command's local node");
      // With --queue the workers keep the fleet's limit; this command only submits and follows.
      const pace = prepared.queue ? {} : prepared.pace;
      const pacer = (pace.perSecond !== undefined || pace.concurrent !== undefined) && new RequestPacer(pace);
      // Requests to the node: this command's own, and its local fork node's (as it reports them).
      let requests = 0;
      let forkRequests = 0;
      const node = aroundRequests(session.client(), (send) => (requests++, pacer ? pacer.run(send) : send()));
      const chainId = await numberAnswer(node, 'eth_chainId');
      if (endpoint.expectedChainId !== undefined && chainId !== endpoint.expectedChainId)
        throw new Error(`the node's chain id is ${chainId}, not ${endpoint.expectedChainId} as --network expects`);
      unlock = await lockFolder(prepared.out);
      const manifest = await openRangeRun({
        folder: prepared.out,
        overwrite: values.overwrite === true,
        tool: { name: 'evm-tracer', version },
        identity: {
          range: prepared.range,
          chunkSize: prepared.chunkSize,
          fileFormat: prepared.fileFormat,
          on: prepared.on,
          node: { url: session.local ? 'local' : displayUrl(endpoint), chainId },
          tracer: prepared.identity,
          config: prepared.config,
          target: values.target ?? null,
        },
        resolve: async (range) => resolveRange(range, await numberAnswer(node, 'eth_blockNumber')),
        report,
      });
      if (prepared.queue) {
        const { followRun } = await import('../../core/range/fleet/follow-run');
        const outcome = await followRun({
          queue: prepared.queue,
          maxRequestsPerSecond: prepared.pace.perSecond,
          folder: prepared.out,
          manifest,
          signal: stop.signal,
          report,
        });
        return summary(manifest, prepared.out, outcome.stopped ? stop.status() : undefined);
      }
      const done = manifest.chunks.flatMap((chunk) => (chunk.state === 'done' ? [chunk] : []));
      const progress = rangeProgress(
        process.stderr,
        {
          blocks: done.reduce((sum, chunk) => sum + chunk.blocks, 0),
          totalBlocks: blockCount(manifest.range),
          transactions: done.reduce((sum, chunk) => sum + chunk.transactions, 0),
          errors: done.reduce((sum, chunk) => sum + chunk.errors, 0),
        },
        () => requests + forkRequests,
      );
      endProgress = () => progress.end();
      const tracing = manifest.chunks.every((chunk) => chunk.state === 'done')
        ? undefined
        : await openBlockTracing({
            endpoint,
            onNode: prepared.on === 'node' || session.local,
            node,
            tracer: prepared.tracer.code,
            config: prepared.config,
            target: values.target ?? null,
            timeout: values.timeout,
            perTransactionMs: prepared.perTransactionMs,
            maxResponse: values['max-response'],
            pace,
            forkOutput: {
              note: (line) => progress.note(line),
              ...(process.stderr.isTTY && { onRoundTrips: (count: number) => (forkRequests = count) }),
            },
          });
      if (tracing) closeTracing = tracing.close;
      const outcome = await runChunks({
        folder: prepared.out,
        manifest,
        jobs: prepared.jobs,
        signal: stop.signal,
        report: (line) => progress.note(mask(line), true),
        chunkDone: (line) => progress.chunkDone(mask(line)),
        shown: shownFailure(mask),
        traceBlock: async (number, signal) => {
          const lines = await tracing!.traceBlock(number, signal);
          progress.block(lines);
          return lines;
        },
      });
      progress.end();
      return summary(manifest, prepared.out, outcome.stopped ? stop.status() : undefined);
    } finally {
      endProgress?.();
      stop.dispose();
      await closeTracing();
      await unlock?.();
    }
  },
});
