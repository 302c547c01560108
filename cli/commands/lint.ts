// `evm-tracer lint`: the language server's diagnostics on the command line.
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MAX_ANALYSED_BYTES } from '../../core/analysis-limit';
import { checkEcmaVersion, checkSeverity, CONFIG_FILE_NAME, lintConfig, readConfigFile, type LintConfig } from '../../core/config-file';
import { analyzeTracer } from '../../core/tracer/analyze';
import type { EcmaVersion, SeveritySetting, TracerDiagnostic } from '../../core/tracer/diagnostic';
import { rules } from '../../core/tracer/rules';
import type { Command } from './command';

const usage = `usage: evm-tracer lint [--format text|json] [--ecma 5|2017] [--rule code=severity]... [--config FILE] FILE...

Checks tracer files as the node would take them. Exit status: 1 if any error, 0 otherwise, 2 on usage errors.
Files of any size (the editor analyses files up to ${MAX_ANALYSED_BYTES} bytes, and points larger ones here).
  --format text|json   text: file:line:col severity code message (1-based); json: 0-based LSP ranges
  --ecma 5|2017        ECMAScript level (default 5, the providers' ES5.1; 2017 for plain geth)
  --rule code=severity set a rule to error, warning, information, hint or off (repeatable)
  --config FILE        read "lint": { "ecmaVersion", "rules" } from FILE (default ./${CONFIG_FILE_NAME} if present)

rules:
${rules.map((rule) => `  ${rule.code.padEnd(20)} ${rule.defaultSeverity.padEnd(8)} ${rule.description}`).join('\n')}`;

export class UsageError extends Error {}

/** Our usage errors and node:util parseArgs' (unknown option, missing value). */
export function isUsageError(error: unknown): error is Error {
  return error instanceof UsageError || (error instanceof TypeError && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS'));
}

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
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

function lintOptions(values: { ecma?: string; rule?: string[]; config?: string }): { ecmaVersion: EcmaVersion; severities: Record<string, SeveritySetting> } {
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

export const lintCommand: Command = {
  summary: 'check tracer files (diagnostics as text or JSON)',
  async run(argv) {
    try {
      const { values, positionals } = parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          format: { type: 'string', default: 'text' },
          ecma: { type: 'string' },
          rule: { type: 'string', multiple: true },
          config: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      });
      if (values.help) {
        process.stdout.write(usage + '\n');
        return 0;
      }
      if (values.format !== 'text' && values.format !== 'json') throw new UsageError(`--format must be text or json (got '${values.format}')`);
      if (positionals.length === 0) throw new UsageError('no tracer file given');
      const options = lintOptions(values);
      const results = positionals.map((file) => ({ file, diagnostics: analyzeTracer(readTracerFile(file), options) }));
      if (values.format === 'json') {
        const out = results.map(({ file, diagnostics }) => ({ file, diagnostics: diagnostics.map(({ code, severity, message, range }) => ({ code, severity, message, range })) }));
        process.stdout.write(JSON.stringify(out, null, 2) + '\n');
      } else {
        for (const { file, diagnostics } of results) for (const d of diagnostics) process.stdout.write(formatDiagnostic(file, d) + '\n');
      }
      return results.some(({ diagnostics }) => diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
    } catch (error) {
      if (!isUsageError(error)) throw error;
      process.stderr.write(`evm-tracer lint: ${error.message}\nRun 'evm-tracer lint --help' for usage.\n`);
      return 2;
    }
  },
};
