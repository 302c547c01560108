// A range run's folder: a new run, or the same run resumed (its finished chunks kept, the rest to run), or,
// with `overwrite`, a run started afresh over whatever run the folder held. What makes a run the same is its
// identity (manifest.ts); a folder holding another run is refused, naming what differs.
import type { BlockRange, TypedRange } from './block-range';
import { newManifest, otherRun, parseManifest, type Manifest, type RunIdentity } from './manifest';
import { isWrittenChunk, prepareFolder, readManifestText, removeChunkFiles } from './range-folder';

interface RangeRunOptions {
  folder: string;
  /** The run's identity, its range as typed. */
  identity: Omit<RunIdentity, 'range'> & { range: TypedRange };
  /** The blocks a typed range stands for now (asked only for a new run: a resumed one keeps its blocks). */
  resolve(range: TypedRange): Promise<BlockRange>;
  overwrite: boolean;
  tool: Manifest['tool'];
  report(line: string): void;
}

const startAfresh = 'give another --out, or --overwrite to start afresh there';

/** The folder's manifest, undefined when it has none (or, with `overwrite`, none this version reads). */
function foundManifest({ folder, overwrite }: RangeRunOptions): { text?: string; found?: Manifest } {
  const text = readManifestText(folder);
  try {
    return { text, found: text === undefined ? undefined : parseManifest(text) };
  } catch (error) {
    if (overwrite) return { text };
    throw new Error(`--out ${folder}: ${(error as Error).message}: ${startAfresh}`);
  }
}

/** The folder made ready and the run's manifest, with the chunks still to run (run-chunks.ts runs them). */
export async function openRangeRun(options: RangeRunOptions): Promise<Manifest> {
  const { folder, identity, report } = options;
  const { text, found } = foundManifest(options);
  // Resumed, a typed range stands for the blocks it stood for when the run began.
  const sameRange = !options.overwrite && found?.range.text === identity.range.text;
  const range = sameRange ? found!.range : { text: identity.range.text, ...(await options.resolve(identity.range)) };
  const difference = found && otherRun(found, { ...identity, range });
  if (difference !== undefined && !options.overwrite)
    throw new Error(`--out ${folder} holds another range run (${difference}): ${startAfresh}`);
  await prepareFolder(folder, text !== undefined);
  let manifest: Manifest;
  if (found && difference === undefined && !options.overwrite) {
    manifest = { ...found, tool: options.tool };
    let kept = 0;
    for (const [index, chunk] of manifest.chunks.entries()) {
      if (chunk.state !== 'done') continue;
      if (await isWrittenChunk(folder, chunk.file, chunk.bytes)) kept++;
      else {
        manifest.chunks[index] = { from: chunk.from, to: chunk.to, file: chunk.file, state: 'pending' };
        report(`${chunk.file} is missing or not as written: its blocks are traced again`);
      }
    }
    report(`resuming: ${kept} of ${manifest.chunks.length} chunks done before`);
  } else {
    // A run started afresh (--overwrite): the chunk files there go, whatever chunks they were.
    if (text !== undefined) await removeChunkFiles(folder);
    manifest = newManifest({ ...identity, range }, options.tool);
  }
  return manifest;
}
