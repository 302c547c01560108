// Every snippet, expanded as VS Code would with each placeholder at its default, lints clean: single
// quotes, ES5, no comments, result and fault present. Each is a whole tracer: hooks are offered by the
// language server's completion, which adds the commas the object needs where they go.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { analyzeTracer } from '../../core/tracer/analyze';
import { TRACER_SKELETON } from '../../core/tracer/skeleton';

interface Snippet {
  prefix: string | string[];
  body: string | string[];
  description: string;
}

const snippets = JSON.parse(readFileSync('snippets/evm-tracer.code-snippets', 'utf8')) as Record<string, Snippet>;

/** The text a snippet inserts when every placeholder keeps its default (mirrors take the same default). */
export function expandSnippet(body: string): string {
  const defaults = new Map<string, string>();
  let text = body;
  // Innermost `${n:default}` first, so nested placeholders resolve from the inside out.
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(/\$\{(\d+):([^${}]*)\}/g, (_match, index: string, value: string) => {
      defaults.set(index, value);
      return value;
    });
  }
  return text.replace(
    /\$\{(\d+)\}|\$(\d+)/g,
    (_match, braced: string | undefined, bare: string | undefined) => defaults.get(braced ?? bare ?? '') ?? '',
  );
}

test('the snippets are whole tracers (tracer and the two seed tracers); hooks are completions, which know where the commas go', () => {
  const prefixes = Object.values(snippets).flatMap((snippet) => [snippet.prefix].flat());
  for (const prefix of ['tracer', 'call-collector', 'storage-tracer']) {
    assert.ok(prefixes.includes(prefix), `no snippet with prefix '${prefix}'`);
  }
  for (const hook of ['step', 'fault', 'result', 'enter', 'exit', 'setup']) {
    assert.ok(!prefixes.includes(hook), `snippet prefix '${hook}' hides the hook completion`);
  }
});

test("the skeleton an empty file is offered is the 'tracer' snippet with its defaults", () => {
  const body = [snippets['Tracer (whole)'].body].flat().join('\n');
  assert.equal(`${expandSnippet(body).replace(/\t/g, '  ')}\n`, TRACER_SKELETON);
});

test('expandSnippet keeps defaults, fills mirrors and drops tab stops', () => {
  assert.equal(expandSnippet('a ${1:x} ${2:this.${1:x}.y} $1 $0'), 'a x this.x.y x ');
});

for (const [name, snippet] of Object.entries(snippets)) {
  test(`snippet "${name}" expands to a tracer that lints clean`, () => {
    const body = [snippet.body].flat().join('\n');
    const tracer = expandSnippet(body);
    const diagnostics = analyzeTracer(tracer, { ecmaVersion: 5 });
    assert.deepEqual(
      diagnostics.map((d) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`),
      [],
      `in:\n${tracer}`,
    );
  });
}
