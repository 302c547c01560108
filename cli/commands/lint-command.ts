// `evm-tracer lint`: the language server's diagnostics on the command line.
import { fileLimits, readUserFile, whyUnreadable } from '../../core/user-file';
import { existsSync } from 'node:fs';
import { MAX_ANALYSED_BYTES } from '../../core/analysis-limit';
import { checkEcmaVersion, checkSeverity, CONFIG_FILE_NAME, lintConfig, readConfigFile, type LintConfig } from '../../core/config-file';
import { analyzeTracer } from '../../core/tracer/analyze';
import type { EcmaVersion, SeveritySetting, TracerDiagnostic } from '../../core/tracer/diagnostic';
import { rules } from '../../core/tracer/rules';
import { defineCommand, UsageError } from '../command-line';

/** `file:line:col severity code message`, 1-based, like a compiler. */
export function formatDiagnostic(file: string, diagnostic: TracerDiagnostic): string {
  const { line, character } = diagnostic.range.start;
  return `${file}:${line + 1}:${character + 1} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`;
}

/** The --ecma flag's value, or a usage error. */
function ecmaFlag(value: string | undefined): EcmaVersion | undefined {
  if (value === undefined) return undefined;
  try {
    return checkEcmaVersion(value, '--ecma');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function readTracerFile(file: string): string {
  try {
    return readUserFile(file, fileLimits.small);
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${whyUnreadable(error)}`);
  }
}

function lintOptions(values: { ecma?: string; rule?: string[]; config?: string }): {
  ecmaVersion: EcmaVersion;
  severities: Record<string, SeveritySetting>;
} {
  const configPath = values.config ?? (existsSync(CONFIG_FILE_NAME) ? CONFIG_FILE_NAME : undefined);
  let config: LintConfig = { rules: {} };
  try {
    if (configPath) config = lintConfig(readConfigFile(configPath), configPath);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const severities = { ...config.rules };
  for (const setting of values.rule ?? []) {
    const [code, severity] = setting.split('=');
    try {
      severities[code] = checkSeverity(code, severity, '--rule');
    } catch (error) {
      throw new UsageError(severity === undefined ? `--rule takes code=severity (got '${setting}')` : (error as Error).message);
    }
  }
  return { ecmaVersion: ecmaFlag(values.ecma) ?? config.ecmaVersion ?? 5, severities };
}

export const lintCommand = defineCommand({
  name: 'lint',
  summary: 'check tracer files (diagnostics as text or JSON)',
  synopsis: ['[--format text|json] [--ecma 5|2017] [--rule code=severity]... [--config FILE] FILE...'],
  description: `Checks tracer files as the node would take them. Exit status: 1 if any error, 0 otherwise, 2 on usage errors.
Files of any size (the editor analyses files up to ${MAX_ANALYSED_BYTES} bytes, and points larger ones here).`,
  options: {
    format: { type: 'string', value: 'text|json', help: 'text: file:line:col severity code message (1-based); json: 0-based LSP ranges' },
    ecma: { type: 'string', value: '5|2017', help: "ECMAScript level (default 5, the providers' ES5.1; 2017 for plain geth)" },
    rule: {
      type: 'string',
      multiple: true,
      value: 'code=severity',
      help: 'set a rule to error, warning, information, hint or off (repeatable)',
    },
    config: {
      type: 'string',
      value: 'FILE',
      help: `read "lint": { "ecmaVersion", "rules" } from FILE (default ./${CONFIG_FILE_NAME} if present)`,
    },
  },
  notes: {
    title: 'rules',
    text: rules.map((rule) => `  ${rule.code.padEnd(20)} ${rule.defaultSeverity.padEnd(8)} ${rule.description}`).join('\n'),
  },
  async run({ values, positionals }) {
    const format = values.format ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json (got '${format}')`);
    if (positionals.length === 0) throw new UsageError('no tracer file given');
    const options = lintOptions(values);
    const results = positionals.map((file) => ({ file, diagnostics: analyzeTracer(readTracerFile(file), options) }));
    if (format === 'json') {
      const out = results.map(({ file, diagnostics }) => ({
        file,
        diagnostics: diagnostics.map(({ code, severity, message, range }) => ({ code, severity, message, range })),
      }));
      process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    } else {
      for (const { file, diagnostics } of results) for (const d of diagnostics) process.stdout.write(formatDiagnostic(file, d) + '\n');
    }
    return results.some(({ diagnostics }) => diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
  },
});
