// Runs the rules over a parsed tracer and turns findings into diagnostics (LSP ranges, configured
// severities), plus the combined edits of "fix all".
import type { ClientTarget } from '../client-targets';
import type { EcmaVersion, SeveritySetting, TextEdit, TracerDiagnostic } from './diagnostic';
import { combineFixes, toTextEdits } from './edits';
import { parseTracer, type ParsedTracer } from './parse';
import { defaultSeverityAt, type Rule, type RuleFinding } from './rule';
import { rules } from './rules';
import { tolerantParse, touchesRepair } from './tolerant-parse';

interface AnalyzeOptions {
  ecmaVersion: EcmaVersion;
  /** Per rule code; rules not named keep their default. */
  severities?: Record<string, SeveritySetting>;
  /** The client whose tracer API to check against; geth's by default. */
  target?: ClientTarget;
}

export function analyzeTracer(text: string, options: AnalyzeOptions): TracerDiagnostic[] {
  return analyzeParsed(parseTracer(text, options), options.severities, options.target);
}

export function analyzeParsed(
  tracer: ParsedTracer,
  severities: Record<string, SeveritySetting> = {},
  target: ClientTarget = 'geth',
): TracerDiagnostic[] {
  const diagnostics: TracerDiagnostic[] = [];
  const severityOf = (rule: Rule) => severities[rule.code] ?? defaultSeverityAt(rule, tracer.ecmaVersion);
  // A syntax error leaves the strict parse without a tree: the tolerant rules read the repaired one (when
  // any is on), and report nothing that touches a repair (a made-up name is no member of anything).
  const wanted = !tracer.expression && rules.some((rule) => rule.readsTolerantParse && severityOf(rule) !== 'off');
  const tolerant = wanted ? tolerantParse(tracer) : undefined;
  for (const rule of rules) {
    const severity = severityOf(rule);
    if (severity === 'off') continue;
    const report = (finding: RuleFinding) => {
      diagnostics.push({
        code: rule.code,
        severity,
        message: finding.message,
        range: tracer.lines.range(finding.start, finding.end),
        fixes: finding.fixes?.map((fix) => ({ title: fix.title, edits: toTextEdits(tracer.lines, fix.edits), preferred: fix.preferred })),
      });
    };
    rule.check(tracer, report, target);
    if (tolerant && rule.readsTolerantParse) {
      rule.check(
        tolerant,
        (finding) => {
          if (!touchesRepair(tolerant, finding)) report(finding);
        },
        target,
      );
    }
  }
  // In reading order; the sort is stable, so rule order breaks ties.
  return diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

/** The preferred fixes of `diagnostics` (only those with `code`, if given) as one set of edits; a fix that
 * would overlap one already taken is left for a later round. */
export function fixAllEdits(tracer: ParsedTracer, diagnostics: TracerDiagnostic[], code?: string): TextEdit[] {
  const fixes = diagnostics
    .filter((diagnostic) => code === undefined || diagnostic.code === code)
    .flatMap((diagnostic) => diagnostic.fixes?.filter((fix) => fix.preferred).slice(0, 1) ?? [])
    .map((fix) => ({
      title: fix.title,
      edits: fix.edits.map((edit) => ({
        start: tracer.lines.offsetAt(edit.range.start),
        end: tracer.lines.offsetAt(edit.range.end),
        newText: edit.newText,
      })),
    }));
  return toTextEdits(tracer.lines, combineFixes(fixes));
}
