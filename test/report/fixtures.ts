// Results for the report tests: a call tree that uses the fixture workspace's Vault ABI and the built-in
// ERC-20 names, a count map past the top-50 cut, a prestate diff, and hostile strings.
import { encodeCall } from '../../core/abi/codec';
import { functionFromSignature, keccakHex } from '../../core/abi/signature';

export const VAULT = '0x' + 'aa'.repeat(20);
export const TOKEN = '0x' + 'bb'.repeat(20);
export const USER = '0x' + 'cc'.repeat(20);
export const HOSTILE = '</script><img src=x onerror="document.title=\'pwned\'"><b>bold</b>';

const hex = (n: number) => `0x${n.toString(16)}`;
const word = (n: number | string) => (typeof n === 'number' ? n.toString(16) : n.replace(/^0x/, '')).padStart(64, '0');

/** Five frames: root deposit(1000) → balanceOf, transfer (→ reverted delegatecall), a reverted call. */
export function callTree(rootGas = 100_000, hostile = false) {
  return {
    type: 'CALL',
    from: USER,
    to: VAULT,
    value: '0x0',
    gas: hex(200_000),
    gasUsed: hex(rootGas),
    input: encodeCall(functionFromSignature('deposit(uint256)'), ['1000']),
    calls: [
      {
        type: 'STATICCALL',
        from: VAULT,
        to: TOKEN,
        gas: hex(50_000),
        gasUsed: hex(20_000),
        input: encodeCall(functionFromSignature('balanceOf(address)'), [USER]),
        output: '0x' + word(5),
      },
      {
        type: 'CALL',
        from: VAULT,
        to: TOKEN,
        value: '0x0',
        gas: hex(60_000),
        gasUsed: hex(30_000),
        input: encodeCall(functionFromSignature('transfer(address,uint256)'), [VAULT, '1000']),
        logs: [
          {
            address: TOKEN,
            topics: [keccakHex('Transfer(address,address,uint256)'), '0x' + word(USER), '0x' + word(VAULT)],
            data: '0x' + word(1000),
          },
        ],
        calls: [
          {
            type: 'DELEGATECALL',
            from: TOKEN,
            to: USER,
            gas: hex(20_000),
            gasUsed: hex(10_000),
            input: '0x12345678',
            error: 'execution reverted',
            revertReason: hostile ? HOSTILE : 'paused',
          },
        ],
      },
      {
        type: 'CALL',
        from: VAULT,
        to: USER,
        value: '0x0',
        gas: hex(30_000),
        gasUsed: hex(15_000),
        input: '0x',
        error: 'execution reverted',
        output: encodeCall(functionFromSignature('Error(string)'), ['Insufficient balance']),
      },
    ],
  };
}

/** 60 keys, values 1..60: 50 bars and "10 others" (sum 55). */
export function counts(hostile = false): Record<string, number> {
  const map: Record<string, number> = {};
  for (let i = 1; i <= 60; i++) map[i === 60 && hostile ? HOSTILE : `OP_${i}`] = i;
  return map;
}

export const SLOT = '0x' + word(1);
export function prestate() {
  return {
    pre: {
      [VAULT]: { balance: '0x10', nonce: 1, code: '0x6000', storage: { [SLOT]: '0x' + word(7) } },
      [TOKEN]: { balance: '0x5', nonce: 3 },
    },
    post: { [VAULT]: { balance: '0x20', storage: { [SLOT]: '0x' + word(8) } } },
  };
}

/** Flat, parity-style form of a three-frame tree (flatCallTracer). */
export function flatCalls() {
  return [
    {
      action: { callType: 'call', from: USER, to: VAULT, gas: '0x10000', input: '0x', value: '0x0' },
      result: { gasUsed: '0x9000', output: '0x' },
      subtraces: 2,
      traceAddress: [],
      type: 'call',
    },
    {
      action: { callType: 'staticcall', from: VAULT, to: TOKEN, gas: '0x8000', input: '0x', value: '0x0' },
      result: { gasUsed: '0x3000', output: '0x' },
      subtraces: 0,
      traceAddress: [0],
      type: 'call',
    },
    {
      action: { from: VAULT, gas: '0x4000', init: '0x6000', value: '0x0' },
      result: { gasUsed: '0x2000', address: TOKEN, code: '0x' },
      subtraces: 0,
      traceAddress: [1],
      type: 'create',
    },
  ];
}

/**
 * Hostile call data of about `size` bytes for multicall(bytes[]) (0xac9650d8, in the built-in table): half
 * of it offsets that all point at one blob, the other half that blob. Decoded naively, every element is
 * the whole blob: the text grows with the square of the size.
 */
export function aliasedMulticall(size: number): string {
  const count = Math.floor((size - 100) / 64);
  const blob = size - 100 - count * 32;
  return '0xac9650d8' + word(32) + word(count) + word(count * 32).repeat(count) + word(blob) + 'ab'.repeat(blob);
}

/** One frame calling `input`, as callTracer writes it. */
export function callWithInput(input: string) {
  return { type: 'CALL', from: USER, to: VAULT, value: '0x0', gas: hex(1_000_000), gasUsed: hex(50_000), input };
}

/** A chain of `depth` frames, each calling the next, as JSON text (JSON.stringify cannot write it). */
export function deepCallTreeJson(depth: number): string {
  const open = JSON.stringify({ type: 'CALL', from: USER, to: VAULT, gas: hex(1_000_000), gasUsed: hex(10_000), input: '0x' }).slice(0, -1);
  return `${open},"calls":[`.repeat(depth - 1) + `${open}}` + ']}'.repeat(depth - 1);
}
