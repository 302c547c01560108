// `evm-tracer report RESULT.json --html OUT.html [--compare B.json] [--abi-dir DIR]`: a result as a
// self-contained HTML report (flame chart, bars, state table, compare view).
import { fileLimits, readUserFile, whyUnreadable } from '../../core/user-file';
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { reportAssets } from '../../report/assets';
import { reportData, type ReportSide } from '../../report/data';
import { reportHtml } from '../../report/html';
import { namesFromFolders } from '../../report/workspace-names';
import { defineCommand, UsageError } from '../command-line';

function readResult(file: string): ReportSide {
  let text: string;
  try {
    text = readUserFile(file, fileLimits.large);
  } catch (error) {
    throw new Error(`cannot read ${file}: ${whyUnreadable(error)}`);
  }
  try {
    return { title: basename(file), result: JSON.parse(text) as unknown };
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message})`);
  }
}

/** Builds the report and writes it; ABI problems go to stderr as warnings. */
export async function writeReport(out: string, main: ReportSide, abiDirs: string[], compare?: ReportSide): Promise<void> {
  const { names, problems } = await namesFromFolders(abiDirs);
  for (const problem of problems) process.stderr.write(`evm-tracer: warning: ABI skipped: ${problem}\n`);
  const html = reportHtml(reportData(main, names, compare), reportAssets());
  try {
    writeFileSync(out, html);
  } catch (error) {
    throw new Error(`cannot write ${out}: ${whyUnreadable(error)}`);
  }
}

export const reportCommand = defineCommand({
  name: 'report',
  summary: 'write a tracer result as a self-contained HTML report (charts, compare view)',
  synopsis: ['RESULT.json --html OUT.html [--compare B.json] [--abi-dir DIR]...'],
  description: `Writes a self-contained HTML report of a tracer result (inline script and style, no network): a gas flame
chart and call list for call trees, bar charts for count maps, tables for prestate diffs.`,
  options: {
    html: { type: 'string', value: 'FILE', help: 'where to write the report' },
    compare: {
      type: 'string',
      value: 'FILE',
      help: 'a second result: adds a structural diff and, for call trees, side-by-side flame charts',
    },
    'abi-dir': {
      type: 'string',
      multiple: true,
      value: 'DIR',
      help: `folder to scan for ABIs (Hardhat artifacts/, Foundry out/, *.abi.json); repeatable.
Selectors and events are named from these, then from built-in standard signatures.`,
    },
  },
  async run({ values, positionals }) {
    if (positionals.length !== 1) throw new UsageError(`give exactly one result file (got ${positionals.length})`);
    if (!values.html) throw new UsageError('--html OUT.html is required');
    const main = readResult(positionals[0]);
    const compare = values.compare === undefined ? undefined : readResult(values.compare);
    await writeReport(values.html, main, values['abi-dir'] ?? [], compare);
    process.stderr.write(`evm-tracer: report written to ${values.html}\n`);
    return 0;
  },
});
