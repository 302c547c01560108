// core/abi: selectors and topics, encode/decode against the Solidity ABI spec's worked example, hostile
// input, ABI loading from artifacts and the workspace scanner.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AbiDecodeError,
  AbiEncodeError,
  AbiTooLargeError,
  decodeCall,
  encodeCall,
  hexToBytes,
  decodeParams,
} from '../../../core/abi/codec';
import { loadAbis } from '../../../core/abi/load';
import { eventFor, nameTable, subset } from '../../../core/abi/names';
import { eventFromSignature, functionFromSignature, selectorOf, signatureOf, topicOf } from '../../../core/abi/signature';
import { paramFromJson, parseTypeText, canonicalType, type AbiType } from '../../../core/abi/types';
import { scanAbiFiles } from '../../../core/abi/workspace-scan';
import { aliasedMulticall } from '../../report/fixtures';

test('selectors and topics of well-known signatures', () => {
  assert.equal(selectorOf(functionFromSignature('transfer(address,uint256)')), '0xa9059cbb');
  assert.equal(selectorOf(functionFromSignature('balanceOf(address)')), '0x70a08231');
  assert.equal(selectorOf(functionFromSignature('Error(string)')), '0x08c379a0');
  assert.equal(
    topicOf(eventFromSignature('Transfer(address indexed,address indexed,uint256)')),
    '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  );
});

test('canonical signature of a JSON ABI entry with tuples and arrays', () => {
  const param = paramFromJson(
    {
      name: 'ops',
      type: 'tuple[]',
      components: [
        { name: 'a', type: 'address' },
        { name: 'b', type: 'uint' },
        { name: 'c', type: 'bytes[2]' },
      ],
    },
    'test',
  );
  assert.equal(canonicalType(param.type), '(address,uint256,bytes[2])[]');
  assert.equal(signatureOf({ kind: 'function', name: 'go', inputs: [param], outputs: [] }), 'go((address,uint256,bytes[2])[])');
  assert.equal(canonicalType(parseTypeText('((uint8,bytes32)[],string)[3]')), '((uint8,bytes32)[],string)[3]');
  assert.throws(() => parseTypeText('uint7'), /multiple of 8/);
  assert.throws(() => parseTypeText('(uint256'), /unbalanced/);
});

test('the built-in table names the standards', () => {
  const names = nameTable();
  assert.equal(names.functions['0xa9059cbb'].name, 'transfer');
  assert.equal(names.functions['0x82ad56cb'].name, 'aggregate3');
  assert.equal(names.functions['0xac9650d8'].name, 'multicall');
  assert.equal(names.functions['0x1fad948c'].name, 'handleOps'); // ERC-4337 v0.6
  assert.equal(names.functions['0x765e827f'].name, 'handleOps'); // ERC-4337 v0.7
  assert.equal(names.functions['0x38ed1739'].name, 'swapExactTokensForTokens');
  assert.equal(names.errors['0x4e487b71'].name, 'Panic');
  const transfer = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
  assert.equal(eventFor(names, transfer, 3)?.inputs[2].indexed, undefined); // EIP-20: amount in data
  assert.equal(eventFor(names, transfer, 4)?.inputs[2].indexed, true); // EIP-721: token id a topic
  assert.deepEqual(Object.keys(subset(names, ['0xa9059cbb', '0x12345678'], []).functions), ['0xa9059cbb']);
});

const SPEC_EXAMPLE =
  '0x8be65246' +
  '0000000000000000000000000000000000000000000000000000000000000123' +
  '0000000000000000000000000000000000000000000000000000000000000080' +
  '3132333435363738393000000000000000000000000000000000000000000000' +
  '00000000000000000000000000000000000000000000000000000000000000e0' +
  '0000000000000000000000000000000000000000000000000000000000000002' +
  '0000000000000000000000000000000000000000000000000000000000000456' +
  '0000000000000000000000000000000000000000000000000000000000000789' +
  '000000000000000000000000000000000000000000000000000000000000000d' +
  '48656c6c6f2c20776f726c642100000000000000000000000000000000000000';

test('encode and decode the ABI spec example f(uint256,uint32[],bytes10,bytes)', () => {
  const f = functionFromSignature('f(uint256,uint32[],bytes10,bytes)');
  const hello = '0x' + Buffer.from('Hello, world!').toString('hex');
  assert.equal(encodeCall(f, ['0x123', '["0x456","0x789"]', '0x31323334353637383930', hello]), SPEC_EXAMPLE);
  assert.deepEqual(
    decodeCall(f, SPEC_EXAMPLE).map((a) => a.value),
    ['291', ['1110', '1929'], '0x31323334353637383930', hello],
  );
});

test('round trip: tuples with dynamic members, nested arrays, negative ints, strings, bools', () => {
  const f = functionFromSignature('g((address,bytes,uint8[])[],int16,string,bool,bytes32[2])');
  const args = [
    JSON.stringify([
      ['0x' + '11'.repeat(20), '0xdeadbeef', ['1', '2']],
      ['0x' + '22'.repeat(20), '0x', []],
    ]),
    '-300',
    'héllo',
    'true',
    JSON.stringify(['0x' + 'aa'.repeat(32), '0x' + 'bb'.repeat(32)]),
  ];
  const data = encodeCall(f, args);
  assert.deepEqual(
    decodeCall(f, data).map((a) => a.value),
    [
      [
        ['0x' + '11'.repeat(20), '0xdeadbeef', ['1', '2']],
        ['0x' + '22'.repeat(20), '0x', []],
      ],
      '-300',
      'héllo',
      true,
      ['0x' + 'aa'.repeat(32), '0x' + 'bb'.repeat(32)],
    ],
  );
});

test('encode errors name the argument and say what is wrong', () => {
  const fn = loadAbis([
    {
      file: 'a.abi.json',
      text: JSON.stringify([
        {
          type: 'function',
          name: 'pay',
          inputs: [
            { name: 'to', type: 'address' },
            { name: 'amount', type: 'uint8' },
            { name: 'ids', type: 'uint256[2]' },
          ],
        },
      ]),
    },
  ]).entries[0].entry;
  assert.equal(fn.kind, 'function');
  if (fn.kind !== 'function') return;
  const fail = (args: string[]) => {
    try {
      encodeCall(fn, args);
    } catch (error) {
      return error as Error;
    }
    assert.fail('expected an error');
  };
  const bad = fail(['0x12', '1', '[1,2]']);
  assert.ok(bad instanceof AbiEncodeError);
  assert.equal(bad.index, 0);
  assert.match(bad.message, /^argument 1 \(to: address\): expected an address/);
  assert.match(
    fail(['0x' + '00'.repeat(20), '256', '[1,2]']).message,
    /^argument 2 \(amount: uint8\): 256 is out of range for uint8 \(0 to 255\)/,
  );
  assert.match(fail(['0x' + '00'.repeat(20), '1', '[1]']).message, /^argument 3 \(ids: uint256\[2\]\): expected 2 elements, got 1/);
  assert.match(fail(['0x' + '00'.repeat(20), '1', '[1,"x"]']).message, /argument 3 .*\[1\]: expected an integer/);
  assert.match(fail(['0x' + '00'.repeat(20)]).message, /expected 3 arguments, got 1/);
});

test('hostile data: offsets and lengths beyond the data are errors, not huge allocations', () => {
  const huge = '0x' + '00'.repeat(31) + '20' + 'ff'.repeat(32);
  assert.throws(() => decodeParams([{ name: '', type: parseTypeText('uint256[]') }], hexToBytes(huge)), AbiDecodeError);
  assert.throws(() => decodeParams([{ name: '', type: parseTypeText('bytes') }], hexToBytes('0x' + 'ff'.repeat(32))), AbiDecodeError);
  assert.throws(() => decodeParams([{ name: '', type: parseTypeText('uint256') }], hexToBytes('0x1234')), /data too short/);
  assert.throws(() => hexToBytes('0xzz'), /not hex/);
});

const word = (n: number | bigint) => BigInt(n).toString(16).padStart(64, '0');
const param = (type: string | AbiType) => [{ name: '', type: typeof type === 'string' ? parseTypeText(type) : type }];
/** Exactly the budget's outcome: AbiTooLargeError, whose message is the text a value shows instead. */
const tooLarge = (error: unknown) => error instanceof AbiTooLargeError && error.message === 'not decoded: too large';

test('decoding budget: 188 KB of offsets all pointing at one blob is "not decoded: too large", not gigabytes of text', () => {
  const multicall = functionFromSignature('multicall(bytes[])');
  assert.throws(() => decodeCall(multicall, aliasedMulticall(188_000)), tooLarge);
  assert.throws(() => decodeCall(multicall, aliasedMulticall(31_000)), tooLarge);
});

test('decoding budget: nested arrays whose offsets all point at one inner array (100^4 elements from 13 KB)', () => {
  /** An array of `count` elements that are all the one encoding `inner` (offsets relative to the elements). */
  const aliased = (count: number, inner: string) => word(count) + word(count * 32).repeat(count) + inner;
  let data = word(100) + word(0).repeat(100);
  for (let level = 0; level < 3; level++) data = aliased(100, data);
  assert.throws(() => decodeParams(param('uint256[][][][]'), hexToBytes('0x' + word(32) + data)), tooLarge);
});

test('decoding budget: lengths that overlap, each element claiming most of the data', () => {
  // bytes[] of n elements at consecutive words of a region of 2n words, each word a length of 32n bytes.
  const n = 3000;
  const data = word(32) + word(n) + Array.from({ length: n }, (_, i) => word(32 * (n + i))).join('') + word(32 * n).repeat(2 * n);
  assert.throws(() => decodeParams(param('bytes[]'), hexToBytes('0x' + data)), tooLarge);
});

test('decoding budget: honest inputs, also large ones, decode exactly as before', () => {
  const blob = '0x' + 'cd'.repeat(90_000);
  assert.deepEqual(
    decodeCall(
      functionFromSignature('multicall(bytes[])'),
      encodeCall(functionFromSignature('multicall(bytes[])'), [JSON.stringify([blob, blob])]),
    ).map((a) => a.value),
    [[blob, blob]],
  );
  // The most text per byte: 78 digits for every 32-byte word.
  const max = ((1n << 256n) - 1n).toString();
  const many = Array.from({ length: 3000 }, () => max);
  assert.deepEqual(
    decodeCall(functionFromSignature('f(uint256[])'), encodeCall(functionFromSignature('f(uint256[])'), [JSON.stringify(many)]))[0].value,
    many,
  );
  const empties = Array.from({ length: 1000 }, () => '0x');
  assert.deepEqual(
    decodeCall(functionFromSignature('f(bytes[])'), encodeCall(functionFromSignature('f(bytes[])'), [JSON.stringify(empties)]))[0].value,
    empties,
  );
  const text = 'é'.repeat(50_000);
  assert.deepEqual(
    decodeCall(functionFromSignature('f(string,bool)'), encodeCall(functionFromSignature('f(string,bool)'), [text, 'true'])).map(
      (a) => a.value,
    ),
    [text, true],
  );
});

test('type depth: 32 levels of arrays and tuples parse and decode, deeper is refused at parse and decode time', () => {
  assert.equal(canonicalType(parseTypeText('uint256' + '[]'.repeat(32))), 'uint256' + '[]'.repeat(32));
  assert.throws(() => parseTypeText('uint256' + '[]'.repeat(33)), /nests arrays and tuples deeper than 32 levels/);
  assert.throws(() => parseTypeText('('.repeat(100_000) + 'uint8' + ')'.repeat(100_000)), /deeper than 32 levels/);
  assert.throws(() => parseTypeText('(' + '(uint8)[]'.repeat(1) + ')' + '[1]'.repeat(31)), /deeper than 32 levels/);
  // ABI JSON 10,000 tuples deep: one problem naming where, not a stack overflow.
  const deep = '{"type":"tuple","components":['.repeat(10_000) + '{"type":"uint8"}' + ']}'.repeat(10_000);
  const loaded = loadAbis([{ file: 'deep.abi.json', text: `[{"type":"function","name":"f","inputs":[${deep}]}]` }]);
  assert.deepEqual(loaded.entries, []);
  assert.match(loaded.problems[0], /^deep\.abi\.json \[0\] f inputs\[0\](\.0){33}: 'tuple' nests arrays and tuples deeper than 32 levels$/);
  // Types built without the parser are bounded when decoded.
  const nest = (levels: number): AbiType =>
    levels === 0 ? { kind: 'uint', bits: 256 } : { kind: 'array', item: nest(levels - 1), length: 1 };
  assert.deepEqual(decodeParams(param(nest(32)), new Uint8Array(32))[0].value, nest32Zero());
  assert.throws(() => decodeParams(param(nest(33)), new Uint8Array(32)), tooLarge);
});

/** `[[…['0']…]]`, 32 arrays deep. */
function nest32Zero(): unknown {
  let value: unknown = '0';
  for (let i = 0; i < 32; i++) value = [value];
  return value;
}

test('loadAbis: Hardhat and Foundry artifacts, bare ABIs; hostile files are reported, not fatal', () => {
  const loaded = loadAbis([
    {
      file: 'artifacts/contracts/Vault.sol/Vault.json',
      text: JSON.stringify({
        contractName: 'Vault',
        abi: [
          { type: 'function', name: 'deposit', inputs: [{ name: 'amount', type: 'uint256' }] },
          { type: 'constructor', inputs: [] },
          { type: 'event', name: 'Moved', inputs: [{ name: 'by', type: 'address', indexed: true }] },
        ],
      }),
    },
    {
      file: 'out/Token.sol/Token.json',
      text: JSON.stringify({ abi: [{ type: 'error', name: 'Nope', inputs: [{ name: 'code', type: 'uint8' }] }], bytecode: {} }),
    },
    { file: 'broken.abi.json', text: '{"abi": [' },
    {
      file: 'weird.abi.json',
      text: JSON.stringify([{ type: 'function', name: 'x', inputs: [{ type: 'uint7' }] }, { type: 'function', inputs: [] }, null]),
    },
    { file: 'artifacts/build-info/x.json', text: '{"input": {}}' },
  ]);
  assert.deepEqual(
    loaded.entries.map((e) => `${e.entry.kind} ${signatureOf(e.entry)}`),
    ['function deposit(uint256)', 'event Moved(address)', 'error Nope(uint8)'],
  );
  assert.equal(loaded.problems.length, 4);
  assert.match(loaded.problems[0], /^broken\.abi\.json: not JSON/);
  assert.match(loaded.problems[1], /weird\.abi\.json \[0\].*'uint7'/);
});

test('scanAbiFiles: artifacts, out and *.abi.json; skips node_modules, hidden folders, links, oversized files', async () => {
  const root = mkdtempSync(join(tmpdir(), 'abi-scan-'));
  const put = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  put('artifacts/contracts/A.sol/A.json', '{"abi": []}');
  put('artifacts/contracts/A.sol/A.dbg.json', '{}');
  put('artifacts/build-info/123.json', '{}');
  put('out/B.sol/B.json', '{"abi": []}');
  put('abis/C.abi.json', '[]');
  put('src/config.json', '{}');
  put('node_modules/lib/artifacts/D.json', '{"abi": []}');
  put('.cache/out/E.json', '{"abi": []}');
  put('out/Big.sol/Big.json', 'x'.repeat(2000));
  symlinkSync(join(root, 'out'), join(root, 'linked'));
  const scan = await scanAbiFiles(root, { maxFileBytes: 1000, maxFiles: 100, maxDepth: 8 });
  assert.deepEqual(scan.files.map((f) => f.file).sort(), ['abis/C.abi.json', 'artifacts/contracts/A.sol/A.json', 'out/B.sol/B.json']);
  assert.equal(scan.skipped.length, 1);
  assert.match(scan.skipped[0], /Big\.json: 2000 bytes, over the 1000-byte cap/);
  const capped = await scanAbiFiles(root, { maxFileBytes: 1000, maxFiles: 2, maxDepth: 8 });
  assert.equal(capped.files.length, 2);
  assert.match(capped.skipped.at(-1) ?? '', /stopped at 2 files/);
});
