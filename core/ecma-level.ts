// The ECMAScript level a tracer is checked and flattened at belongs to the node it is sent to: the ES5.1
// providers refuse later syntax, plain geth takes what its engine (goja) compiles: ES2022 but for a few
// features (es-features.ts; ecmaVersion 2017 in settings, a name kept from before it was measured). A level
// given for one command wins, then the node's own, then the configured default; else ES5.1, the level every
// node takes.
import type { EcmaVersion } from './tracer/diagnostic';

export interface EcmaLevel {
  ecmaVersion: EcmaVersion;
  /** Where it came from, for messages: "--ecma", "node 'geth' in evm-tracer.config.json", "the default". */
  source: string;
}

/** A place a level may be set; `ecmaVersion` undefined when it is not set there. */
interface LevelSetting {
  ecmaVersion?: EcmaVersion;
  source: string;
}

export const DEFAULT_LEVEL: EcmaLevel = { ecmaVersion: 5, source: 'the default' };

export function chooseEcmaLevel(settings: { explicit?: LevelSetting; node?: LevelSetting; configured?: LevelSetting }): EcmaLevel {
  for (const setting of [settings.explicit, settings.node, settings.configured]) {
    if (setting?.ecmaVersion !== undefined) return { ecmaVersion: setting.ecmaVersion, source: setting.source };
  }
  return DEFAULT_LEVEL;
}

/** "ES5.1" / "the geth level (goja)", for messages. */
export function levelName(ecmaVersion: EcmaVersion): string {
  return ecmaVersion === 5 ? 'ES5.1' : 'the geth level (goja)';
}

/** The name of the extension's built-in local node: a settings node of that name is ignored. */
export const LOCAL_NODE_NAME = 'Local (in-process EVM)';

export function checkEcmaVersion(value: unknown, where: string): EcmaVersion {
  if (value !== 5 && value !== 2017 && value !== '5' && value !== '2017')
    throw new Error(`${where}: ecmaVersion must be 5 or 2017 (got ${JSON.stringify(value)})`);
  return Number(value) as EcmaVersion;
}

/** A level from settings: undefined when unset, or when invalid (then described in `problems`). */
function settingsLevel(value: unknown, where: string, problems: string[]): EcmaVersion | undefined {
  if (value === undefined || value === null) return undefined;
  try {
    return checkEcmaVersion(value, where);
  } catch (error) {
    problems.push((error as Error).message);
    return undefined;
  }
}

/** A usable node entry, as the extension's node list takes them (it ignores others). */
function isNamedNode(entry: unknown): entry is { name: string; url: string } {
  const node = entry as { name?: unknown; url?: unknown } | null;
  return typeof node === 'object' && node !== null && typeof node.name === 'string' && typeof node.url === 'string';
}

/** The entry of `evmTracer.nodes` named `nodeName`, with its members unchecked; undefined for the built-in
 * local node and for a name no usable entry has. */
export function settingsNode(nodes: unknown, nodeName: string | undefined): Record<string, unknown> | undefined {
  if (nodeName === undefined || nodeName === LOCAL_NODE_NAME || !Array.isArray(nodes)) return undefined;
  return (nodes as unknown[]).find((entry) => isNamedNode(entry) && entry.name === nodeName) as Record<string, unknown> | undefined;
}

/**
 * The level of the node named `nodeName` from the extension's `evmTracer` settings: its `ecmaVersion` in
 * `evmTracer.nodes`, else `evmTracer.ecmaVersion` (also for the built-in local node, and when no such
 * node exists: the extension then uses the local node). Values that are not 5 or 2017 are ignored and
 * described in `problems`.
 */
export function editorNodeLevel(
  settings: { ecmaVersion?: unknown; nodes?: unknown },
  nodeName: string | undefined,
): { level: EcmaLevel; problems: string[] } {
  const problems: string[] = [];
  const configured = settingsLevel(settings.ecmaVersion, 'evmTracer', problems);
  const node = settingsNode(settings.nodes, nodeName);
  const own = settingsLevel(node?.ecmaVersion, `evmTracer.nodes "${nodeName}"`, problems);
  const level = chooseEcmaLevel({
    node: { ecmaVersion: own, source: `node "${nodeName}"` },
    configured: { ecmaVersion: configured, source: 'evmTracer.ecmaVersion' },
  });
  return { level, problems };
}
