// The call list, indented like `cast run`: `[gasUsed] to::call` per frame, a known contract's name beside its
// address; collapsible (children are built when a frame is first opened, so big trees stay cheap), reverted
// frames marked with their reason.
import type { NameTable } from '../../core/abi/names';
import { callText, decodeLog } from '../decode';
import type { CallFrame } from '../shapes';
import { clipText, el, formatNumber, shortHex } from './dom';
import type { FrameDescriber } from './frames';

/** Levels opened at first; deeper frames are built when opened. */
const OPEN_LEVELS = 3;

export function callList(root: CallFrame, describer: FrameDescriber, names: NameTable): HTMLElement {
  const list = el('ul', 'call-list');
  list.append(callItem(root, '0', describer, names, OPEN_LEVELS));
  return list;
}

/** `to::call` (`new to` for a CREATE), a known contract's name beside its address: `0x… (Router)::route()`. */
function callTarget(frame: CallFrame, describer: FrameDescriber): HTMLElement {
  const text = describer.text(frame);
  const create = frame.type.startsWith('CREATE');
  const target = el('span', 'call-target', create ? `new ${shortHex(frame.to, 8) || 'contract'}` : (frame.to ?? '?'));
  const contract = describer.contractName(frame.to);
  if (contract !== undefined) target.append(' ', el('span', 'call-contract', `(${contract})`));
  if (!create) target.append(`::${text.call ?? (frame.input && frame.input !== '0x' ? shortHex(frame.input, 8) : 'fallback()')}`);
  return target;
}

function callLine(frame: CallFrame, describer: FrameDescriber): HTMLElement {
  const info = describer.info(frame);
  const text = describer.text(frame);
  const line = el('span', 'call-line');
  // Spaces as text, so that a copied line reads like the screen.
  line.append(
    el('span', 'call-gas', `[${formatNumber(frame.gasUsed)}]`),
    ' ',
    el('span', 'call-type', frame.type),
    ' ',
    callTarget(frame, describer),
  );
  if (frame.value && !/^0x0*$/.test(frame.value)) line.append(' ', el('span', 'call-value', `value ${frame.value}`));
  if (text.tooLarge && frame.input) line.append(' ', el('span', 'call-input', `input ${shortHex(frame.input, 8)}`));
  if (info.reverted) line.append(' ', el('span', 'call-error', `✗ ${frame.error}${text.revert ? `: ${text.revert}` : ''}`));
  return line;
}

function callItem(frame: CallFrame, path: string, describer: FrameDescriber, names: NameTable, openLevels: number): HTMLLIElement {
  const item = el('li', 'call-item');
  item.dataset.call = path;
  if (frame.error !== undefined) item.classList.add('reverted');
  if (frame.calls.length === 0 && frame.logs.length === 0) {
    item.append(callLine(frame, describer));
    return item;
  }
  const details = el('details');
  const summary = el('summary');
  summary.append(callLine(frame, describer));
  details.append(summary);
  const fill = () => {
    const children = el('ul', 'call-children');
    for (const log of frame.logs) children.append(logItem(log, names));
    frame.calls.forEach((child, i) => children.append(callItem(child, `${path}.${i}`, describer, names, openLevels - 1)));
    details.append(children);
  };
  details.addEventListener('toggle', () => {
    if (details.open && details.children.length === 1) fill();
  });
  if (openLevels > 0) {
    details.open = true;
    fill();
  }
  item.append(details);
  return item;
}

function logItem(log: CallFrame['logs'][number], names: NameTable): HTMLLIElement {
  const decoded = decodeLog(log, names);
  const text = decoded.name
    ? clipText(callText(decoded) ?? decoded.name)
    : `topics ${log.topics.map((t) => shortHex(t)).join(', ')} data ${shortHex(log.data, 16)}`;
  return el('li', 'log-item', `emit ${text}`);
}
