// The ECMAScript level a command flattens (and checks) its tracer at: --ecma, else the ecmaVersion of the
// node named with --endpoint, else lint.ecmaVersion of the config file, else ES5.1 (what every node takes).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkEcmaVersion, CONFIG_FILE_NAME, lintEcmaVersion, readConfigFile } from '../core/config-file';
import { chooseEcmaLevel, type EcmaLevel } from '../core/ecma-level';
import { UsageError, type OptionSpec } from './command-line';
import { readNodeEntry } from './config-file-nodes';

export const ecmaOption = {
  type: 'string',
  value: '5|2017',
  help: `the tracer's ECMAScript level; default: the --endpoint node's ecmaVersion, else
lint.ecmaVersion (both in ${CONFIG_FILE_NAME}), else 5 (the providers' ES5.1;
plain geth takes 2017)`,
} as const satisfies OptionSpec;

interface LevelOptionValues {
  ecma?: string;
  endpoint?: string;
  'config-file'?: string;
}

/** The level for this command line. A wrong --ecma throws `UsageError`; config file problems, an Error. */
export function commandEcmaLevel(values: LevelOptionValues): EcmaLevel {
  let flag;
  try {
    flag = values.ecma === undefined ? undefined : checkEcmaVersion(values.ecma, '--ecma');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (flag !== undefined) return { ecmaVersion: flag, source: '--ecma' };
  const file = resolve(values['config-file'] ?? CONFIG_FILE_NAME);
  // The default file is optional; one named with --config-file, or holding the --endpoint node, is not.
  if (values['config-file'] === undefined && values.endpoint === undefined && !existsSync(file)) return chooseEcmaLevel({});
  const node = values.endpoint === undefined ? undefined : readNodeEntry(file, values.endpoint);
  return chooseEcmaLevel({
    node: { ecmaVersion: node?.ecmaVersion, source: `node '${values.endpoint}' in ${CONFIG_FILE_NAME}` },
    configured: { ecmaVersion: lintEcmaVersion(readConfigFile(file), file), source: `lint.ecmaVersion in ${CONFIG_FILE_NAME}` },
  });
}
