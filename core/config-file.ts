// `evm-tracer.config.json`: one JSON object; each part of the tool reads its own section (`lint` here;
// node endpoints live under `nodes`). Errors name the file and what is wrong.
import { fileLimits, readUserFile, whyUnreadable } from './user-file';

import { checkEcmaVersion } from './ecma-level';
import type { EcmaVersion, SeveritySetting } from './tracer/diagnostic';
import { rules } from './tracer/rules';

export { checkEcmaVersion } from './ecma-level';

export const CONFIG_FILE_NAME = 'evm-tracer.config.json';

export interface LintConfig {
  ecmaVersion?: EcmaVersion;
  rules: Record<string, SeveritySetting>;
}

const SEVERITIES: readonly string[] = ['error', 'warning', 'information', 'hint', 'off'];

/** The parsed file as an object; throws with the path and the reason when it cannot be read or parsed. */
export function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readUserFile(path, fileLimits.small);
  } catch (error) {
    throw new Error(`cannot read config file ${path}: ${whyUnreadable(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`config file ${path} must hold a JSON object`);
  return data as Record<string, unknown>;
}

/** Checks a rule code and its severity setting; `where` names their origin in the error. */
export function checkSeverity(code: string, value: unknown, where: string): SeveritySetting {
  if (!rules.some((rule) => rule.code === code)) {
    throw new Error(`${where}: unknown rule '${code}' (rules: ${rules.map((rule) => rule.code).join(', ')})`);
  }
  if (typeof value !== 'string' || !SEVERITIES.includes(value)) {
    throw new Error(`${where}: severity of rule '${code}' must be one of ${SEVERITIES.join(', ')} (got ${JSON.stringify(value)})`);
  }
  return value as SeveritySetting;
}

/** The `lint` section of a config file's data, checked to be an object (`path` is for error messages). */
function lintSection(data: Record<string, unknown>, path: string): { ecmaVersion?: unknown; rules?: unknown } {
  const section = data.lint;
  if (section === undefined) return {};
  if (typeof section !== 'object' || section === null || Array.isArray(section)) throw new Error(`${path}: "lint" must be an object`);
  return section;
}

/** `lint.ecmaVersion`: the project's level where neither the command nor the node sets one. */
export function lintEcmaVersion(data: Record<string, unknown>, path: string): EcmaVersion | undefined {
  const { ecmaVersion } = lintSection(data, path);
  return ecmaVersion === undefined ? undefined : checkEcmaVersion(ecmaVersion, `${path}: lint`);
}

/** The `lint` section of a config file's data (`path` is for error messages). */
export function lintConfig(data: Record<string, unknown>, path: string): LintConfig {
  const { rules = {} } = lintSection(data, path);
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules))
    throw new Error(`${path}: "lint.rules" must be an object of rule code → severity`);
  return {
    ecmaVersion: lintEcmaVersion(data, path),
    rules: Object.fromEntries(Object.entries(rules).map(([code, value]) => [code, checkSeverity(code, value, `${path}: lint.rules`)])),
  };
}
