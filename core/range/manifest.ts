// manifest.json of a range run: what the run is (range, tracer and its sha256, config, node with its URL
// masked, chain id) and each chunk's state and counts. A resumed run must be the same run: any other tracer,
// config, node or range in the folder is named and refused. The file is read as input (the folder may be
// shared): every member is checked, and its chunks must be the ones its range and chunk size plan.
import { isRecord } from '../chain/shapes';
import { printable } from '../rpc/shown-text';
import type { BlockRange, BlockRuns } from './block-range';
import { chunkFormats, planChunks, type ChunkFormat, type PlannedChunk } from './chunk-plan';

const format = 'evm-tracer trace range 1';

export type TracerIdentity = { name: string } | { file: string; sha256: string };

/** What a run is: a folder holds the results of one. */
export interface RunIdentity {
  /** The range in one spelling, and the blocks it stood for when the run began (`latest` is not asked again). */
  range: BlockRange & { text: string };
  chunkSize: number;
  /** The chunk files' format (--format). */
  fileFormat: ChunkFormat;
  /** Where the tracer runs: this project's runtime (`local`) or the node itself. */
  on: 'local' | 'node';
  /** The URL masked (`https://host/****`), or `local` for the local node started for the command. */
  node: { url: string; chainId: number };
  tracer: TracerIdentity;
  /** The tracerConfig as sent, or null. */
  config: unknown;
  /** --target, or null. */
  target: string | null;
}

export interface ChunkCounts {
  blocks: number;
  transactions: number;
  /** Transactions whose entry is an error. */
  errors: number;
  bytes: number;
  sha256: string;
}

type ChunkRecord = PlannedChunk & ({ state: 'pending' } | ({ state: 'done' } & ChunkCounts) | { state: 'failed'; reason: string });

export interface Manifest extends RunIdentity {
  format: typeof format;
  tool: { name: string; version: string };
  chunks: ChunkRecord[];
}

export function newManifest(identity: RunIdentity, tool: Manifest['tool']): Manifest {
  const { range, chunkSize, fileFormat, on, node, tracer, config, target } = identity;
  const chunks = planChunks(range, chunkSize, fileFormat).map((chunk): ChunkRecord => ({ ...chunk, state: 'pending' }));
  return { format, tool, range, chunkSize, fileFormat, on, node, tracer, config, target, chunks };
}

/** The manifest's text: one member per line at the top, so a person can read it; the same for the same state. */
export function manifestText(manifest: Manifest): string {
  const { chunks, ...head } = manifest;
  const members = Object.entries(head).map(([name, value]) => `  ${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  return `{\n${members.join(',\n')},\n  "chunks": [\n${chunks.map((chunk) => `    ${JSON.stringify(chunk)}`).join(',\n')}\n  ]\n}\n`;
}

const canonical = (value: unknown) => JSON.stringify(value ?? null);

/** A tracer is the same by its name, or by its file's text (wherever the file is now). */
const tracerText = (tracer: TracerIdentity) => ('name' in tracer ? tracer.name : `${tracer.file} (sha256 ${tracer.sha256.slice(0, 12)}…)`);
const tracerKey = (tracer: TracerIdentity) => ('name' in tracer ? tracer.name : tracer.sha256);

/** What differs between the run in the folder and this one, in words; undefined when it is the same run. */
export function otherRun(found: RunIdentity, wanted: RunIdentity): string | undefined {
  const aspects: Array<[string, (run: RunIdentity) => unknown, (run: RunIdentity) => string]> = [
    ['tracer', (run) => tracerKey(run.tracer), (run) => tracerText(run.tracer)],
    ['tracer config', (run) => canonical(run.config), (run) => canonical(run.config)],
    ['node', (run) => run.node.url, (run) => run.node.url],
    ['chain id', (run) => run.node.chainId, (run) => String(run.node.chainId)],
    ['range', (run) => run.range.text, (run) => run.range.text],
    ['chunk size', (run) => run.chunkSize, (run) => String(run.chunkSize)],
    ['--format', (run) => run.fileFormat, (run) => run.fileFormat],
    ['--on', (run) => run.on, (run) => run.on],
    ['--target', (run) => run.target, (run) => run.target ?? 'none'],
  ];
  const aspect = aspects.find(([, key]) => key(found) !== key(wanted));
  if (!aspect) return undefined;
  const [what, , shown] = aspect;
  return `another ${what}: ${shown(found)} there, ${shown(wanted)} now`;
}

// Reading: each member checked; `where` names it in the error.

function fail(where: string, expected: string): never {
  throw new Error(`manifest.json: ${where} is not ${expected}`);
}

const count = (value: unknown, where: string): number =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fail(where, 'a non-negative integer');

/** Text as the manifest keeps it: one printable line of at most 4,000 characters. */
export const oneLine = (text: string) => printable(text).replace(/\s+/g, ' ').slice(0, 4000);

const text = (value: unknown, where: string, pattern = /^./): string =>
  typeof value === 'string' && oneLine(value) === value && pattern.test(value) ? value : fail(where, 'the expected text');

function tracerOf(value: unknown): TracerIdentity {
  if (isRecord(value) && 'name' in value) return { name: text(value.name, 'tracer.name') };
  if (!isRecord(value)) fail('tracer', 'an object');
  return { file: text(value.file, 'tracer.file'), sha256: text(value.sha256, 'tracer.sha256', /^[0-9a-f]{64}$/) };
}

function chunkOf(value: unknown, planned: PlannedChunk, where: string): ChunkRecord {
  if (!isRecord(value)) fail(where, 'an object');
  if (value.from !== planned.from || value.to !== planned.to || value.file !== planned.file)
    fail(where, `blocks ${planned.from}..${planned.to} in ${planned.file}, as the range and chunk size plan`);
  if (value.state === 'pending') return { ...planned, state: 'pending' };
  if (value.state === 'failed') return { ...planned, state: 'failed', reason: text(value.reason, `${where}.reason`) };
  if (value.state !== 'done') fail(`${where}.state`, 'pending, done or failed');
  return {
    ...planned,
    state: 'done',
    blocks: count(value.blocks, `${where}.blocks`),
    transactions: count(value.transactions, `${where}.transactions`),
    errors: count(value.errors, `${where}.errors`),
    bytes: count(value.bytes, `${where}.bytes`),
    sha256: text(value.sha256, `${where}.sha256`, /^[0-9a-f]{64}$/),
  };
}

/** A list's runs (--blocks): sorted, apart, within the range's ends and reaching both. */
function runsOf(value: unknown, { from, to }: BlockRange): BlockRuns {
  if (!Array.isArray(value)) fail('range.blocks', 'an array');
  let previous = -1;
  const runs = value.map((run: unknown, i): [number, number] => {
    const where = `range.blocks[${i}]`;
    if (!Array.isArray(run) || run.length !== 2) fail(where, 'a pair [first, last]');
    const [first, last] = [count(run[0], where), count(run[1], where)];
    if (first <= previous + 1 || first > last) fail(where, 'a run after the one before it');
    previous = last;
    return [first, last];
  });
  if (runs[0]?.[0] !== from || runs.at(-1)?.[1] !== to) fail('range.blocks', `runs from range.from to range.to`);
  return runs;
}

/** A manifest read from a folder; throws, naming the member, when it is not one this version wrote. */
export function parseManifest(source: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new Error(`manifest.json is not JSON (${(error as Error).message})`);
  }
  if (!isRecord(value)) fail('the file', 'a JSON object');
  if (value.format !== format) fail('format', `"${format}"`);
  const { tool, range, node } = value;
  if (!isRecord(tool) || !isRecord(range) || !isRecord(node)) fail('tool, range or node', 'an object');
  const blocks = { from: count(range.from, 'range.from'), to: count(range.to, 'range.to') };
  const chunkSize = count(value.chunkSize, 'chunkSize');
  if (chunkSize === 0 || blocks.from === 0 || blocks.from > blocks.to) fail('range and chunkSize', 'a range of blocks from 1 in chunks');
  if (value.on !== 'local' && value.on !== 'node') fail('on', 'local or node');
  if (!chunkFormats.includes(value.fileFormat as ChunkFormat)) fail('fileFormat', chunkFormats.join(' or '));
  const fileFormat = value.fileFormat as ChunkFormat;
  if (!Array.isArray(value.chunks)) fail('chunks', 'an array');
  const listed = range.blocks === undefined ? undefined : runsOf(range.blocks, blocks);
  const planned = planChunks({ ...blocks, blocks: listed }, chunkSize, fileFormat);
  if (value.chunks.length !== planned.length) fail('chunks', `the ${planned.length} chunks the range and chunk size plan`);
  return {
    format,
    tool: { name: text(tool.name, 'tool.name'), version: text(tool.version, 'tool.version') },
    range: { text: text(range.text, 'range.text'), ...blocks, ...(listed && { blocks: listed }) },
    chunkSize,
    fileFormat,
    on: value.on,
    node: { url: text(node.url, 'node.url'), chainId: count(node.chainId, 'node.chainId') },
    tracer: tracerOf(value.tracer),
    config: value.config ?? null,
    target: value.target === null || value.target === undefined ? null : text(value.target, 'target'),
    chunks: value.chunks.map((chunk, i) => chunkOf(chunk, planned[i], `chunks[${i}]`)),
  };
}
