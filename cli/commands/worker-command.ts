// `evm-tracer worker`: one machine's share of a fleet run (`trace range --queue`). It reads the run from the
// manifest in its own --out folder (the run's folder, shared by every machine), checks that it is the run's
// version, tracer and node, then takes the run's chunks from Redis and traces them as a local run does, until
// stopped. The node and its credentials are this worker's own (--node, --key-env, a configured node): a job
// names the node only by its masked URL and chain id, which must be this worker's.
import { version } from '../../package.json';
import { queueName, runHash } from '../../core/range/fleet/run-queue';
import { parseManifest } from '../../core/range/manifest';
import { readManifestText } from '../../core/range/range-folder';
import { displayUrl, endpointMasker, type Endpoint } from '../../core/rpc/endpoint';
import { parseDuration } from '../../core/trace/duration';
import { commandWithNode } from '../command-with-node';
import { expectPositionals, UsageError } from '../command-line';
import { commandEcmaLevel, ecmaOption } from '../ecma-option';
import { stopOnSignals } from '../node-selection';
import { queueAddress, queueOption } from '../queue-option';
import { numberAnswer } from '../../core/chain/number-answer';
import { count, defaultTimeoutMs, openBlockTracing } from '../range-tracing';
import { shownFailure } from '../../core/range/retry';
import { readTracer, tracerIdentity, tracerOption } from '../trace-options';

export const workerCommand = commandWithNode({
  name: 'worker',
  summary: "take a fleet run's chunks (trace range --queue) from Redis and trace them into its folder",
  synopsis: ['--queue redis://HOST:PORT --out DIR --tracer FILE|NAME --node URL|NAME [--jobs N] [options]'],
  description: `Serves the range run whose folder is DIR (submitted with trace range --queue; DIR is the
same folder on a file system every machine reaches): takes its chunks from the queue, --jobs at
once, traces them as trace range does (on a local fork of --node, or on the node with the run's
--on node) and writes each chunk file into DIR, whole or not at all. Runs until stopped: SIGTERM
or Ctrl-C finishes the chunks under way and ends with status 0; a second signal ends it at once
(its chunks go to other workers). --tracer must be the run's tracer (the same name, or a file of
the same text), --node the run's node (the same masked URL and chain id), and this evm-tracer
the version that submitted the run; otherwise the worker refuses, says why, and ends with 1.`,
  options: {
    queue: queueOption,
    out: { type: 'string', value: 'DIR', help: "the run's folder (with its manifest.json), shared by every machine" },
    tracer: tracerOption,
    ecma: ecmaOption,
    jobs: { type: 'string', value: 'N', help: 'chunks traced at once (default 1)' },
    timeout: { type: 'string', value: 'DURATION', help: "each transaction's tracing time-out, e.g. 5s (geth's default)" },
  },
  prepare({ values, positionals }) {
    expectPositionals(positionals, 0);
    if (values.queue === undefined) throw new UsageError('--queue redis://HOST:PORT is required: the Redis the run was submitted to');
    if (values.out === undefined) throw new UsageError("--out DIR is required: the run's folder");
    if (values.tracer === undefined) throw new UsageError("--tracer FILE|NAME is required: the run's tracer");
    let perTransactionMs = defaultTimeoutMs;
    try {
      if (values.timeout !== undefined) perTransactionMs = parseDuration(values.timeout);
    } catch (error) {
      throw new UsageError(`--timeout: ${(error as Error).message}`);
    }
    const chosen = readTracer(values.tracer, () => commandEcmaLevel(values));
    return {
      queue: queueAddress(values.queue),
      out: values.out,
      jobs: count(values.jobs, '--jobs', 1, 64),
      tracer: chosen.tracer,
      identity: tracerIdentity(chosen, values.tracer),
      perTransactionMs,
    };
  },
  localNode: () => ({ ownSignals: true }),
  async run(session, prepared, { values }) {
    const { endpoint } = session;
    if (session.local) throw new UsageError("a worker needs --node: the run's node, reached with this machine's own credentials");
    const stop = stopOnSignals();
    const mask = endpointMasker(endpoint);
    const report = (line: string) => process.stderr.write(`${mask(line)}\n`);
    let closeTracing = async () => {};
    let closeGate = async () => {};
    let gateEndpoint: Endpoint | undefined;
    try {
      const text = readManifestText(prepared.out);
      if (text === undefined) throw new Error(`--out ${prepared.out} holds no manifest.json: submit the run first (trace range --queue)`);
      const manifest = parseManifest(text);
      const refuse = (why: string) => new Error(`refusing the run in ${prepared.out}: ${why}`);
      if (manifest.tool.version !== version)
        throw refuse(`it was submitted by evm-tracer ${manifest.tool.version}, this worker is ${version}: run workers of that version`);
      const ours = prepared.identity;
      const theirs = manifest.tracer;
      if ('name' in theirs ? !('name' in ours) || ours.name !== theirs.name : !('sha256' in ours) || ours.sha256 !== theirs.sha256)
        throw refuse(
          `its tracer is ${'name' in theirs ? theirs.name : `${theirs.file} (sha256 ${theirs.sha256.slice(0, 12)}…)`}, ` +
            `--tracer is ${'name' in ours ? ours.name : `${ours.file} (sha256 ${ours.sha256.slice(0, 12)}…)`}`,
        );
      if (displayUrl(endpoint) !== manifest.node.url) throw refuse(`its node is ${manifest.node.url}, --node is ${displayUrl(endpoint)}`);
      const node = session.client();
      const chainId = await numberAnswer(node, 'eth_chainId');
      if (chainId !== manifest.node.chainId) throw refuse(`its chain id is ${manifest.node.chainId}, the node's is ${chainId}`);
      // When the run limits its upstream requests, this worker's go through a gate that keeps the fleet's limit.
      const { sharedRate } = await import('../../core/range/fleet/shared-rate');
      const rate = await sharedRate(prepared.queue.connection, queueName(runHash(manifest)));
      if (rate) {
        const { startRequestGate } = await import('../../core/range/fleet/request-gate');
        const gate = await startRequestGate(endpoint, rate);
        closeGate = async () => (await gate.close(), rate.close());
        gateEndpoint = gate.endpoint;
      }
      const tracing = await openBlockTracing({
        gate: gateEndpoint,
        endpoint,
        onNode: manifest.on === 'node',
        node,
        tracer: prepared.tracer.code,
        config: manifest.config,
        target: manifest.target,
        timeout: values.timeout,
        perTransactionMs: prepared.perTransactionMs,
        maxResponse: values['max-response'],
      });
      closeTracing = tracing.close;
      const { serveRun } = await import('../../core/range/fleet/chunk-worker');
      const refused = await serveRun({
        queue: prepared.queue,
        folder: prepared.out,
        manifest,
        version,
        jobs: prepared.jobs,
        traceBlock: tracing.traceBlock,
        shown: shownFailure(mask),
        signal: stop.signal,
        report,
      });
      if (refused === undefined) return 0;
      report(`evm-tracer: ${refused}`);
      return 1;
    } finally {
      stop.dispose();
      await closeTracing();
      await closeGate();
    }
  },
});
