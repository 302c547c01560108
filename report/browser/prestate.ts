// A {pre, post} prestate diff (geth prestateTracer, diffMode) as one table per account: balance, nonce, code
// and storage slots, before and after, changed rows highlighted. geth's rules: `post` holds only what changed,
// so a field missing there is unchanged; a slot missing there became zero; an account missing there was
// deleted. An account only in `post` is new.
import type { AccountState, PrestateDiff } from '../shapes';
import { counted, el, shortHex } from './dom';

const ABSENT = '—';

export function prestateTables(diff: PrestateDiff): HTMLElement {
  const box = el('div', 'prestate');
  const addresses = [...new Set([...Object.keys(diff.pre), ...Object.keys(diff.post)])];
  for (const address of addresses) box.append(accountTable(address, diff.pre[address], diff.post[address]));
  if (addresses.length === 0) box.append(el('p', 'muted', 'No account changed.'));
  return box;
}

function codeText(code: string | undefined): string {
  if (code === undefined) return ABSENT;
  return code === '0x' ? 'none' : `${counted((code.length - 2) / 2, 'byte')} ${shortHex(code, 6)}`;
}

function accountTable(address: string, pre: AccountState | undefined, post: AccountState | undefined): HTMLElement {
  const table = el('table', 'prestate-table');
  table.dataset.account = address;
  const caption = el('caption', '', address + (pre && !post ? ' (removed)' : !pre && post ? ' (new)' : ''));
  const head = el('tr');
  head.append(el('th', '', 'field'), el('th', '', 'before'), el('th', '', 'after'));
  table.append(caption, head);
  const row = (field: string, before: string, after: string) => {
    const tr = el('tr');
    tr.dataset.field = field;
    if (before !== after) tr.classList.add('changed');
    tr.append(el('td', 'field', field), el('td', 'before', before), el('td', 'after', after));
    table.append(tr);
  };
  const text = (value: unknown) => (value === undefined ? ABSENT : String(value));
  // After: the post value, else (account kept) the pre value, else (account deleted) nothing.
  const after = <T>(before: T | undefined, changed: T | undefined) => (changed !== undefined ? changed : post ? before : undefined);
  row('balance', text(pre?.balance), text(after(pre?.balance, post?.balance)));
  row('nonce', text(pre?.nonce), text(after(pre?.nonce, post?.nonce)));
  const codeBefore = codeText(pre?.code);
  const codeAfter = codeText(after(pre?.code, post?.code));
  row('code', codeBefore, codeAfter === codeBefore ? codeAfter : `${codeAfter} (changed)`);
  const slots = [...new Set([...Object.keys(pre?.storage ?? {}), ...Object.keys(post?.storage ?? {})])].sort();
  const ZERO = `0x${'0'.repeat(64)}`;
  for (const slot of slots) row(`storage ${slot}`, text(pre?.storage?.[slot]), text(post?.storage?.[slot] ?? (post ? ZERO : undefined)));
  return table;
}
