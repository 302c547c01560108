// Foreign text as shown: secrets masked in every form a server echoes them in, before the text is shortened, and
// the cut never halves a mask.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rpcErrorText } from '../../core/rpc/errors';
import { maskerOf, shownText } from '../../core/rpc/shown-text';
import { accessKey, basicCredentials, password } from './secrets';

const masker = maskerOf([accessKey, password, basicCredentials]);

test('every form a server echoes: as is, percent-encoded in either case, HTML- and JSON-escaped, Basic', () => {
  const odd = maskerOf(['k"e y&<1/2>']);
  const forms = ['k"e y&<1/2>', 'k%22e%20y%26%3C1%2F2%3E', 'k%22e%20y%26%3c1%2f2%3e', 'k&quot;e y&amp;&lt;1/2&gt;', 'k\\"e y&<1/2>'];
  assert.equal(odd(forms.join(' | ')), '**** | **** | **** | **** | ****');
  assert.equal(masker(`Authorization: Basic ${basicCredentials}; alice:${password}`), 'Authorization: Basic ****; alice:****');
});

test('overlapping or adjoining secrets become one mask: no piece of either is left', () => {
  const overlapping = maskerOf(['abcdef123456', '123456zyxwvu']);
  assert.equal(overlapping('<abcdef123456zyxwvu> <abcdef123456123456zyxwvu>'), '<****> <****>');
});

test('short secrets given as standalone are masked only where they stand alone', () => {
  const short = maskerOf([], ['abc1']);
  assert.equal(short('/v3/abc1/rpc xabc1 abc1x abc1'), '/v3/****/rpc xabc1 abc1x ****');
});

test('shown text is masked first, then collapsed and shortened: a secret at the cut never shows its start', () => {
  for (let at = 180; at <= 205; at++) {
    const body = `${'e'.repeat(at)}${accessKey}\n\n  tail`;
    const shown = shownText(body, masker, 200);
    assert.ok(!shown.includes(accessKey.slice(0, 4)), `at ${at}: ${shown}`);
    // Shortened at 200 characters, or just before the mask where 200 falls inside it.
    const flat = `${'e'.repeat(at)}**** tail`;
    const halved = at < 200 && at + 4 > 200;
    assert.equal(shown, flat.length <= 200 ? flat : `${flat.slice(0, halved ? at : 200)}…`, `at ${at}`);
  }
  assert.equal(shownText(`a \t\n b ${password}`, masker, 100), 'a b ****');
  assert.equal(shownText('   ', masker, 100), '');
});

test('a secret holding whitespace is masked even where collapsing whitespace forms it', () => {
  assert.equal(shownText('pass  word!', maskerOf(['pass word']), 100), '****!');
});

test('the cut never leaves half of a surrogate pair', () => {
  assert.equal(shownText(`${'e'.repeat(9)}😀😀`, masker, 10), `${'e'.repeat(9)}…`);
});

test('control characters and bidirectional overrides from a server are shown as U+FFFD, never passed to a terminal', () => {
  const hostile = 'bad gateway\u001b[2J\u001b]0;pwned\u0007 ok\u202egnp.exe\u0000';
  assert.equal(shownText(hostile, masker, 200), 'bad gateway\ufffd[2J\ufffd]0;pwned\ufffd ok\ufffdgnp.exe\ufffd');
});

test('a JSON-RPC error nested too deeply to stringify is named as such; its message keeps its spacing, not its escapes', () => {
  let deep: unknown = 1;
  for (let i = 0; i < 200_000; i++) deep = [deep];
  const text = rpcErrorText(
    { code: -32000, message: `execution timeout    in server-side tracer function 'step'\u001b[31m`, data: deep },
    masker,
  );
  assert.equal(
    text,
    "execution timeout    in server-side tracer function 'step'\ufffd[31m [code -32000] (data: (a value nested too deeply to show))",
  );
});
