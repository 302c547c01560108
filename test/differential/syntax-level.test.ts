// The geth level is goja's, measured: every snippet of the syntax corpus (ES2015 to ES2022 features alone
// and combined, and a few later ones) gets the same verdict from geth's JavaScript engine (goja, compiling
// "(" + tracer + ")" in the geth oracle) and from the checker at the geth level (ecmaVersion 2017); what
// the checker accepts also flattens to code goja compiles.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flattenTracer } from '../../core/tracer/flatten';
import { parseTracer } from '../../core/tracer/parse';
import { Oracle } from '../support/oracle';
import { snippetTracer, syntaxSnippets } from './syntax-corpus';

const oracle = Oracle.start();

test(
  'the geth level agrees with goja on every snippet of the syntax corpus',
  { skip: 'skipped' in oracle ? `SKIPPED: ${oracle.skipped}` : false },
  async () => {
    const goja = oracle as Oracle;
    try {
      const disagreements: string[] = [];
      let accepted = 0;
      for (const snippet of syntaxSnippets) {
        const text = snippetTracer(snippet);
        const verdict = await goja.compile(text);
        const problems = parseTracer(text, { ecmaVersion: 2017 }).syntaxErrors;
        if (verdict.accepted !== (problems.length === 0)) {
          disagreements.push(
            `${snippet.name} (ES${snippet.year}): goja ${verdict.accepted ? 'accepts' : `rejects (${verdict.error})`}, the checker ${problems.length === 0 ? 'accepts' : `rejects (${problems[0].message})`}`,
          );
          continue;
        }
        if (!verdict.accepted) continue;
        accepted++;
        const flat = flattenTracer(text, { ecmaVersion: 2017 });
        assert.ok(flat.ok, `${snippet.name}: flattening failed`);
        const flatVerdict = await goja.compile(flat.code);
        assert.ok(flatVerdict.accepted, `${snippet.name}: goja rejects the flattened tracer (${flatVerdict.error}): ${flat.code}`);
      }
      assert.deepEqual(disagreements, []);
      // The corpus has both kinds, so the test can fail either way.
      assert.ok(accepted > 40 && accepted < syntaxSnippets.length - 10, `${accepted} of ${syntaxSnippets.length} accepted`);
    } finally {
      goja.close();
    }
  },
);
