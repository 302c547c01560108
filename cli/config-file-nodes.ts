// The `nodes` part of evm-tracer.config.json: named endpoints (with their ECMAScript level), secrets by
// environment variable name.
// (The `lint` part of the same file is read elsewhere.)
import { checkEcmaVersion, readConfigFile } from '../core/config-file';
import type { EcmaVersion } from '../core/tracer/diagnostic';

interface NodeEntry {
  url: string;
  xChainUrl?: string;
  auth?: 'none' | 'key' | 'basic';
  username?: string;
  keyEnv?: string;
  passwordEnv?: string;
  network?: string | number;
  /** The level tracers are flattened at for this node (its engine's). */
  ecmaVersion?: EcmaVersion;
}

export { CONFIG_FILE_NAME as configFileName } from '../core/config-file';

const fields = new Set(['url', 'xChainUrl', 'auth', 'username', 'keyEnv', 'passwordEnv', 'network', 'ecmaVersion']);

/** The named entry from the config file, checked; errors name the file and the field. */
export function readNodeEntry(path: string, name: string): NodeEntry {
  const nodes = readConfigFile(path).nodes;
  if (typeof nodes !== 'object' || nodes === null)
    throw new Error(`${path} has no "nodes" object: --endpoint needs {"nodes": {"${name}": {"url": ...}}}`);
  const entry = (nodes as Record<string, unknown>)[name];
  if (typeof entry !== 'object' || entry === null) {
    throw new Error(`${path} has no node named '${name}' (known: ${Object.keys(nodes).join(', ') || 'none'})`);
  }
  const where = `${path}: nodes.${name}`;
  if ('key' in entry || 'password' in entry)
    throw new Error(`${where}: put secrets in environment variables (keyEnv, passwordEnv), not in the file`);
  for (const [key, value] of Object.entries(entry)) {
    if (!fields.has(key)) throw new Error(`${where}.${key}: unknown field (use ${[...fields].join(', ')})`);
    if (key !== 'network' && key !== 'ecmaVersion' && typeof value !== 'string') throw new Error(`${where}.${key}: expected a string`);
  }
  const node = { ...entry } as NodeEntry;
  if ('ecmaVersion' in entry) node.ecmaVersion = checkEcmaVersion(entry.ecmaVersion, where);
  if (!node.url) throw new Error(`${where}.url is missing`);
  if (node.auth !== undefined && !['none', 'key', 'basic'].includes(node.auth))
    throw new Error(`${where}.auth: expected none, key or basic`);
  return node;
}
